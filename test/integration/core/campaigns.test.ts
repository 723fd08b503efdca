/**
 * Campaigns (`campaigns.*`) against the reference service: the list and one campaign read online and
 * kept with their age offline; a draft written offline listed at once and sent once when the service
 * is back, then found under the service's id; recipients added from contacts and from a dynamic
 * group, paged and removed (and refused in words offline, or from a static group); scheduling
 * through the outbox; sending and its progress until the campaign is sent; a refused move said in
 * words with the state the campaign is in; a delete queued offline and sent once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BridgeError, type Campaign, type CampaignInput, type Group } from '../../../preload/contract';
import { type RestartableService, startRestartableService } from '../../helpers/restartable-service';

const draftInput = (name: string): CampaignInput => ({
  name,
  subject: `${name}: what is new`,
  content: 'Dear customer, here is what changed.',
  contentFormat: 'text',
  channel: 'email',
  audience: 'Suppliers',
  scheduledAt: null,
});

describe('campaigns', () => {
  let rig: RestartableService;

  beforeAll(async () => {
    rig = await startRestartableService();
  });
  afterAll(() => rig.close());

  /** The service's campaigns whose name starts with `q`. */
  async function serviceCampaigns(q: string): Promise<Campaign[]> {
    const answer = await rig.colleague.call('getCampaigns', { body: { q, limit: 500 } });
    return (answer.body as { items: Campaign[] }).items;
  }
  /** The message of the BridgeError `promise` rejects with. */
  async function refusal(promise: Promise<unknown>): Promise<BridgeError> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BridgeError);
    return err as BridgeError;
  }
  /** Active contacts with an e-mail address from the cache. */
  async function mailableContacts(count: number): Promise<string[]> {
    const found = await rig.core.handlers['contacts.list']({ state: 'active', offset: 0, limit: 200 });
    return found.rows
      .filter((c) => c.email)
      .slice(0, count)
      .map((c) => c.id);
  }

  it('lists campaigns and reads one online, filtered by state, and gives both with their age offline', async () => {
    const first = await rig.core.handlers['campaigns.list']({ cursor: null });
    expect(first.fetchedAt).toEqual(expect.any(String));
    const campaigns = first.value.rows.map((r) => r.campaign);
    expect(campaigns.length).toBeGreaterThan(10);
    const updated = campaigns.map((c) => c.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    const sent = await rig.core.handlers['campaigns.list']({ states: ['sent'], cursor: null });
    expect(sent.value.rows.length).toBeGreaterThan(0);
    expect(sent.value.rows.every((r) => r.campaign.state === 'sent')).toBe(true);
    const one = await rig.core.handlers['campaigns.get']({ id: campaigns[0].id });
    expect(one.value?.campaign).toEqual(campaigns[0]);
    const recipients = await rig.core.handlers['campaigns.recipients']({
      campaignId: sent.value.rows[0].campaign.id,
      cursor: null,
    });
    expect(recipients.value.items.length).toBeGreaterThan(0);

    await rig.goOffline();
    expect(await rig.core.handlers['campaigns.list']({ cursor: null })).toEqual(first);
    expect(await rig.core.handlers['campaigns.get']({ id: campaigns[0].id })).toEqual(one);
    expect(
      await rig.core.handlers['campaigns.recipients']({ campaignId: sent.value.rows[0].campaign.id, cursor: null }),
    ).toEqual(recipients);
    // Sending needs the service: said in words, nothing sent.
    const offline = await refusal(rig.core.handlers['campaigns.send']({ id: campaigns[0].id }));
    expect(offline.message).toMatch(
      /^Sending the campaign needs the BRM service, which cannot be reached now; nothing was changed/,
    );
    await rig.goOnline();
  });

  it('sends a draft written offline once, lists it at once, and finds it under the service id afterwards', async () => {
    await rig.goOffline();
    const row = await rig.core.handlers['campaigns.save']({ campaign: draftInput('Offline launch'), version: null });
    expect(row.campaign.version).toBe(0);
    expect(row.queued).toMatchObject({ kind: 'create', state: 'waiting' });
    const listed = await rig.core.handlers['campaigns.list']({ cursor: null });
    expect(listed.value.rows[0].campaign).toMatchObject({
      id: row.campaign.id,
      name: 'Offline launch',
      state: 'draft',
    });
    // Adding recipients to a campaign the service does not have yet is refused in words.
    const early = await refusal(
      rig.core.handlers['campaigns.addRecipients']({
        campaignId: row.campaign.id,
        contactIds: await mailableContacts(1),
      }),
    );
    expect(early.message).toMatch(/has not reached the service yet/);
    // Edited again before it was sent: still one create.
    await rig.core.handlers['campaigns.save']({
      campaign: { ...draftInput('Offline launch'), id: row.campaign.id, content: 'Edited offline.' },
      version: 0,
    });
    expect(
      (await rig.core.handlers['outbox.list']({})).filter((e) => e.summary.includes('Offline launch')),
    ).toHaveLength(1);

    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    await rig.push();
    const onService = await serviceCampaigns('Offline launch');
    expect(onService).toHaveLength(1);
    expect(onService[0]).toMatchObject({ state: 'draft', content: 'Edited offline.', version: 1 });
    const again = await rig.core.handlers['campaigns.get']({ id: row.campaign.id });
    expect(again.value?.campaign.id).toBe(onService[0].id);
  });

  it('adds recipients from contacts and a dynamic group, pages them, removes one, and schedules the campaign', async () => {
    await rig.core.handlers['campaigns.save']({ campaign: draftInput('Recipients test'), version: null });
    expect(await rig.push()).toEqual([]);
    const [campaign] = await serviceCampaigns('Recipients test');
    const contactIds = await mailableContacts(3);
    const added = await rig.core.handlers['campaigns.addRecipients']({ campaignId: campaign.id, contactIds });
    expect(added).toMatchObject({ added: 3, alreadyAdded: 0, leftOut: 0 });
    expect(added.campaign.recipientCount).toBe(3);

    const groups = (await rig.colleague.allPages<Group>('getGroups', { query: { limit: 500 } })) as Group[];
    const suppliers = groups.find((g) => g.name === 'Suppliers')!;
    const fromGroup = await rig.core.handlers['campaigns.addGroup']({ campaignId: campaign.id, groupId: suppliers.id });
    expect(fromGroup.added + fromGroup.alreadyAdded + fromGroup.leftOut).toBe(suppliers.memberCount);
    expect(fromGroup.campaign.recipientCount).toBe(3 + fromGroup.added);
    const staticGroup = groups.find((g) => g.kind === 'static')!;
    const refused = await refusal(
      rig.core.handlers['campaigns.addGroup']({ campaignId: campaign.id, groupId: staticGroup.id }),
    );
    expect(refused.message).toMatch(/static group: the service does not list its members/);

    const page = await rig.core.handlers['campaigns.recipients']({ campaignId: campaign.id, cursor: null });
    expect(page.value.items.length).toBe(Math.min(50, fromGroup.campaign.recipientCount));
    const names = page.value.items.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(page.value.items.every((r) => r.status === 'pending' && r.delivery === null)).toBe(true);
    await rig.core.handlers['campaigns.removeRecipient']({ campaignId: campaign.id, contactId: contactIds[0] });
    const after = await rig.core.handlers['campaigns.recipients']({ campaignId: campaign.id, cursor: null });
    expect(after.value.items.some((r) => r.contactId === contactIds[0])).toBe(false);
    expect((await rig.core.handlers['campaigns.get']({ id: campaign.id })).value?.campaign.recipientCount).toBe(
      fromGroup.campaign.recipientCount - 1,
    );

    // Scheduling is a save through the outbox; the campaign shows scheduled at once and on the service once sent.
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const current = (await rig.core.handlers['campaigns.get']({ id: campaign.id })).value!.campaign;
    const { id, name, subject, content, contentFormat, channel, audience } = current;
    const scheduled = await rig.core.handlers['campaigns.save']({
      campaign: { id, name, subject, content, contentFormat, channel, audience, scheduledAt: at },
      version: current.version,
    });
    expect(scheduled.campaign.state).toBe('scheduled');
    expect(await rig.push()).toEqual([]);
    const [onService] = await serviceCampaigns('Recipients test');
    expect(onService.state).toBe('scheduled');
    expect(Date.parse(onService.scheduledAt!)).toBe(Date.parse(at));
  });

  it('sends a campaign, follows its counters until it is sent, and says a refused move in words', async () => {
    await rig.core.handlers['campaigns.save']({ campaign: draftInput('Send test'), version: null });
    expect(await rig.push()).toEqual([]);
    const [campaign] = await serviceCampaigns('Send test');
    await rig.core.handlers['campaigns.addRecipients']({
      campaignId: campaign.id,
      contactIds: await mailableContacts(5),
    });
    const started = await rig.core.handlers['campaigns.send']({ id: campaign.id });
    expect(started.state).toBe('sending');
    let final: Campaign | undefined;
    await vi.waitFor(
      async () => {
        final = (await rig.core.handlers['campaigns.get']({ id: campaign.id })).value?.campaign;
        expect(final?.state).toBe('sent');
      },
      { timeout: 20_000, interval: 300 },
    );
    expect(final!.deliveredCount + final!.failedCount).toBe(5);
    expect(final!.sentAt).toEqual(expect.any(String));
    const delivered = await rig.core.handlers['campaigns.recipients']({
      campaignId: campaign.id,
      status: 'delivered',
      cursor: null,
    });
    expect(delivered.value.items).toHaveLength(final!.deliveredCount);
    expect(delivered.value.items.every((r) => r.delivery?.status === 'delivered')).toBe(true);

    const again = await refusal(rig.core.handlers['campaigns.send']({ id: campaign.id }));
    expect(again.code).toBe('conflict');
    expect(again.message).toMatch(/the campaign is sent on the service now\. It was sent and cannot be changed/);
    const add = await refusal(
      rig.core.handlers['campaigns.addRecipients']({ campaignId: campaign.id, contactIds: await mailableContacts(1) }),
    );
    expect(add.message).toMatch(/is sent on the service now/);
    // An edit of a sent campaign is queued and refused by the service in its words, kept in the outbox.
    await rig.core.handlers['campaigns.save']({
      campaign: { ...draftInput('Send test'), id: campaign.id },
      version: final!.version,
    });
    const left = await rig.push();
    expect(left).toHaveLength(1);
    expect(left[0].state).toBe('refused');
    expect(left[0].message).toMatch(/sent/);
    await rig.core.handlers['outbox.discard']({ id: left[0].id });
  });

  it('keeps a note on a campaign read here, sent once', async () => {
    await rig.core.handlers['campaigns.save']({ campaign: draftInput('Note test'), version: null });
    expect(await rig.push()).toEqual([]);
    const [campaign] = await serviceCampaigns('Note test');
    await rig.core.handlers['campaigns.get']({ id: campaign.id });
    await rig.core.handlers['comments.add']({
      recordType: 'campaign',
      recordId: campaign.id,
      text: 'Check the subject line.',
      attachments: [],
    });
    expect(await rig.push()).toEqual([]);
    const notes = await rig.core.handlers['comments.list']({ recordType: 'campaign', recordId: campaign.id });
    expect(notes.value.map((note) => note.text)).toEqual(['Check the subject line.']);
  });

  it('queues a delete offline and sends it once', async () => {
    await rig.core.handlers['campaigns.save']({ campaign: draftInput('Delete test'), version: null });
    expect(await rig.push()).toEqual([]);
    const [campaign] = await serviceCampaigns('Delete test');
    await rig.core.handlers['campaigns.get']({ id: campaign.id });
    await rig.goOffline();
    await rig.core.handlers['campaigns.delete']({ id: campaign.id, version: campaign.version });
    const shown = await rig.core.handlers['campaigns.get']({ id: campaign.id });
    expect(shown.value?.queued).toMatchObject({ kind: 'delete', state: 'waiting' });
    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    expect(await serviceCampaigns('Delete test')).toEqual([]);
  });
});
