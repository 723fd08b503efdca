/**
 * One branch's details (`branches.get`: api/openapi.yaml `Get branch`, read on demand and kept for
 * offline use with its age): kind, address, phone, e-mail, opening hours, position and its company,
 * which opens. Shown where a branch is chosen (the Branch Locator's list). Before the branch was
 * ever read on its own and while the service cannot be reached, the branch as the caller found it
 * (`found`) is shown, said so in words.
 */
import type { ReactNode } from 'react';
import type { BranchRow } from '../../../../preload/contract';
import { addressValue } from '../../components/company-fields';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { LoadingState } from '../../components/loading-state';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useUi } from '../../stores/stores-context';
import { branchKindLabel } from '../companies/related-labels';
import { KeptAge } from '../../components/kept-age';
import { formatPosition } from './branch-words';

export interface BranchDetailsProps {
  /** The branch's id. */
  id: string;
  /** The branch as the caller found it (e.g. in a locator answer); shown when it was never read on its own. */
  found: BranchRow;
  /** Further actions on the branch, shown under its details. */
  children?: ReactNode;
}

/** Renders the details of branch `id` as a region named after it. */
export function BranchDetails({ id, found, children }: BranchDetailsProps) {
  const openRecord = useUi((s) => s.openRecord);
  const { data, error, loading, reload } = useBridgeQuery('branches.get', { id }, ['outbox']);
  const neverRead = data !== undefined && data.value === null && data.fetchedAt === null;
  const gone = data !== undefined && data.value === null && data.fetchedAt !== null;
  const row = data?.value ?? (gone ? null : found);
  const companyId = row?.branch.companyId ?? null;
  const company = useBridgeQuery('companies.get', companyId ? { id: companyId } : null, ['company']).data;
  const name = row?.branch.name ?? found.branch.name;

  return (
    <section className="branch-details" aria-label={`Details of ${name}`}>
      <KeptAge
        subject="Details"
        fetchedAt={data?.fetchedAt}
        loading={loading}
        reload={reload}
        refreshLabel="Refresh details"
      />
      {error && !data ? <ErrorBanner message={`The branch could not be read: ${error}`} onRetry={reload} /> : null}
      {!data && !error ? <LoadingState label="Reading the branch…" /> : null}
      {neverRead ? (
        <p className="muted">
          Not read on its own yet: shown as the locator found it. The details are read once the service can be reached.
        </p>
      ) : null}
      {gone ? (
        <p className="muted" role="status">
          This branch is no longer on the service; someone deleted it. Search again to update the list.
        </p>
      ) : null}
      {row && data ? <QueuedNote row={row} /> : null}
      {row && data ? (
        <FieldList
          fields={[
            { label: 'Kind', value: branchKindLabel[row.branch.kind] ?? row.branch.kind },
            { label: 'Address', value: addressValue(row.branch.address) },
            { label: 'Phone', value: row.branch.phone },
            { label: 'E-mail', value: row.branch.email },
            { label: 'Opening hours', value: row.branch.openingHours },
            { label: 'Position', value: formatPosition(row.branch.latitude, row.branch.longitude) },
            {
              label: 'Company',
              value: company ? (
                <button type="button" className="link-button" onClick={() => openRecord('company', company.id)}>
                  {company.name}
                </button>
              ) : (
                'Not on this computer yet; it shows once synced.'
              ),
            },
          ]}
        />
      ) : null}
      {children ? <div className="branch-details-actions">{children}</div> : null}
    </section>
  );
}

/** What this computer's queued edit of the branch is waiting for, or why the service refused it. */
function QueuedNote({ row }: { row: BranchRow }) {
  const queued = row.queued;
  if (!queued) return null;
  if (queued.state === 'refused' || queued.state === 'conflict') {
    return (
      <p className="kept-refusal">
        The service refused your change to this branch: {queued.message} Edit it on its company's page, or discard the
        change in Pending changes.
      </p>
    );
  }
  return (
    <p className="muted">
      {queued.kind === 'delete' ? 'Deleted here' : 'Changed here'}; waiting to be sent to the service.
    </p>
  );
}
