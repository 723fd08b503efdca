/**
 * The contacts of a company, from the cache (`contacts.list` with `companyId`, so offline too),
 * alphabetical, a page at a time; each opens the contact's page in the Contacts view.
 */
import { useRef, useState } from 'react';
import type { ContactRow } from '../../../../preload/contract';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatCount, fullName } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useUi } from '../../stores/stores-context';

/** Contacts shown at first, and added by each "Show more". */
const pageSize = 25;
/** The most one window of `contacts.list` holds (preload/contract/common.ts, `windowInput`). */
const maxShown = 500;

/** Renders the section for company `companyId` (named `companyName` in the words); key it by the company. */
export function CompanyContacts({ companyId, companyName }: { companyId: string; companyName: string }) {
  const openRecord = useUi((state) => state.openRecord);
  const [shown, setShown] = useState(pageSize);
  const answer = useBridgeQuery('contacts.list', { companyId, offset: 0, limit: shown }, ['contact']);
  // While "Show more" loads, the contacts already shown stay on screen.
  const previous = useRef(answer.data);
  if (answer.data) previous.current = answer.data;
  const data = answer.data ?? previous.current;
  const { error, reload } = answer;
  const total = data?.total ?? null;

  return (
    <section className="company-section" aria-labelledby={`contacts-${companyId}`}>
      <h3 id={`contacts-${companyId}`} className="company-section-title">
        Contacts{total !== null ? ` (${formatCount(total)})` : ''}
      </h3>
      {error && !data ? <ErrorBanner message={`The contacts could not be loaded: ${error}`} onRetry={reload} /> : null}
      {data && data.total === 0 ? <p className="muted">No contacts belong to {companyName} yet.</p> : null}
      {data && data.rows.length > 0 ? (
        <ul className="company-contacts">
          {data.rows.map((contact) => (
            <li key={contact.id}>
              <ContactLink contact={contact} onOpen={() => openRecord('contact', contact.id)} />
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.total > data.rows.length ? (
        data.rows.length < maxShown ? (
          <button
            type="button"
            className="button button-small company-show-more"
            onClick={() => setShown(Math.min(maxShown, shown + pageSize))}
          >
            Show {formatCount(Math.min(pageSize, data.total - data.rows.length, maxShown - data.rows.length))} more of{' '}
            {formatCount(data.total)}
          </button>
        ) : (
          <p className="muted">
            Showing the first {formatCount(maxShown)} of {formatCount(data.total)}. Search the Contacts view by the
            company's name to find the others.
          </p>
        )
      ) : null}
    </section>
  );
}

/** One contact: a button with their name and job title that opens their page. */
function ContactLink({ contact, onOpen }: { contact: ContactRow; onOpen(): void }) {
  return (
    <button type="button" className="company-contact" onClick={onOpen}>
      <Avatar firstName={contact.firstName} lastName={contact.lastName} size="small" />
      <span className="company-contact-text">
        <span className="company-contact-name">{fullName(contact)}</span>
        <span className="company-contact-detail">
          {[contact.jobTitle, contact.email].filter(Boolean).join(' · ') || 'No job title or e-mail'}
          {contact.state === 'archived' ? ' · Archived' : ''}
        </span>
      </span>
      <SyncStateBadge state={contact.syncState} />
    </button>
  );
}
