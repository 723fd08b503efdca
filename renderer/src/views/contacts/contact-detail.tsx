/** The selected contact's details and the card of their company. */
import type { Company } from '../../../../preload/contract';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { LoadingState } from '../../components/loading-state';
import { formatDateTime, fullName } from '../../lib/format';
import { contactStateLabel, contactTypeLabel } from '../../lib/labels';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useUi } from '../../stores/stores-context';

/** Renders the details of contact `id` (re-read when contacts or companies change), or a hint when none is selected. */
export function ContactDetail({ id }: { id: string | null }) {
  const {
    data: contact,
    error,
    loading,
    reload,
  } = useBridgeQuery('contacts.get', id ? { id } : null, ['contact', 'company']);

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
      <EmptyState title="This contact no longer exists" size="compact">
        It was deleted on the server. Pick another contact from the list.
      </EmptyState>
    );
  }

  return (
    <article className="detail">
      <header className="detail-header">
        <Avatar firstName={contact.firstName} lastName={contact.lastName} size="large" />
        <div>
          <h2>{fullName(contact)}</h2>
          <p className="muted">
            {[contact.jobTitle, contact.companyName].filter(Boolean).join(' at ') || 'No job title or company'}
          </p>
        </div>
      </header>
      <FieldList
        fields={[
          { label: 'E-mail', value: contact.email },
          { label: 'Phone', value: contact.phone },
          { label: 'Job title', value: contact.jobTitle },
          { label: 'Type', value: contactTypeLabel[contact.type] },
          { label: 'Status', value: contactStateLabel[contact.state] },
          { label: 'City', value: contact.city },
          { label: 'Country', value: contact.country },
          { label: 'Last updated', value: formatDateTime(contact.updatedAt) },
        ]}
      />
      {contact.company ? <CompanyCard company={contact.company} /> : <p className="muted">Not linked to a company.</p>}
    </article>
  );
}

/** The contact's company; its name opens the company's page. */
function CompanyCard({ company }: { company: Company }) {
  const openRecord = useUi((state) => state.openRecord);
  const cityLine = [company.postalCode, company.city].filter(Boolean).join(' ');
  const address = [company.street, cityLine, company.country].filter(Boolean);
  return (
    <section className="card" aria-label={`Company: ${company.name}`}>
      <h3 className="card-title">
        <button type="button" className="link-button" onClick={() => openRecord('company', company.id)}>
          {company.name}
        </button>
      </h3>
      <FieldList
        fields={[
          { label: 'Industry', value: company.industry },
          { label: 'Website', value: company.website },
          { label: 'Phone', value: company.phone },
          {
            label: 'Address',
            value:
              address.length > 0 ? (
                <address>
                  {address.map((line) => (
                    <span key={line} className="address-line">
                      {line}
                    </span>
                  ))}
                </address>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
