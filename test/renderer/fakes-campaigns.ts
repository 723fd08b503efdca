/**
 * Campaigns for renderer tests: an in-memory set of campaigns and recipients behind the
 * `campaigns.*` calls of the fake bridge (a save listed at once and marked as waiting, recipients
 * added and removed, a send that moves through `sending` to `sent` as the campaign is read again).
 */
import type {
  Campaign,
  CampaignInput,
  CampaignRecipient,
  CampaignRow,
  ContactDetail,
  Group,
} from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { demoUser, fakeId } from './fixtures';

/** A campaign `n` in `state`, changed on day `n` of November 2026. */
export function makeCampaign(n: number, name: string, extra: Partial<Campaign> = {}): Campaign {
  const at = new Date(Date.UTC(2026, 10, n, 8)).toISOString();
  return {
    id: fakeId(21, n),
    version: 2,
    name,
    subject: `About ${name}`,
    content: `Dear customer,\n\n${name}.`,
    contentFormat: 'text',
    channel: 'email',
    audience: 'Customers',
    state: 'draft',
    scheduledAt: null,
    sentAt: null,
    ownerId: demoUser.id,
    recipientCount: 0,
    deliveredCount: 0,
    failedCount: 0,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

/** A dynamic group of six suppliers. */
export const suppliers: Group = {
  id: fakeId(24, 1),
  version: 1,
  name: 'Suppliers',
  kind: 'dynamic',
  parentId: null,
  ownerId: null,
  position: 0,
  description: null,
  colour: null,
  tags: [],
  filter: { companyId: null, type: 'supplier', state: null, country: null, city: null },
  memberCount: 6,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T08:00:00.000Z',
};

/** A recipient of `campaignId`: the contact, not sent to yet. */
export function makeRecipient(campaignId: string, contact: ContactDetail): CampaignRecipient {
  return {
    campaignId,
    contactId: contact.id,
    name: `${contact.firstName} ${contact.lastName}`,
    email: contact.email,
    status: 'pending',
    addedAt: '2026-11-20T08:00:00.000Z',
    delivery: null,
  };
}

/**
 * Answers the `campaigns.*` calls from `campaigns` and `recipients`; a send moves the campaign to
 * `sending`, and each read of it after that delivers one recipient until it is `sent`.
 */
export function installCampaigns(bridge: FakeBridge, campaigns: Campaign[], recipients: CampaignRecipient[]) {
  const fetchedAt = new Date().toISOString();
  const rows: CampaignRow[] = campaigns.map((campaign) => ({ campaign, queued: null, ownerName: 'Dana Demo' }));
  let seq = 0;
  const find = (id: string) => rows.find((r) => r.campaign.id === id);
  bridge.handle('campaigns.list', ({ states }) => ({
    value: { rows: rows.filter((r) => !states?.length || states.includes(r.campaign.state)), nextCursor: null },
    fetchedAt,
  }));
  bridge.handle('campaigns.get', ({ id }) => {
    const row = find(id);
    if (row?.campaign.state === 'sending') {
      const c = row.campaign;
      const deliveredCount = c.deliveredCount + 1;
      const done = deliveredCount + c.failedCount >= c.recipientCount;
      row.campaign = { ...c, deliveredCount, state: done ? 'sent' : 'sending', sentAt: done ? fetchedAt : null };
    }
    return { value: row ?? null, fetchedAt: new Date().toISOString() };
  });
  bridge.handle('campaigns.save', ({ campaign, version }) => {
    const input = campaign as CampaignInput;
    const existing = input.id ? find(input.id) : undefined;
    const base = existing?.campaign ?? makeCampaign(28, input.name, { id: fakeId(22, ++seq), version: 0 });
    const state = input.scheduledAt ? 'scheduled' : 'draft';
    const saved = { ...base, ...input, id: base.id, version: version ?? 0, state } as Campaign;
    const row: CampaignRow = {
      campaign: saved,
      queued: { entryId: fakeId(23, ++seq), kind: existing ? 'update' : 'create', state: 'waiting', message: null },
      ownerName: 'Dana Demo',
    };
    if (existing) rows.splice(rows.indexOf(existing), 1, row);
    else rows.unshift(row);
    bridge.emit('outbox.changed', { waiting: 1, sending: 0, conflict: 0, refused: 0 });
    return row;
  });
  bridge.handle('campaigns.recipients', ({ campaignId }) => ({
    value: { items: recipients.filter((r) => r.campaignId === campaignId), nextCursor: null },
    fetchedAt,
  }));
  bridge.handle('campaigns.removeRecipient', ({ campaignId, contactId }) => {
    recipients.splice(
      recipients.findIndex((r) => r.campaignId === campaignId && r.contactId === contactId),
      1,
    );
    const row = find(campaignId)!;
    row.campaign = { ...row.campaign, recipientCount: row.campaign.recipientCount - 1 };
    return { removed: true as const };
  });
  bridge.handle('comments.list', () => ({ value: [], fetchedAt }));
  bridge.handle('groups.list', () => ({ value: { groups: [suppliers], complete: true }, fetchedAt }));
  bridge.handle('campaigns.addRecipients', ({ campaignId, contactIds }) => {
    const row = find(campaignId)!;
    row.campaign = { ...row.campaign, recipientCount: row.campaign.recipientCount + contactIds.length };
    return { added: contactIds.length, alreadyAdded: 0, leftOut: 0, campaign: row.campaign };
  });
  bridge.handle('campaigns.addGroup', ({ campaignId }) => {
    const row = find(campaignId)!;
    row.campaign = { ...row.campaign, recipientCount: row.campaign.recipientCount + 3 };
    return { added: 3, alreadyAdded: 1, leftOut: 2, campaign: row.campaign };
  });
  bridge.handle('campaigns.send', ({ id }) => {
    const row = find(id)!;
    row.campaign = { ...row.campaign, state: 'sending' };
    return row.campaign;
  });
  return rows;
}
