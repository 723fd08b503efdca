/**
 * The spend of the filters chosen: totals per direction and currency, spend per month as charts (one
 * per currency, each with its table), and for one company its spend records. Read on demand
 * (`spend.summary`, `spend.records`) and kept for offline use with their age.
 */
import type { ReactNode } from 'react';
import type { SpendFilter } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { KeptAge, KeptAgeNote } from '../../components/kept-age';
import { SpendCharts } from './spend-charts';
import { SpendCompanies } from './spend-companies';
import { SpendRecords } from './spend-records';
import { SpendTotals } from './spend-totals';

export interface SpendDashboardProps {
  filter: SpendFilter;
  /** Whose spend it is, in words ("all companies", a company's name). */
  scope: string;
}

/** Renders the dashboard of `filter`. */
export function SpendDashboard({ filter, scope }: SpendDashboardProps) {
  const online = useOnline();
  const summary = useBridgeQuery('spend.summary', filter, ['spend'], { showLast: true });
  const companyId = filter.companyId;
  const records = useBridgeQuery('spend.records', companyId ? { ...filter, companyId } : null);
  const value = summary.data?.value;
  const neverFetched = summary.data?.fetchedAt === null;
  const empty = value && value.sales.rows.length === 0 && value.purchases.rows.length === 0;
  const reload = () => {
    summary.reload();
    if (companyId) records.reload();
  };

  let body: ReactNode;
  if (summary.error && !summary.data)
    body = <ErrorBanner message={`The spend could not be loaded: ${summary.error}`} onRetry={reload} />;
  else if (!value) body = <LoadingState label="Loading spend…" />;
  else if (neverFetched)
    body = (
      <EmptyState title="Not fetched yet" size="compact">
        {online
          ? 'The spend shows once the service answers.'
          : 'This spend was never read on this computer; it shows once the service can be reached.'}
      </EmptyState>
    );
  else if (empty)
    body = (
      <EmptyState title="No spend" size="compact">
        There is no spend of {scope} for these filters. Choose a longer period or another category.
      </EmptyState>
    );
  else
    body = (
      <>
        <SpendTotals summary={value} label="Totals per currency" />
        <SpendCharts summary={value} scope={scope} idPrefix="spend-chart" />
        {companyId ? null : <SpendCompanies filter={{ from: filter.from, to: filter.to, category: filter.category }} />}
      </>
    );

  return (
    <div className="spend-dashboard">
      <KeptAge
        subject="Spend"
        fetchedAt={summary.data?.fetchedAt}
        loading={summary.loading}
        reload={reload}
        refreshLabel="Refresh spend"
      />
      {value && !neverFetched && (!value.sales.complete || !value.purchases.complete) ? (
        <p className="muted">Only the first months are shown: choose a shorter period to see them all.</p>
      ) : null}
      {body}
      {companyId && records.error && !records.data ? (
        <ErrorBanner message={`The spend records could not be loaded: ${records.error}`} onRetry={records.reload} />
      ) : null}
      {companyId && records.data && records.data.fetchedAt !== null ? (
        <>
          <KeptAgeNote subject="Spend records" fetchedAt={records.data.fetchedAt} />
          <SpendRecords records={records.data.value.records} complete={records.data.value.complete} />
        </>
      ) : null}
    </div>
  );
}
