/**
 * A company's branches (with their edits: views/branches/company-branches.tsx) and deals
 * (`companies.related`): read from the service when the page opens and kept for offline use; the
 * kept answer says its age when the service cannot be reached or when it is old ("as of 2 hours ago
 * (offline)"), and "not fetched yet" when there is none.
 */
import type { Deal } from '../../../../preload/contract';
import { ErrorBanner } from '../../components/error-banner';
import { KeptAgeNote, RefreshButton } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { formatCount } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useReloadOnReconnect } from '../../lib/use-reload-on-reconnect';
import { CompanyBranches } from '../branches/company-branches';
import { DealTable } from '../deals/deal-table';
import { isOpenDeal } from './related-labels';

/** Renders the branches and deals of company `companyId`. */
export function CompanyRelated({ companyId }: { companyId: string }) {
  const online = useOnline();
  const { data, error, loading, reload } = useBridgeQuery('companies.related', { id: companyId });

  useReloadOnReconnect(reload);
  const neverFetched = data?.fetchedAt === null;

  const status = (
    <>
      <div className="company-section-head">
        <h3 className="company-section-title">
          Deals{data && !neverFetched ? ` (${formatCount(data.value.deals.length)}${openCount(data.value.deals)})` : ''}
        </h3>
        <RefreshButton label="Refresh deals" loading={loading} hasAnswer={data !== undefined} reload={reload} />
      </div>
      <KeptAgeNote subject="Deals" fetchedAt={data?.fetchedAt} className="company-related-age" />
    </>
  );

  return (
    <div className="company-related">
      <CompanyBranches companyId={companyId} />
      <section className="company-section" aria-label="Deals">
        {status}
        {error && !data ? <ErrorBanner message={`Deals could not be loaded: ${error}`} onRetry={reload} /> : null}
        {!data && !error ? <LoadingState label="Loading deals…" /> : null}
        {data ? <Deals deals={data.value.deals} neverFetched={neverFetched} online={online} /> : null}
      </section>
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

/** ", 3 open" after a count of deals, or nothing when there are none. */
function openCount(deals: Deal[]): string {
  return deals.length ? `, ${formatCount(deals.filter(isOpenDeal).length)} open` : '';
}

function Deals({ deals, neverFetched, online }: { deals: Deal[]; neverFetched: boolean; online: boolean }) {
  if (deals.length === 0) return <p className="muted">{emptyText('deals', neverFetched, online)}</p>;
  return <DealTable deals={deals} label="Deals of this company" />;
}
