/**
 * "Latest changes on the service": the company's contacts most recently updated on the service
 * (`users.recentAtCompany`, the Contact group's `Gets all users from company` sorted by
 * `-updatedAt`), so a salesperson sees who at the account changed lately. Fetched when the page
 * opens and kept for offline use; the kept answer says its age when the service cannot be reached
 * or when it is old. A contact this computer has opens its page in the Contacts view.
 */
import type { ServiceContactRow } from '../../../../preload/contract';
import { Avatar } from '../../components/avatar';
import { KeptAgeNote, RefreshButton } from '../../components/kept-age';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatAgo, formatDateTime, fullName } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { useReloadOnReconnect } from '../../lib/use-reload-on-reconnect';
import { useUi } from '../../stores/stores-context';

/** Renders the section for company `companyId`. */
export function CompanyRecentContacts({ companyId }: { companyId: string }) {
  const openRecord = useUi((state) => state.openRecord);
  const now = useNow();
  const { data, error, loading, reload } = useBridgeQuery('users.recentAtCompany', { companyId }, ['contact']);
  useReloadOnReconnect(reload);
  const titleId = `recent-contacts-${companyId}`;

  return (
    <section className="company-section" aria-labelledby={titleId}>
      <div className="company-section-head">
        <h3 id={titleId} className="company-section-title">
          Latest changes on the service
        </h3>
        <RefreshButton
          label="Refresh latest changes"
          loading={loading}
          hasAnswer={data !== undefined}
          reload={reload}
        />
      </div>
      <KeptAgeNote subject="Latest changes" fetchedAt={data?.fetchedAt} className="company-related-age" />
      {error && !data ? (
        // A side section: its failure is said in place, not as an alert over the page.
        <p className="muted">
          The latest changes could not be loaded: {error}{' '}
          <button type="button" className="button button-small" onClick={reload}>
            Try again
          </button>
        </p>
      ) : null}
      {data && data.value.length === 0 ? (
        <p className="muted">
          {data.fetchedAt === null
            ? 'Not fetched yet: the contacts changed lately show once the service can be reached.'
            : 'The service has no contacts of this company.'}
        </p>
      ) : null}
      {data && data.value.length > 0 ? (
        <ul className="company-contacts">
          {data.value.map((contact) => (
            <li key={contact.id}>
              <RecentContact contact={contact} now={now} onOpen={() => openRecord('contact', contact.id)} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One contact with when it changed; a button that opens its page when this computer has it. */
function RecentContact({ contact, now, onOpen }: { contact: ServiceContactRow; now: number; onOpen(): void }) {
  const detail = [
    `updated ${formatAgo(contact.updatedAt, now)}`,
    contact.jobTitle,
    contact.state === 'archived' ? 'Archived' : null,
    contact.cached ? null : 'not on this computer yet (shows after the next sync)',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <button
      type="button"
      className="company-contact"
      disabled={!contact.cached}
      title={formatDateTime(contact.updatedAt)}
      onClick={onOpen}
    >
      <Avatar firstName={contact.firstName} lastName={contact.lastName} size="small" />
      <span className="company-contact-text">
        <span className="company-contact-name">{fullName(contact)}</span>
        <span className="company-contact-detail">{detail}</span>
      </span>
      <SyncStateBadge state={contact.syncState} />
    </button>
  );
}
