/**
 * Adding and removing single recipients of calendar events (the rows of `calendar_recipients`), and
 * finding which recipients are users of the service. The event's `recipientCount` is kept by
 * `CalendarRepo.save`; callers refresh it after a change here.
 */
import type { RecipientInput } from './calendar';
import type { Db } from './schema';

/** Recipient rows of calendar events. */
export class CalendarRecipientRows {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      emails: db.prepare('SELECT lower(email) FROM calendar_recipients WHERE event_id = ?').pluck(),
      insert: db.prepare(
        'INSERT INTO calendar_recipients (event_id, email, name, contact_id, response) VALUES (?, ?, ?, ?, ?)',
      ),
      remove: db.prepare('DELETE FROM calendar_recipients WHERE event_id = ? AND email = ?'),
      count: db.prepare('SELECT COUNT(*) FROM calendar_recipients WHERE event_id = ?').pluck(),
      user: db.prepare('SELECT id FROM users WHERE id = ? OR email = ? ORDER BY id = ? DESC LIMIT 1').pluck(),
    };
  }

  /** The e-mail addresses (lower case) of the event's recipients. */
  emails(eventId: string): Set<string> {
    return new Set(this.stmts.emails.all(eventId) as string[]);
  }

  /** Inserts recipients; throws when one of the e-mails is already a recipient of the event. */
  insert(eventId: string, recipients: RecipientInput[]): void {
    for (const r of recipients) this.stmts.insert.run(eventId, r.email, r.name, r.contactId, r.response);
  }

  /** Removes the recipient with this e-mail (case-insensitive). Returns false when there was none. */
  remove(eventId: string, email: string): boolean {
    return this.stmts.remove.run(eventId, email).changes > 0;
  }

  /** Number of recipients of the event. */
  count(eventId: string): number {
    return this.stmts.count.get(eventId) as number;
  }

  /** The id of the user who is this recipient (by contact id, else by e-mail), or undefined. */
  userOf(recipient: Pick<RecipientInput, 'contactId' | 'email'>): string | undefined {
    return this.stmts.user.get(recipient.contactId, recipient.email, recipient.contactId) as string | undefined;
  }
}
