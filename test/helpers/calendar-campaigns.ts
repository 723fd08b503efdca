/** Test helpers for calendar entries and campaigns against a running test service. */
import { expect } from 'vitest';
import type { components } from '../../api/generated/schema';
import type { Contact } from '../../server/db/contacts';
import { type Page, type Problem, smallDemo, startTestService, type TestService } from './server-client';

/** The contract's Campaign. */
export type Campaign = components['schemas']['Campaign'];

/** A valid body of `Save Calendar` (a 90-minute meeting, given in UTC+1). */
export const calendarMeeting = {
  title: 'Pricing call with Acme',
  description: 'Bring the new price list.',
  location: 'Video call',
  startsAt: '2030-03-04T14:00:00+01:00',
  endsAt: '2030-03-04T15:30:00+01:00',
  allDay: false,
  status: 'confirmed' as const,
};

/** A valid draft campaign body. */
export const campaignDraft = {
  name: 'Spring launch',
  subject: 'Meet the CN-60 CNC Lathe',
  content: 'Dear customer,\n\nthe CN-60 is here.',
  contentFormat: 'text' as const,
  channel: 'email' as const,
  audience: 'Active customers',
  scheduledAt: null,
};

/** A time seven days from now (ISO 8601 UTC). */
export function inOneWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString();
}

/** The stored contacts matching an SQL condition on the `contacts` table (ORDER BY may follow). */
export function contactsWhere(t: TestService, sql: string): Contact[] {
  return (t.service.store.db.prepare(`SELECT data FROM contacts WHERE ${sql}`).pluck().all() as string[]).map(
    (j) => JSON.parse(j) as Contact,
  );
}

/** An SQL condition for `contactsWhere`: customers with an e-mail address. */
export const customersWithEmail =
  "json_extract(data, '$.email') IS NOT NULL AND json_extract(data, '$.type') = 'customer'";

/** Active contacts with an e-mail address, by id. */
function reachableContacts(t: TestService): Contact[] {
  return contactsWhere(
    t,
    "json_extract(data, '$.email') IS NOT NULL AND json_extract(data, '$.state') = 'active' ORDER BY id",
  );
}

/** Asserts a 409 problem naming `currentState`. */
export function expectState(res: { status: number; body: unknown }, currentState: string): void {
  expect(res.status).toBe(409);
  expect((res.body as Problem).currentState).toBe(currentState);
}

/** A running small-demo service and its reachable contacts as read at start. */
export interface CampaignService {
  t: TestService;
  reachable: Contact[];
}

/** Starts a small-demo service for campaign tests and reads its reachable contacts. */
export async function startCampaignService(): Promise<CampaignService> {
  const t = await startTestService({ demo: smallDemo });
  return { t, reachable: reachableContacts(t) };
}

/**
 * Campaign calls of the signed-in demo user; `current` is read at call time (so the calls can be made
 * before `beforeAll` has started the service).
 */
export function campaignCalls(current: () => CampaignService) {
  const service = () => current().t;
  const save = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    service().client.call('saveCampaign', { body, headers });
  const find = async (id: string): Promise<Campaign> => {
    const res = await service().client.call('getCampaigns', { body: { ids: [id] } });
    return (res.body as Page<Campaign>).items[0];
  };
  return {
    save,
    find,
    /** Creates a draft with the first `count` reachable contacts as recipients. */
    async createWithRecipients(count: number, name = campaignDraft.name): Promise<Campaign> {
      const created = (await save({ ...campaignDraft, name })).body as Campaign;
      if (!count) return created;
      const res = await service().client.call('addCampaignRecipient', {
        body: {
          campaignId: created.id,
          contactIds: current()
            .reachable.slice(0, count)
            .map((c) => c.id),
        },
      });
      return (res.body as { campaign: Campaign }).campaign;
    },
    /** Polls until the campaign is `sent` (at most ~5 s). */
    async untilSent(id: string): Promise<Campaign> {
      for (let i = 0; i < 250; i++) {
        const campaign = await find(id);
        if (campaign.state === 'sent') return campaign;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`Campaign ${id} was not sent in time.`);
    },
  };
}
