/** Demo notifications for the demo user: mixed kinds and states, the newest from today. */
import type { Faker } from '@faker-js/faker';
import type { CalendarEvent } from '../db/calendar';
import type { DocumentRecord } from '../db/documents';
import type { Notification } from '../db/notifications';
import type { ServiceStore } from '../db/store';
import type { DemoPeople } from './people';

type Body = Omit<Notification, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'state'>;

/** Creates `count` notifications for the demo user, newest first from `now` backwards over ~30 days. */
export function seedNotifications(
  store: ServiceStore,
  f: Faker,
  now: number,
  people: DemoPeople,
  events: CalendarEvent[],
  count: number,
): void {
  const documents = (store.db.prepare('SELECT data FROM documents LIMIT 200').pluck().all() as string[]).map(
    (j) => JSON.parse(j) as DocumentRecord,
  );
  const colleague = () => {
    const c = f.helpers.arrayElement(people.employees.length > 1 ? people.employees.slice(1) : people.employees);
    return `${c.firstName} ${c.lastName}`;
  };
  /** A maker of a notification about a random document (null when there is none). */
  const aboutDocument =
    (kind: Body['kind'], title: (d: DocumentRecord) => string, body: (d: DocumentRecord) => string) =>
    (): Body | null => {
      const d = documents.length ? f.helpers.arrayElement(documents) : null;
      return d && { kind, title: title(d), body: body(d), resourceType: 'document', resourceId: d.id };
    };
  const makers: Array<() => Body | null> = [
    aboutDocument(
      'documentAwaitingApproval',
      (d) => `${d.title} awaits your approval`,
      (d) => `${colleague()} submitted ${d.name} for approval.`,
    ),
    aboutDocument(
      'documentApproved',
      (d) => `${d.title} was approved`,
      (d) => `${colleague()} approved ${d.name}.`,
    ),
    aboutDocument(
      'documentRejected',
      (d) => `${d.title} was rejected`,
      (d) => `${colleague()} rejected ${d.name}: please revise the prices.`,
    ),
    aboutDocument(
      'comment',
      (d) => `New comment on ${d.title}`,
      () => `${colleague()}: "${f.company.catchPhrase()}?"`,
    ),
    () => ({
      kind: 'campaignSent',
      title: `Campaign "${f.company.buzzPhrase()}" was sent`,
      body: `${f.number.int({ min: 200, max: 5000 })} recipients received the campaign.`,
      resourceType: 'campaign',
      resourceId: f.string.uuid(),
    }),
    () => {
      const e = events.length ? f.helpers.arrayElement(events) : null;
      return (
        e && {
          kind: 'calendarInvitation',
          title: `Invitation: ${e.title}`,
          body: `${colleague()} invited you on ${e.startsAt.slice(0, 10)}.`,
          resourceType: 'calendarEvent',
          resourceId: e.id,
        }
      );
    },
  ];
  let at = now - 5 * 60_000;
  for (let i = 0; i < count; i++) {
    let body: Body | null = null;
    while (!body) body = f.helpers.arrayElement(makers)();
    const state: Notification['state'] =
      i < Math.ceil(count * 0.25) ? 'unread' : f.number.int(4) === 0 ? 'dismissed' : 'read';
    const createdAt = new Date(at).toISOString();
    store.notifications.save(
      people.demoUser.id,
      f.string.uuid(),
      { ...body, title: body.title.slice(0, 200), state },
      { createdAt, updatedAt: createdAt },
    );
    at -= f.number.int({ min: 20, max: 60 * 24 }) * 60_000;
  }
}
