/** `EntryMessages`: the service's words about a refused outbox entry, and its messages per field, named by the fields' labels. */
import type { OutboxEntry } from '../../../../preload/contract';
import { fieldLabel } from '../../lib/field-labels';
import './pending.css';

/** Renders the messages of `entry` (nothing when it has none). */
export function EntryMessages({ entry }: { entry: OutboxEntry }) {
  const said = entry.state === 'refused' ? entry.message : null;
  if (!said && entry.fieldErrors.length === 0) return null;
  return (
    <div className="pending-entry-messages">
      {said ? (
        <p>
          <span className="pending-entry-said">The service said:</span> {said}
        </p>
      ) : null}
      {entry.fieldErrors.length > 0 ? (
        <ul className="pending-entry-fields" aria-label="Fields to fix">
          {entry.fieldErrors.map((error) => (
            <li key={`${error.pointer}-${error.message}`}>
              <strong>{fieldLabel(entry.recordType, error.pointer)}</strong>: {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
