/**
 * The company page (the detail side of the Companies view): the company's logo and details, Edit
 * (a form dialog) and Delete (asked first), the edits the service has not accepted yet (a refused
 * delete in the service's words), its contacts from the cache, its branches and deals fetched on
 * demand, and its notes. Keys while it shows: E edits, Delete deletes (see the view registry).
 * Edit and Delete follow the access rules (`saveCompany`, `deleteCompany`: lib/use-access.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type { CompanyRow, OutboxEntry } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { companyFields } from '../../components/company-fields';
import { FieldList } from '../../components/field-list';
import { LoadingState } from '../../components/loading-state';
import { NotesTimeline } from '../../components/notes/notes-timeline';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useAccess } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useRefusalGuard } from '../../lib/use-refusal-guard';
import { useViewKeys } from '../../lib/use-view-keys';
import { useSelectedRecord } from '../../lib/use-view-state';
import { useBridge } from '../../stores/stores-context';
import { RecordSyncNotice } from '../pending/record-sync-notice';
import { useOutboxEntries } from '../pending/use-outbox';
import { CompanyContacts } from './company-contacts';
import { CompanyDeleteNotice } from './company-delete-notice';
import { CompanyForm } from './company-form';
import { CompanyLogo } from './company-logo';
import { CompanyRecentContacts } from './company-recent-contacts';
import { CompanyRelated } from './company-related';
import { CompanyTermsSection } from './company-terms';
import { CompanySpend } from '../spend/company-spend';
import { RecordHistoryLink } from '../audit/record-history-link';
import { RecordEmails } from '../emails/record-emails';

/** Renders company `id`'s page, or a hint when none is selected. */
export function CompanyPage({ id }: { id: string | null }) {
  const { data: company, error, reload } = useBridgeQuery('companies.get', id ? { id } : null, ['company', 'contact']);
  const outbox = useOutboxEntries(id !== null);
  const entries = (outbox.data ?? []).filter(
    (entry) => entry.recordType === 'company' && entry.recordId !== null && [id, company?.id].includes(entry.recordId),
  );
  // The name stays known while a delete waits (the company is already gone from the cache).
  const lastName = useRef<{ id: string | null; name: string }>({ id: null, name: '' });
  if (company) lastName.current = { id, name: company.name };
  // A company created here has a local id until the service gives it one: follow it to its new id.
  const [, select] = useSelectedRecord('companies');
  const currentId = company?.id;
  useEffect(() => {
    if (id && currentId && currentId !== id) select(currentId);
  }, [id, currentId, select]);

  if (!id) {
    return (
      <EmptyState title="No company selected" size="compact">
        Click a company, or use the arrow keys in the list, to see its page here. N creates a company.
      </EmptyState>
    );
  }
  if (error && !company) return <ErrorBanner message={`The company could not be loaded: ${error}`} onRetry={reload} />;
  if (company === undefined) return <LoadingState label="Loading company…" />;
  if (company === null) {
    const name = lastName.current.id === id ? lastName.current.name : 'this company';
    const deleting = entries.find((entry) => entry.kind === 'delete');
    if (deleting) {
      return (
        <article className="detail company-page">
          <CompanyDeleteNotice entry={deleting} name={name} />
        </article>
      );
    }
    return (
      <EmptyState title="This company no longer exists" size="compact">
        It was deleted. Pick another company from the list.
      </EmptyState>
    );
  }
  return <CompanyContent key={company.id} company={company} entries={entries} />;
}

/** The page of a company that is in the cache. */
function CompanyContent({ company, entries }: { company: CompanyRow; entries: OutboxEntry[] }) {
  const bridge = useBridge();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const deleting = entries.find((entry) => entry.kind === 'delete');

  const guard = useRefusalGuard();
  const editAccess = useAccess('saveCompany', company);
  const deleteAccess = useAccess('deleteCompany', company);
  const edit = () => guard(editAccess, () => setEditing(true));
  const askDelete = () => guard(deleteAccess, () => setConfirmingDelete(true));
  useViewKeys({ e: edit, delete: askDelete });

  async function remove() {
    setConfirmingDelete(false);
    setDeleteError(null);
    try {
      await bridge.call('companies.delete', { id: company.id });
    } catch (reason) {
      setDeleteError(errorMessage(reason));
    }
  }

  const subline = [company.industry, [company.city, company.country].filter(Boolean).join(', ')].filter(Boolean);

  return (
    <article className="detail company-page">
      <header className="company-header">
        <CompanyLogo id={company.id} name={company.name} />
        <div className="company-header-text">
          <h2>{company.name}</h2>
          <p className="detail-subline">
            <span className="muted">{subline.join(' · ') || 'No industry or place given'}</span>
            <SyncStateBadge state={company.syncState} />
          </p>
        </div>
        <div className="detail-actions">
          <ActionButton className="button" aria-keyshortcuts="E" onClick={edit} refusal={editAccess.reason}>
            Edit
          </ActionButton>
          <ActionButton className="button" aria-keyshortcuts="Delete" onClick={askDelete} refusal={deleteAccess.reason}>
            Delete…
          </ActionButton>
        </div>
      </header>
      {deleting ? (
        <CompanyDeleteNotice entry={deleting} name={company.name} />
      ) : (
        <RecordSyncNotice recordId={company.id} syncState={company.syncState} onFix={() => setEditing(true)} />
      )}
      {deleteError ? <ErrorBanner message={deleteError} onDismiss={() => setDeleteError(null)} /> : null}
      <div className="company-columns">
        <section className="company-section" aria-label="Company details">
          <h3 className="company-section-title">Details</h3>
          <FieldList
            fields={[...companyFields(company), { label: 'Last updated', value: formatDateTime(company.updatedAt) }]}
          />
        </section>
        <CompanyContacts key={company.id} companyId={company.id} companyName={company.name} />
      </div>
      <CompanyRecentContacts companyId={company.id} />
      <CompanyRelated companyId={company.id} />
      <CompanyTermsSection companyId={company.id} companyName={company.name} />
      <CompanySpend companyId={company.id} companyName={company.name} />
      <RecordEmails key={company.id} of={{ companyId: company.id }} />
      <RecordHistoryLink recordType="company" recordId={company.id} recordName={company.name} />
      <NotesTimeline recordType="company" recordId={company.id} />
      {editing ? (
        <CompanyForm company={company} onSaved={() => setEditing(false)} onClose={() => setEditing(false)} />
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete ${company.name}?`}
        message={`${company.name} is deleted for everyone once the service accepts it; its branches and logo go with it. The service refuses while contacts, deals or rebate agreements still belong to it, and this page then says why.`}
        confirmLabel="Delete company"
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </article>
  );
}
