/**
 * Demo campaigns in every lasting state: drafts (some still without recipients), scheduled ones in the
 * coming weeks, and sent ones over the past months with a delivery per recipient (a few failed:
 * contacts whose e-mail was removed or who were archived after being added). None is `sending`: that
 * state lasts only while the service's sender works, and a seeded one would be finished by the sender
 * right after start, changing data under the first requests. The demo notifications about sent
 * campaigns are pointed at the demo's own sent campaigns.
 */
import type { Faker } from '@faker-js/faker';
import type { Campaign, CampaignRecipientRow, CampaignRepo, CampaignState } from '../db/campaigns';
import type { Contact } from '../db/contacts';
import type { Notification } from '../db/notifications';
import { recordBody } from '../db/record-body';
import type { ServiceStore } from '../db/store';
import type { DemoPeople } from './people';
import { products } from './vocabulary';

const day = 86_400_000;

/** How many campaigns of each state the demo has. */
export const demoCampaignStates: Array<[CampaignState, number]> = [
  ['draft', 10],
  ['scheduled', 6],
  ['sent', 20],
];

const themes: Array<{ name: string; subject: string; audience: Contact['type'] | null }> = [
  { name: 'Launch: {product}', subject: 'Meet the new {product}', audience: 'customer' },
  { name: '{season} product update', subject: 'What is new this {season}', audience: 'customer' },
  {
    name: 'Service contract renewal {year}',
    subject: 'Your service contract: renew before it lapses',
    audience: 'customer',
  },
  { name: 'Trade fair invitation {year}', subject: 'Visit us at the Industrial Automation Expo', audience: 'prospect' },
  { name: 'Webinar: getting more from {product}', subject: 'Join our free webinar on {product}', audience: 'customer' },
  { name: 'Partner programme {year}', subject: 'New partner margins and training for {year}', audience: 'partner' },
  { name: 'Supplier quality survey', subject: 'Five minutes to help us plan next year', audience: 'supplier' },
  { name: 'Customer satisfaction survey {season}', subject: 'How are we doing?', audience: 'customer' },
  { name: '{season} price list', subject: 'Our {season} price list is here', audience: 'prospect' },
  { name: 'Newsletter {month}', subject: 'BRM news for {month}', audience: null },
];

const audienceLabels: Record<Contact['type'], string> = {
  customer: 'Active customers',
  prospect: 'Prospects from the last trade fairs',
  partner: 'Partners and resellers',
  supplier: 'Suppliers',
  employee: 'Colleagues',
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? k);
}

function season(t: number): string {
  return ['Winter', 'Spring', 'Summer', 'Autumn'][Math.floor(((new Date(t).getUTCMonth() + 1) % 12) / 3)];
}

function content(f: Faker, subject: string, html: boolean): string {
  const paragraphs = [
    `${subject}.`,
    `${f.company.catchPhrase()}. Our team has worked on ${f.company.buzzPhrase()} so that you can plan ahead.`,
    `Reply to this message or call your account manager to learn more. ${f.company.catchPhrase()}.`,
    'Kind regards,\nThe BRM team',
  ];
  return html ? paragraphs.map((p) => `<p>${p.replace('\n', '<br>')}</p>`).join('\n') : paragraphs.join('\n\n');
}

