/**
 * A company's branches on its page (`branches.ofCompany`: `Get company branches`, read on demand
 * and kept for offline use with its age), with Add, Edit and Delete: each change is queued in the
 * outbox (`Save branch`, `Delete Branch`) and sent by sync, online or offline; until then the
 * branch shows "Pending", and a refusal shows in the service's words. The buttons follow the
 * access rules of `saveBranch` and `deleteBranch` (lib/use-access.ts).
 */
import { useState } from 'react';
import type { BranchRow } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { errorMessage } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { type Access, useAccess } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useBridge, useUi } from '../../stores/stores-context';
import { branchKindLabel } from '../companies/related-labels';
import { KeptAge } from '../../components/kept-age';
import { BranchForm } from './branch-form';
import { branchCity, branchPlace, branchSyncState } from './branch-words';
import './branches.css';

/** Renders the branches section of company `companyId`. */
export function CompanyBranches({ companyId }: { companyId: string }) {
  const bridge = useBridge();
  const company = useBridgeQuery('companies.get', { id: companyId }, ['company']).data;
  const companyName = company?.name ?? 'this company';
  const online = useOnline();
  const pushToast = useUi((s) => s.pushToast);
  const { data, error, loading, reload } = useBridgeQuery('branches.ofCompany', { companyId }, ['outbox']);
  const [editing, setEditing] = useState<BranchRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BranchRow | null>(null);
  const saving = useAccess('saveBranch');
  const deletingAccess = useAccess('deleteBranch');
  const rows = data?.value ?? [];
  const neverFetched = data?.fetchedAt === null;

  async function remove(row: BranchRow) {
    setDeleting(null);
    try {
      await bridge.call('branches.delete', { id: row.branch.id, version: row.branch.version });
      pushToast({
        title: `${row.branch.name} deleted`,
        body: online ? 'The service is told now.' : 'Saved here; the service is told once it can be reached.',
      });
      reload();
    } catch (err) {
      pushToast({ title: `${row.branch.name} was not deleted`, body: errorMessage(err) });
    }
  }

  return (
    <section className="company-section" aria-label="Branches">
      <div className="company-section-head">
        <h3 className="company-section-title">
          Branches{data && !neverFetched ? ` (${formatCount(rows.length)})` : ''}
        </h3>
        <ActionButton className="button button-small" refusal={saving.reason} onClick={() => setEditing('new')}>
          Add branch
        </ActionButton>
      </div>
      <KeptAge
        subject="Branches"
        fetchedAt={data?.fetchedAt}
        loading={loading}
        reload={reload}
        refreshLabel="Refresh branches"
      />
      {error && !data ? <ErrorBanner message={`The branches could not be loaded: ${error}`} onRetry={reload} /> : null}
      {!data && !error ? <LoadingState label="Loading branches…" /> : null}
      {data && rows.length === 0 ? (
        <p className="muted">
          {!neverFetched
            ? 'No branches on the service.'
            : online
              ? 'The branches show once this company has reached the service.'
              : 'Not fetched yet: the branches show once the service can be reached. Branches you add now are sent then.'}
        </p>
      ) : null}
      {rows.some((row) => row.queued?.state === 'refused') ? (
        <div className="branch-refusals" role="status">
          {rows
            .filter((row) => row.queued?.state === 'refused')
            .map((row) => (
              <p key={row.branch.id} className="kept-refusal">
                The service refused your change to {row.branch.name}: {row.queued?.message} Edit the branch to fix it,
                or discard the change in Pending changes.
              </p>
            ))}
        </div>
      ) : null}
      {rows.length > 0 ? (
        <table className="company-table branch-table">
          <thead>
            <tr>
              <th scope="col">Branch</th>
              <th scope="col">Kind</th>
              <th scope="col">Place</th>
              <th scope="col">Phone</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <BranchTableRow
                key={row.branch.id}
                row={row}
                access={{ edit: saving, delete: deletingAccess }}
                onEdit={() => setEditing(row)}
                onDelete={() => setDeleting(row)}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {editing ? (
        <BranchForm
          companyId={companyId}
          companyName={companyName}
          row={editing === 'new' ? null : editing}
          onSaved={(saved) => {
            setEditing(null);
            pushToast({
              title: `${saved.branch.name} saved`,
              body: online
                ? 'Sending it to the service now.'
                : 'Saved here; it is sent once the service can be reached.',
            });
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.branch.name ?? 'branch'}?`}
        message={`${deleting?.branch.name ?? 'This branch'} is deleted for everyone once the service accepts it. Nothing else refers to a branch.`}
        confirmLabel="Delete branch"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function BranchTableRow({
  row,
  access,
  onEdit,
  onDelete,
}: {
  row: BranchRow;
  access: { edit: Access; delete: Access };
  onEdit(): void;
  onDelete(): void;
}) {
  const { branch, queued } = row;
  const deleting = queued?.kind === 'delete';
  return (
    <tr className={deleting ? 'branch-row-deleting' : undefined}>
      <th scope="row">
        {branch.name} <SyncStateBadge state={branchSyncState(row)} />
        {deleting ? <span className="company-table-sub">Deleted here; waiting to be sent</span> : null}
      </th>
      <td>{branchKindLabel[branch.kind] ?? branch.kind}</td>
      <td title={branchPlace(branch)}>{branchCity(branch)}</td>
      <td className="company-table-nowrap">{branch.phone ?? '—'}</td>
      <td className="company-table-nowrap branch-actions">
        {deleting ? null : (
          <>
            <ActionButton
              className="button button-small button-quiet"
              aria-label={`Edit ${branch.name}`}
              refusal={access.edit.reason}
              onClick={onEdit}
            >
              Edit
            </ActionButton>
            <ActionButton
              className="button button-small button-quiet"
              aria-label={`Delete ${branch.name}`}
              refusal={access.delete.reason}
              onClick={onDelete}
            >
              Delete
            </ActionButton>
          </>
        )}
      </td>
    </tr>
  );
}
