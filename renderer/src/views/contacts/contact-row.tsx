/** A contact's row in the list: initials, full name with its status and sync state in words, job title and company. */
import type { ContactRow } from '../../../../preload/contract';
import { Avatar } from '../../components/avatar';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { fullName } from '../../lib/format';

/** Renders the row of `contact` (a module-level function: the list keeps rows memoized by it). */
export function renderContactRow(contact: ContactRow) {
  return (
    <div className={`list-row${contact.state === 'archived' ? ' contact-row-archived' : ''}`}>
      <Avatar firstName={contact.firstName} lastName={contact.lastName} size="small" />
      <div className="list-row-text">
        <span className="list-row-primary">{fullName(contact)}</span>
        <span className="list-row-secondary">
          {[contact.jobTitle, contact.companyName].filter(Boolean).join(' · ') || 'No job title or company'}
        </span>
      </div>
      <span className="contact-row-badges">
        {contact.state === 'archived' ? <span className="pill pill-archived">Archived</span> : null}
        <SyncStateBadge state={contact.syncState} />
      </span>
    </div>
  );
}
