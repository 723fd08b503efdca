/**
 * The recipients of the selected event with their responses, and how to change them: "Invite
 * people" opens the picker; "Remove" takes a recipient off at once (queued like every edit) with an
 * "Undo" that invites them again. Offline, the list is the last one fetched, with its age. Both
 * follow the access rules of `addRecipients` and `removeCalendarRecipient` on the event
 * (lib/use-access.ts).
 */
import { useState } from 'react';
import type { CalendarEventDetail, CalendarRecipient } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ErrorBanner } from '../../components/error-banner';
import { errorMessage } from '../../lib/errors';
import { formatAgo, formatDateTime, pluralize } from '../../lib/format';
import { responseLabel } from '../../lib/labels';
import { useAccess } from '../../lib/use-access';
import { useNow } from '../../lib/use-now';
import { useOnline } from '../../lib/use-online';
import { useBridge, useUi } from '../../stores/stores-context';
import './event-detail.css';

/** The event whose recipients are shown, and how to open the picker. */
export interface EventRecipientsProps {
  event: CalendarEventDetail;
  /** Opens the recipient picker. */
  onInvite(): void;
}

/** Renders the recipients section of the event detail. */
export function EventRecipients({ event, onInvite }: EventRecipientsProps) {
  const bridge = useBridge();
  const online = useOnline();
  const now = useNow();
  const pushToast = useUi((state) => state.pushToast);
  const [error, setError] = useState<string | null>(null);
  const inviting = useAccess('addRecipients', event);
  const removing = useAccess('removeCalendarRecipient', event);
  const count = Math.max(event.recipients.length, event.recipientCount);
  // Never fetched (e.g. offline since the event arrived) while the synced count says there are some.
  const unfetched = event.recipientsAsOf === null && event.recipientCount > event.recipients.length;

  async function remove(recipient: CalendarRecipient & { contactId: string }) {
    const { contactId } = recipient;
    try {
      await bridge.call('calendar.removeRecipient', { id: event.id, contactId });
      setError(null);
      pushToast({
        title: `${recipient.name} removed`,
        body: `No longer invited to “${event.title}”. Undo invites them again.`,
        action: {
          label: 'Undo',
          run: () =>
            void bridge
              .call('calendar.addRecipients', { id: event.id, contactIds: [contactId] })
              .catch((reason: unknown) =>
                pushToast({ title: `${recipient.name} was not invited again`, body: errorMessage(reason) }),
              ),
        },
      });
    } catch (reason) {
      setError(`${recipient.name} was not removed: ${errorMessage(reason)}`);
    }
  }

  return (
    <section className="recipients" aria-label="Recipients">
      <div className="recipients-header">
        <h3>Recipients ({count})</h3>
        <ActionButton
          className="button button-small"
          onClick={onInvite}
          title="Invite people (I)"
          aria-keyshortcuts="I"
          refusal={inviting.reason}
        >
          Invite people
        </ActionButton>
      </div>
      {unfetched ? (
        <p className="note">
          The recipient list has not been fetched yet{online ? '' : ' and you are offline'}. It appears once BRM Desktop
          can reach the server.
        </p>
      ) : event.recipientsAsOf !== null && !online ? (
        <p className="note">
          As of {formatDateTime(event.recipientsAsOf)} ({formatAgo(event.recipientsAsOf, now)}): saved data, because the
          server cannot be reached right now. Invitations and removals made now are sent later.
        </p>
      ) : null}
      {error ? <ErrorBanner message={error} /> : null}
      {event.recipients.length > 0 ? (
        <ul className="recipient-list">
          {event.recipients.map((recipient) => (
            <li key={`${recipient.email}-${recipient.contactId ?? ''}`} className="recipient">
              <div className="recipient-text">
                <span className="recipient-name">{recipient.name}</span>
                <span className="muted">{recipient.email}</span>
              </div>
              <div className="recipient-state">
                {recipient.pending ? (
                  <span
                    className="sync-badge sync-badge-pending"
                    title="Invited here; waiting to be sent to the service."
                  >
                    Pending
                  </span>
                ) : null}
                <span className={`pill pill-${recipient.response}`}>{responseLabel[recipient.response]}</span>
                {recipient.contactId ? (
                  <ActionButton
                    className="button button-small button-quiet"
                    aria-label={`Remove ${recipient.name}`}
                    refusal={removing.reason}
                    onClick={() => void remove({ ...recipient, contactId: recipient.contactId as string })}
                  >
                    Remove
                  </ActionButton>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : !unfetched ? (
        <p className="muted">{pluralize(0, 'recipient')}: only the organizer attends.</p>
      ) : null}
    </section>
  );
}
