/**
 * A company's branches and deals (`companies.related`): read from the service when the page opens
 * and kept for offline use; the kept answer says its age when the service cannot be reached or
 * when it is old ("as of 2 hours ago (offline)"), and "not fetched yet" when there is none.
 */
import { useEffect, useRef } from 'react';
import type { Branch, Deal } from '../../../../preload/contract';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { formatCount, formatDateTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { DealTable } from '../deals/deal-table';
import { branchKindLabel, isOpenDeal, keptAnswerAge } from './related-labels';

/** Renders the branches and deals of company `companyId`. */
export function CompanyRelated({ companyId }: { companyId: string }) {
  const online = useOnline();
  const now = useNow();
  const { data, error, loading, reload } = useBridgeQuery('companies.related', { id: companyId });

  // Back online: ask the service again, so the kept answer is replaced by today's.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) reload();
    wasOnline.current = online;
  }, [online, reload]);

  const age = data ? keptAnswerAge(data.fetchedAt, online, now) : null;
  const neverFetched = data?.fetchedAt === null;

  const status = (
    <>
      <div className="company-section-head">
        <h3 className="company-section-title">
          Branches{data && !neverFetched ? ` (${formatCount(data.value.branches.length)})` : ''}
        </h3>
        <button
          type="button"
          className="button button-small button-quiet"
          disabled={!online || loading}
          title={online ? undefined : needsServiceMessage}
          onClick={reload}
        >
          {loading && data ? 'Refreshing…' : 'Refresh branches and deals'}
        </button>
      </div>
      {age ? (
        <p className="company-related-age" title={data?.fetchedAt ? formatDateTime(data.fetchedAt) : undefined}>
          Branches and deals {age}.
        </p>
      ) : null}
    </>
  );

  return (
    <div className="company-related">
      <section className="company-section" aria-label="Branches">
        {status}
        {error && !data ? (
          <ErrorBanner message={`Branches and deals could not be loaded: ${error}`} onRetry={reload} />
        ) : null}
        {!data && !error ? <LoadingState label="Loading branches and deals…" /> : null}
        {data ? <Branches branches={data.value.branches} neverFetched={neverFetched} online={online} /> : null}
      </section>
      {data ? <Deals deals={data.value.deals} neverFetched={neverFetched} online={online} /> : null}
    </div>
  );
}

/** What an empty list says: none, or not known yet. */
function emptyText(noun: string, neverFetched: boolean, online: boolean): string {
  if (!neverFetched) return `No ${noun} on the service.`;
  return online
    ? `The ${noun} show once this company has reached the service.`
    : `Not fetched yet: the ${noun} show once the service can be reached.`;
}

function Branches({ branches, neverFetched, online }: { branches: Branch[]; neverFetched: boolean; online: boolean }) {
  if (branches.length === 0) return <p className="muted">{emptyText('branches', neverFetched, online)}</p>;
  return (
    <table className="company-table">
      <thead>
        <tr>
          <th scope="col">Branch</th>
          <th scope="col">Kind</th>
          <th scope="col">Place</th>
          <th scope="col">Phone</th>
        </tr>
      </thead>
      <tbody>
        {branches.map((branch) => (
          <tr key={branch.id}>
            <th scope="row">{branch.name}</th>
            <td>{branchKindLabel[branch.kind] ?? branch.kind}</td>
            <td>{[branch.address.city, branch.address.country].filter(Boolean).join(', ') || '—'}</td>
            <td className="company-table-nowrap">{branch.phone ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Deals({ deals, neverFetched, online }: { deals: Deal[]; neverFetched: boolean; online: boolean }) {
  const open = deals.filter(isOpenDeal).length;
  return (
    <section className="company-section" aria-label="Deals">
      <h3 className="company-section-title">
        Deals{neverFetched ? '' : ` (${formatCount(deals.length)}${deals.length ? `, ${formatCount(open)} open` : ''})`}
      </h3>
      {deals.length === 0 ? (
        <p className="muted">{emptyText('deals', neverFetched, online)}</p>
      ) : (
        <DealTable deals={deals} label="Deals of this company" />
      )}
    </section>
  );
}
