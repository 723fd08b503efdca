/** "History": on a contact's or a company's page, opens the audit trail narrowed to that record. */
import { useOpenHistory } from './audit-record-filter';

/**
 * Renders the button for record `recordType` `recordId`; its accessible name is its visible words
 * followed by `recordName` (WCAG 2.5.3, label in name).
 */
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
        onClick={() => openHistory({ type: recordType, id: recordId })}
      >
        History: who changed it and when<span className="visually-hidden"> ({recordName})</span>
      </button>
    </p>
  );
}
