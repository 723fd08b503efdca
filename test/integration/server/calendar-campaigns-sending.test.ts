/** Sending campaigns (deliveries, the owner's notification, every move from sending and sent) and deleting them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { CampaignSender } from '../../../server/operations/campaign-sender';
import type { Contact } from '../../../server/db/contacts';
import {
  type Campaign,
  campaignCalls,
  campaignDraft as draft,
  expectState,
  inOneWeek,
  startCampaignService,
} from '../../helpers/calendar-campaigns';
import { type Page, type TestService, unknownId as unknown } from '../../helpers/server-client';

type CampaignRecipient = components['schemas']['CampaignRecipient'];
type Notification = components['schemas']['Notification'];

let t: TestService;
let reachable: Contact[];
const { save, find, createWithRecipients, untilSent } = campaignCalls(() => ({ t, reachable }));

beforeAll(async () => {
  ({ t, reachable } = await startCampaignService());
});
afterAll(() => t.stop());

describe('Send Campaign', () => {
  it('moves to sending, records a delivery per recipient, ends sent and notifies the owner', async () => {
    const campaign = await createWithRecipients(40, 'Autumn newsletter');
    const gone = reachable[39];
    t.service.store.saveContact({ ...gone, email: null });
    const res = await t.client.call('sendCampaign', {
      body: { id: campaign.id },
      headers: { 'Idempotency-Key': 'send-autumn-1' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ state: 'sending' });
    const sent = await untilSent(campaign.id);
    const replay = await t.client.call('sendCampaign', {
      body: { id: campaign.id },
      headers: { 'Idempotency-Key': 'send-autumn-1' },
    });
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(sent).toMatchObject({ recipientCount: 40, deliveredCount: 39, failedCount: 1 });
    expect(sent.sentAt).not.toBeNull();
    const failed = (
      await t.client.call('getCampaignRecipients', { query: { campaignId: campaign.id, status: 'failed' } })
    ).body as Page<CampaignRecipient>;
    expect(failed.items).toEqual([
      expect.objectContaining({
        contactId: gone.id,
        status: 'failed',
        delivery: { status: 'failed', email: null, failureReason: 'noEmail', at: expect.any(String) },
      }),
    ]);
    const delivered = (
      await t.client.call('getCampaignRecipients', {
        query: { campaignId: campaign.id, status: 'delivered', limit: 500 },
      })
    ).body as Page<CampaignRecipient>;
    expect(delivered.items).toHaveLength(39);
    expect(delivered.items.every((r) => r.delivery?.email === r.email && r.email !== null)).toBe(true);
    const notes = (await t.client.call('getNotifications', { query: { limit: 500 } })).body as Page<Notification>;
    expect(notes.items.filter((n) => n.kind === 'campaignSent' && n.resourceId === campaign.id)).toEqual([
      expect.objectContaining({ title: 'Campaign "Autumn newsletter" was sent', state: 'unread' }),
    ]);
  });

  it('sends a scheduled campaign when its time comes', async () => {
    const campaign = await createWithRecipients(3);
    await save({ ...draft, id: campaign.id, scheduledAt: inOneWeek() });
    t.service.store.db
      .prepare("UPDATE campaigns SET scheduled_at = '2020-01-01T00:00:00.000Z' WHERE id = ?")
      .run(campaign.id);
    t.service.campaignSender.kick();
    expect(await untilSent(campaign.id)).toMatchObject({ deliveredCount: 3 });
  });

  it('refuses a campaign without recipients (422) and an unknown one (404)', async () => {
    const empty = (await save(draft)).body as Campaign;
    expect((await t.client.call('sendCampaign', { body: { id: empty.id } })).status).toBe(422);
    expect((await find(empty.id)).state).toBe('draft');
    expect((await t.client.call('sendCampaign', { body: { id: unknown } })).status).toBe(404);
  });

  it('refuses every other move while sending and once sent, naming the current state', async () => {
    const sender = t.service.campaignSender;
    const campaign = await createWithRecipients(2);
    sender.hold();
    try {
      await t.client.call('sendCampaign', { body: { id: campaign.id } });
      expect((await find(campaign.id)).state).toBe('sending');
      await expectState(await t.client.call('sendCampaign', { body: { id: campaign.id } }), 'sending');
      await expectState(await save({ ...draft, id: campaign.id }), 'sending');
      await expectState(await save({ ...draft, id: campaign.id, scheduledAt: inOneWeek() }), 'sending');
      await expectState(await t.client.call('deleteCampaign', { query: { id: campaign.id } }), 'sending');
      await expectState(
        await t.client.call('addCampaignRecipient', {
          body: { campaignId: campaign.id, contactIds: [reachable[9].id] },
        }),
        'sending',
      );
      await expectState(
        await t.client.call('removeCampaignRecipient', {
          query: { campaignId: campaign.id, contactId: reachable[0].id },
        }),
        'sending',
      );
    } finally {
      sender.release();
    }
    await untilSent(campaign.id);
    await expectState(await t.client.call('sendCampaign', { body: { id: campaign.id } }), 'sent');
    await expectState(await save({ ...draft, id: campaign.id }), 'sent');
    await expectState(await save({ ...draft, id: campaign.id, scheduledAt: inOneWeek() }), 'sent');
    await expectState(
      await t.client.call('addCampaignRecipient', { body: { campaignId: campaign.id, contactIds: [reachable[9].id] } }),
      'sent',
    );
    await expectState(
      await t.client.call('removeCampaignRecipient', {
        query: { campaignId: campaign.id, contactId: reachable[0].id },
      }),
      'sent',
    );
  });
});

describe('sender restarts', () => {
  it('finishes a campaign left sending when a new sender starts (as after a restart)', async () => {
    const held = t.service.campaignSender;
    const campaign = await createWithRecipients(5);
    held.hold();
    try {
      await t.client.call('sendCampaign', { body: { id: campaign.id } });
      expect((await find(campaign.id)).state).toBe('sending');
      const restarted = new CampaignSender(t.service.store, t.service.repos.campaigns);
      restarted.start();
      expect(await untilSent(campaign.id)).toMatchObject({ deliveredCount: 5, failedCount: 0 });
      restarted.stop();
    } finally {
      held.release();
    }
  });
});

describe('Delete Campaign', () => {
  it('deletes drafts, scheduled and sent campaigns with their recipients; 404 when unknown', async () => {
    const drafted = await createWithRecipients(1);
    const scheduled = await createWithRecipients(1);
    await save({ ...draft, id: scheduled.id, scheduledAt: inOneWeek() });
    const sent = await createWithRecipients(1);
    await t.client.call('sendCampaign', { body: { id: sent.id } });
    await untilSent(sent.id);
    for (const c of [drafted, scheduled, sent]) {
      expect((await t.client.call('deleteCampaign', { query: { id: c.id } })).status).toBe(204);
      expect(await find(c.id)).toBeUndefined();
    }
    const rows = t.service.store.db
      .prepare('SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id IN (?, ?, ?)')
      .pluck()
      .get(drafted.id, scheduled.id, sent.id);
    expect(rows).toBe(0);
    expect((await t.client.call('deleteCampaign', { query: { id: unknown } })).status).toBe(404);
  });
});