/** Seeds the demo campaigns; returns them as stored. */
export function seedCampaigns(
  store: ServiceStore,
  campaigns: CampaignRepo,
  f: Faker,
  now: number,
  people: DemoPeople,
): Campaign[] {
  const contacts = [...people.contactsByCompany.values()].flat();
  const reachable = contacts.filter((c) => c.email && c.state === 'active');
  const unreachable = contacts.filter((c) => !c.email || c.state === 'archived');
  const owners = people.employees.length > 1 ? people.employees.slice(1) : people.employees;
  const created: Campaign[] = [];
  for (const [state, count] of demoCampaignStates) {
    for (let i = 0; i < count; i++) {
      const theme = f.helpers.arrayElement(themes);
      const sentAt =
        state === 'sent' ? now - f.number.int({ min: 1, max: 300 }) * day - f.number.int(36_000_000) : null;
      const scheduledAt =
        state === 'scheduled' ? Math.floor(now / day + f.number.int({ min: 1, max: 45 })) * day + 8 * 3_600_000 : null;
      const anchor = sentAt ?? now;
      const createdAt = anchor - f.number.int({ min: 2, max: 30 }) * day;
      const values = {
        product: f.helpers.arrayElement(products),
        season: season(anchor),
        year: String(new Date(anchor).getUTCFullYear()),
        month: new Date(anchor).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      };
      const subject = fill(theme.subject, values);
      const html = f.number.int(2) > 0;
      const owner = f.number.int(9) < 7 ? people.demoUser : f.helpers.arrayElement(owners);
      const pool = theme.audience ? reachable.filter((c) => c.type === theme.audience) : reachable;
      const size =
        state === 'draft' && f.number.int(4) === 0
          ? 0
          : f.number.int(state === 'sent' ? { min: 20, max: 200 } : { min: 10, max: 80 });
      const source = pool.length ? pool : reachable;
      const chosen = f.helpers.arrayElements(source, Math.min(size, source.length));
      if (state === 'sent' && unreachable.length && chosen.length)
        chosen.push(...f.helpers.arrayElements(unreachable, f.number.int({ min: 0, max: 4 })));
      const updatedAt = new Date(sentAt ?? now - f.number.int(now - createdAt)).toISOString();
      const id = f.string.uuid();
      const stored = campaigns.save(
        id,
        {
          name: fill(theme.name, values).slice(0, 200),
          subject: subject.slice(0, 300),
          content: content(f, subject, html),
          contentFormat: html ? 'html' : 'text',
          channel: 'email',
          audience: theme.audience ? audienceLabels[theme.audience] : 'Everyone with an e-mail address',
          state,
          scheduledAt: scheduledAt === null ? null : new Date(scheduledAt).toISOString(),
          sentAt: sentAt === null ? null : new Date(sentAt).toISOString(),
          ownerId: owner.id,
          recipientCount: 0,
          deliveredCount: 0,
          failedCount: 0,
        },
        { createdAt: new Date(createdAt).toISOString(), updatedAt },
      );
      const rows: CampaignRecipientRow[] = chosen.map((c) => ({
        contactId: c.id,
        name: `${c.firstName} ${c.lastName}`,
        email: c.email,
      }));
      campaigns.addRecipients(id, rows, new Date(createdAt + day).toISOString());
      if (state === 'sent') {
        for (const c of chosen) {
          const at = new Date((sentAt ?? now) - f.number.int(60_000)).toISOString();
          const reason = !c.email ? 'noEmail' : c.state === 'archived' ? 'contactArchived' : null;
          campaigns.recordDelivery(id, c.id, {
            status: reason ? 'failed' : 'delivered',
            email: reason ? null : c.email,
            failureReason: reason,
            at,
          });
        }
      }
      const counts = campaigns.statusCounts(id);
      created.push(
        campaigns.save(
          id,
          {
            ...recordBody(stored),
            recipientCount: rows.length,
            deliveredCount: counts.delivered,
            failedCount: counts.failed,
          },
          { updatedAt },
        ),
      );
    }
  }
  pointNotificationsAtCampaigns(
    store,
    created.filter((c) => c.state === 'sent'),
  );
  return created;
}

/** Rewrites the demo's `campaignSent` notifications so that each is about one of the sent demo campaigns. */
function pointNotificationsAtCampaigns(store: ServiceStore, sent: Campaign[]): void {
  if (!sent.length) return;
  const rows = store.db
    .prepare("SELECT user_id AS userId, data FROM notifications WHERE json_extract(data, '$.kind') = 'campaignSent'")
    .all() as Array<{ userId: string; data: string }>;
  rows.forEach((row, i) => {
    const n = JSON.parse(row.data) as Notification;
    const c = sent[i % sent.length];
    store.notifications.table.write(
      n.id,
      {
        ...recordBody(n),
        title: `Campaign "${c.name}" was sent`.slice(0, 200),
        body: `${c.deliveredCount} of ${c.recipientCount} recipients received "${c.subject}".`.slice(0, 2000),
        resourceType: 'campaign',
        resourceId: c.id,
      },
      { userId: row.userId },
      { createdAt: n.createdAt, updatedAt: n.updatedAt },
    );
  });
}
