/** Calendar events and their recipients. */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's CalendarEvent. */
export type CalendarEvent = components['schemas']['CalendarEvent'];
/** The contract's CalendarRecipient. */
export type CalendarRecipient = components['schemas']['CalendarRecipient'];
/** A recipient as given to a save (the event id is implied). */
export type RecipientInput = Omit<CalendarRecipient, 'eventId'>;

/** Calendar repository. */
export class CalendarRepo {
  readonly table: RecordTable<CalendarEvent>;
  private readonly db: Db;
  private readonly deleteRecipients;
  private readonly insertRecipient;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<CalendarEvent>(db, feed, ajv, {
      table: 'calendar_events',
      type: 'calendarEvent',
      schema: 'CalendarEvent',
      columnNames: ['starts_at', 'ends_at', 'updated_at'],
      columns: (r) => ({ starts_at: r.startsAt, ends_at: r.endsAt, updated_at: r.updatedAt }),
    });
    this.deleteRecipients = db.prepare('DELETE FROM calendar_recipients WHERE event_id = ?');
    this.insertRecipient = db.prepare(
      'INSERT INTO calendar_recipients (event_id, email, name, contact_id, response) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /** The event, or undefined. */
  get(id: string): CalendarEvent | undefined {
    return this.table.get(id);
  }

  /**
   * Creates or replaces an event and, when given, its recipients (`recipientCount` follows them).
   * Throws when `endsAt` is before `startsAt` or the record does not match the contract.
   */
  save(
    id: string,
    body: Omit<RecordBody<CalendarEvent>, 'recipientCount'> & { recipientCount?: number },
    recipients?: RecipientInput[],
    times?: { createdAt?: string; updatedAt?: string },
  ): CalendarEvent {
    if (Date.parse(body.endsAt) < Date.parse(body.startsAt))
      throw new Error('A calendar event cannot end before it starts.');
    const recipientCount = recipients?.length ?? body.recipientCount ?? this.get(id)?.recipientCount ?? 0;
    const event = this.table.write(id, { ...body, recipientCount }, undefined, times);
    if (recipients) {
      this.deleteRecipients.run(id);
      for (const r of recipients) this.insertRecipient.run(id, r.email, r.name, r.contactId, r.response);
    }
    return event;
  }

  /** Deletes an event and its recipients (tombstone in the feed). Returns false when there was none. */
  delete(id: string): boolean {
    return this.table.remove(id, undefined);
  }

  /** Events overlapping [from, to) (ISO 8601), earliest start first. */
  list(query: { from: string; to: string; cursor?: string; limit: number }): JsonPage {
    return keysetPage(this.db, {
      list: 'calendarEvents',
      table: 'calendar_events',
      where: ['starts_at < ?', '(ends_at > ? OR (ends_at = starts_at AND starts_at >= ?))'],
      params: [query.to, query.from, query.from],
      sort: { name: 'startsAt', columns: ['starts_at', 'id'], desc: false },
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /** A page of an event's recipients, by name. */
  recipients(eventId: string, query: { cursor?: string; limit: number }): JsonPage {
    const page = keysetPage(this.db, {
      list: 'recipients',
      table: `(SELECT json_object('eventId', event_id, 'contactId', contact_id, 'name', name, 'email', email, 'response', response) AS data, name, email, event_id FROM calendar_recipients)`,
      where: ['event_id = ?'],
      params: [eventId],
      sort: { name: 'name', columns: ['name', 'email'], desc: false },
      cursor: query.cursor,
      limit: query.limit,
    });
    return page;
  }

  /** Number of events. */
  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM calendar_events').pluck().get() as number;
  }
}
