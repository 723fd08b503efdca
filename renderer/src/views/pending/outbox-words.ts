/**
 * The words of the pending-changes panel: each outbox entry's state as the user reads it, what it
 * means and what to do (the states of `OutboxEntry`, preload/contract/outbox.ts), and what a record
 * of each type is called.
 */
import type { OutboxEntry } from '../../../../preload/contract';
import type { EditedType } from '../../lib/field-labels';

/** The state of an entry in words (shown in its badge, so the state never depends on colour). */
export const entryStateLabel: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  conflict: 'Conflict',
  refused: 'Refused',
};

/** What a record of each type is called ("Open contact"). */
export const recordNoun: Record<EditedType, string> = {
  contact: 'contact',
  company: 'company',
  calendarEvent: 'event',
  document: 'document',
  folder: 'folder',
  notification: 'notification',
  comment: 'note',
};

/** What the entry's state means for the user and what they can do, in one or two sentences. */
export function explainEntry(entry: OutboxEntry, online: boolean): string {
  switch (entry.state) {
    case 'waiting':
      if (!online) return 'Kept on this machine; it is sent when the service can be reached again.';
      return entry.attempts > 0
        ? `Not sent yet (tried ${entry.attempts === 1 ? 'once' : `${entry.attempts} times`}); it is sent again with the next sync.`
        : 'Sent with the next sync, in a moment.';
    case 'sending':
      return 'Being sent to the service now.';
    case 'conflict':
      return entry.conflict?.kind === 'deleted'
        ? `This ${recordNoun[entry.recordType]} was deleted on the service while you changed it. Re-create it or discard your change.`
        : 'Someone changed the same fields on the service. Choose which version to keep.';
    case 'refused':
      return 'The service did not accept this change. Fix the record and send it again, or discard the change.';
  }
}
