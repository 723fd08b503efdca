/** Campaigns: saving, searching and recipients; the state moves of saves and recipient changes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';

import type { Contact } from '../../../server/db/contacts';
import {
  type Campaign,
  campaignCalls,
  campaignDraft as draft,
  contactsWhere,
  expectState,
  inOneWeek,
  startCampaignService,
} from '../../helpers/calendar-campaigns';
import { type Page, type Problem, type TestService, unknownId as unknown } from '../../helpers/server-client';

type CampaignRecipient = components['schemas']['CampaignRecipient'];

let t: TestService;
let reachable: Contact[];
const { save, find, createWithRecipients } = campaignCalls(() => ({ t, reachable }));

beforeAll(async () => {
  ({ t, reachable } = await startCampaignService());
});
afterAll(() => t.stop());

describe('Get Campaigns', () => {
  it('pages through the demo campaigns once each, in every state, newest change first', async () => {
    const items = await t.client.allPages<Campaign>('getCampaigns', { body: { limit: 7 } });
    expect(new Set(items.map((c) => c.id)).size).toBe(items.length);
    expect(items.length).toBeGreaterThanOrEqual(30);
    const updated = items.map((c) => c.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    const states = new Set(items.map((c) => c.state));
    for (const s of ['draft', 'scheduled', 'sent']) expect(states).toContain(s);
    for (const c of items.filter((x) => x.state === 'sent'))
      expect(c.deliveredCount + c.failedCount).toBe(c.recipientCount);
  });

  it('filters by state and words, sorts by name, and refuses a foreign cursor', async () => {
    const sent = (await t.client.call('getCampaigns', { body: { states: ['sent'], sort: 'name', limit: 500 } }))
      .body as Page<Campaign>;
    expect(sent.items.every((c) => c.state === 'sent')).toBe(true);
    const names = sent.items.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const word = sent.items[0].name.split(' ')[0].slice(0, 4);
    const found = (await t.client.call('getCampaigns', { body: { q: word, limit: 500 } })).body as Page<Campaign>;
    expect(found.items.length).toBeGreaterThan(0);
    for (const c of found.items) expect(`${c.name} ${c.subject}`.toLowerCase()).toContain(word.toLowerCase());
    const bad = await t.client.call('getCampaigns', { body: { cursor: 'bm90LWEtY3Vyc29y' } });
    expect(bad.status).toBe(400);
    expect((bad.body as Problem).errors?.[0].pointer).toBe('/body/cursor');
    expect((await t.client.call('getCampaigns', { body: { states: ['paused'] } })).status).toBe(400);
  });
});

describe('Save Campaign', () => {
  it('creates a draft owned by the caller and updates it with If-Match (412 when stale, 404 when unknown)', async () => {
    const res = await save(draft, { 'Idempotency-Key': 'campaign-create-1' });
    expect(res.status).toBe(201);
    const created = res.body as Campaign;
    expect(created).toMatchObject({ ...draft, state: 'draft', ownerId: t.service.store.demoUserId, recipientCount: 0 });
    const updated = await save({ ...draft, id: created.id, subject: 'New subject' }, { 'If-Match': '"1"' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ subject: 'New subject', version: 2 });
    expect(await find(created.id)).toEqual(updated.body);
    const stale = await save({ ...draft, id: created.id }, { 'If-Match': '"1"' });
    expect(stale.status).toBe(412);
    expect((await save({ ...draft, id: unknown })).status).toBe(404);
    expect((await save({ ...draft, name: '' })).status).toBe(400);
  });

  it('schedules only with recipients and a time in the coming year', async () => {
    const empty = (await save(draft)).body as Campaign;
    expect((await save({ ...draft, id: empty.id, scheduledAt: inOneWeek() })).status).toBe(422);
    const ready = await createWithRecipients(2);
    const past = await save({ ...draft, id: ready.id, scheduledAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect((past.body as Problem).errors?.[0].pointer).toBe('/body/scheduledAt');
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    expect((await save({ ...draft, id: ready.id, scheduledAt: far })).status).toBe(400);
    const at = inOneWeek();
    const scheduled = await save({ ...draft, id: ready.id, scheduledAt: at });
    expect(scheduled.body).toMatchObject({ state: 'scheduled', scheduledAt: new Date(at).toISOString() });
  });

  it('refuses edits of a scheduled campaign but unschedules an unchanged one back to draft', async () => {
    const ready = await createWithRecipients(2);
    await save({ ...draft, id: ready.id, scheduledAt: inOneWeek() });
    await expectState(await save({ ...draft, id: ready.id, subject: 'Changed', scheduledAt: null }), 'scheduled');
    await expectState(await save({ ...draft, id: ready.id, scheduledAt: inOneWeek() }), 'scheduled');
    const back = await save({ ...draft, id: ready.id });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ state: 'draft', scheduledAt: null });
  });
});

describe('campaign recipients', () => {
  it('adds contacts, skips ones already added, and pages them by name with no delivery yet', async () => {
    const campaign = (await save(draft)).body as Campaign;
    const ids = reachable.slice(0, 5).map((c) => c.id);
    const first = await t.client.call('addCampaignRecipient', {
      body: { campaignId: campaign.id, contactIds: ids.slice(0, 3) },
    });
    expect(first.body).toMatchObject({ added: 3, alreadyAdded: 0, campaign: { recipientCount: 3 } });
    const second = await t.client.call('addCampaignRecipient', { body: { campaignId: campaign.id, contactIds: ids } });
    expect(second.body).toMatchObject({ added: 2, alreadyAdded: 3, campaign: { recipientCount: 5 } });
    const page = (await t.client.call('getCampaignRecipients', { query: { campaignId: campaign.id, limit: 2 } }))
      .body as Page<CampaignRecipient>;
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({ campaignId: campaign.id, status: 'pending', delivery: null });
    const rest = (
      await t.client.call('getCampaignRecipients', {
        query: { campaignId: campaign.id, cursor: page.nextCursor as string },
      })
    ).body as Page<CampaignRecipient>;
    expect([...page.items, ...rest.items].map((r) => r.contactId).sort()).toEqual([...ids].sort());
  });

  it('refuses contacts without e-mail or archived (400 pointers), unknown contacts and campaigns (404)', async () => {
    const campaign = (await save(draft)).body as Campaign;
    const [noEmail] = contactsWhere(t, "json_extract(data, '$.email') IS NULL");
    const [archived] = contactsWhere(
      t,
      "json_extract(data, '$.email') IS NOT NULL AND json_extract(data, '$.state') = 'archived'",
    );
    const res = await t.client.call('addCampaignRecipient', {
      body: { campaignId: campaign.id, contactIds: [reachable[0].id, noEmail.id, archived.id] },
    });
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors?.map((e) => e.pointer)).toEqual(['/body/contactIds/1', '/body/contactIds/2']);
    expect((await find(campaign.id)).recipientCount).toBe(0);
    expect(
      (await t.client.call('addCampaignRecipient', { body: { campaignId: campaign.id, contactIds: [unknown] } }))
        .status,
    ).toBe(404);
    expect(
      (await t.client.call('addCampaignRecipient', { body: { campaignId: unknown, contactIds: [reachable[0].id] } }))
        .status,
    ).toBe(404);
    expect(
      (await t.client.call('addCampaignRecipient', { body: { campaignId: campaign.id, contactIds: [] } })).status,
    ).toBe(400);
    expect((await t.client.call('getCampaignRecipients', { query: { campaignId: unknown } })).status).toBe(404);
  });

  it('removes a recipient (404 when not one), but not the last one of a scheduled campaign', async () => {
    const campaign = await createWithRecipients(2);
    const [a, b] = reachable;
    const res = await t.client.call('removeCampaignRecipient', { query: { campaignId: campaign.id, contactId: a.id } });
    expect(res.status).toBe(204);
    expect((await find(campaign.id)).recipientCount).toBe(1);
    expect(
      (await t.client.call('removeCampaignRecipient', { query: { campaignId: campaign.id, contactId: a.id } })).status,
    ).toBe(404);
    expect(
      (await t.client.call('removeCampaignRecipient', { query: { campaignId: unknown, contactId: a.id } })).status,
    ).toBe(404);
    await save({ ...draft, id: campaign.id, scheduledAt: inOneWeek() });
    const last = await t.client.call('removeCampaignRecipient', {
      query: { campaignId: campaign.id, contactId: b.id },
    });
    expect(last.status).toBe(409);
  });
});
