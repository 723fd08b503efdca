/**
 * The selected contact's page: picture, name, status and sync state in words, the actions (edit,
 * archive or restore, delete, each with its key), what the service refused or changed too, the
 * fields, the card of their company, and their notes.
 */
import type { Company, ContactDetail as Contact } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { companyFields } from '../../components/company-fields';
import { FieldList } from '../../components/field-list';
import { LoadingState } from '../../components/loading-state';
import { NotesTimeline } from '../../components/notes/notes-timeline';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { contactFieldLabels, countryName } from '../../lib/field-labels';
import { formatDateTime, fullName } from '../../lib/format';
import { contactStateLabel, contactTypeLabel } from '../../lib/labels';
import type { QueryState } from '../../lib/use-bridge-query';
import { useUi } from '../../stores/stores-context';
import { RecordHistoryLink } from '../audit/record-history-link';
import { ContactDeals } from '../deals/contact-deals';
import { RecordEmails } from '../emails/record-emails';
import { ContactGroups } from '../groups/contact-groups';
import { RecordSyncNotice } from '../pending/record-sync-notice';
import { ContactAvatar } from './contact-avatar';
import type { ContactActions } from './use-contact-actions';

export interface ContactDetailProps {
  id: string | null;
  /** The view's read of the contact (`contacts.get`). */
  query: QueryState<Contact | null>;
  onEdit(): void;
  actions: ContactActions;
}

/** Renders the page of contact `id`, or a hint when none is selected. */
export function ContactDetail({ id, query, onEdit, actions }: ContactDetailProps) {
  const { data: contact, error, loading, reload } = query;

  if (!id) {
    return (
      <EmptyState title="No contact selected" size="compact">
        Click a contact, or use the arrow keys in the list, to see their details here.
      </EmptyState>
    );
  }
  if (error && !contact) return <ErrorBanner message={`The contact could not be loaded: ${error}`} onRetry={reload} />;
  if (contact === undefined || (loading && !contact)) return <LoadingState label="Loading contact…" />;
  if (contact === null) {
    return (
      <EmptyState title="This contact is not here any more" size="compact">
        It was deleted, here or on the service. Pick another contact from the list.
      </EmptyState>
    );
  }

  const archived = contact.state === 'archived';
  const country = contact.country ? (countryName(contact.country) ?? contact.country) : null;
  return (
    <article className="detail">
      <header className="detail-header">
        <ContactAvatar contact={contact} size="large" />
        <div className="detail-header-stacked">
          <h2>{fullName(contact)}</h2>
          <p className="muted">
            {[contact.jobTitle, contact.companyName].filter(Boolean).join(' at ') || 'No job title or company'}
          </p>
          {archived || contact.syncState !== 'synced' ? (
            <p className="detail-subline">
              {archived ? <span className="pill pill-archived">Archived</span> : null}
              <SyncStateBadge state={contact.syncState} />
            </p>
          ) : null}
        </div>
      </header>
      <div className="detail-actions contact-actions">
        <ActionButton className="button" onClick={onEdit} aria-keyshortcuts="E" refusal={actions.access.edit.reason}>
          Edit
        </ActionButton>
        <ActionButton
          className="button"
          onClick={actions.toggleArchive}
          aria-keyshortcuts="A"
          refusal={actions.access.archive.reason}
        >
          {archived ? 'Restore' : 'Archive'}
        </ActionButton>
        <ActionButton
          className="button"
          onClick={actions.askDelete}
          aria-keyshortcuts="Delete"
          refusal={actions.access.delete.reason}
        >
          Delete…
        </ActionButton>
      </div>
      <RecordSyncNotice recordId={contact.id} syncState={contact.syncState} onFix={onEdit} />
      <FieldList
        fields={[
          { label: contactFieldLabels.email, value: contact.email },
          { label: contactFieldLabels.phone, value: contact.phone },
          { label: contactFieldLabels.jobTitle, value: contact.jobTitle },
          { label: contactFieldLabels.type, value: contactTypeLabel[contact.type] },
          { label: contactFieldLabels.state, value: contactStateLabel[contact.state] },
          { label: contactFieldLabels.city, value: contact.city },
          { label: contactFieldLabels.country, value: country },
          { label: 'Last updated', value: formatDateTime(contact.updatedAt) },
        ]}
      />
      {contact.company ? <CompanyCard company={contact.company} /> : <p className="muted">Not linked to a company.</p>}
      <ContactDeals contactId={contact.id} />
      <RecordEmails key={contact.id} of={{ contactId: contact.id }} />
      <ContactGroups contactId={contact.id} />
      <RecordHistoryLink recordType="contact" recordId={contact.id} recordName={fullName(contact)} />
      <NotesTimeline recordType="contact" recordId={contact.id} />
    </article>
  );
}

/** The contact's company; its name opens the company's page. */
function CompanyCard({ company }: { company: Company }) {
  const openRecord = useUi((state) => state.openRecord);
  return (
    <section className="card" aria-label={`Company: ${company.name}`}>
      <h3 className="card-title">
        <button type="button" className="link-button" onClick={() => openRecord('company', company.id)}>
          {company.name}
        </button>
      </h3>
      <FieldList fields={companyFields(company)} />
    </section>
  );
}
