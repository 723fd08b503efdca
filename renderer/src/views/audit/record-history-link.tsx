/** "History": on a contact's or a company's page, opens the audit trail narrowed to that record. */
import { useOpenHistory } from './audit-record-filter';

/** Renders the button for record `recordType` `recordId` (`recordName` for its accessible name). */
export function RecordHistoryLink({
  recordType,
  recordId,
  recordName,
}: {
  recordType: 'contact' | 'company';
  recordId: string;
  recordName: string;
}) {
  const openHistory = useOpenHistory();
  return (
    <p className="record-history">
      <button
        type="button"
        className="link-button"
        aria-label={`History of ${recordName}: who changed it and when`}
        onClick={() => openHistory({ type: recordType, id: recordId })}
      >
        History: who changed it and when
      </button>
    </p>
  );
}
