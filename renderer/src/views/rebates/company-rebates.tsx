/**
 * A company's rebates, for its page: the agreements under which its deals earned (`Rebate Summary
 * Data` grouped by agreement, of the company's deals), what they earned per currency, and a link to
 * each agreement in the Rebates view.
 */
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { formatCount } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useUi } from '../../stores/stores-context';
import { CurrencyTotals } from './currency-totals';
import { KeptAge } from '../../components/kept-age';
import { RebateList } from './rebate-list';
import './rebates.css';

/** Renders the rebates section of company `companyId`'s page. */
export function CompanyRebates({ companyId }: { companyId: string }) {
  const online = useOnline();
  const select = useUi((s) => s.select);
  const setView = useUi((s) => s.setView);
  const { data, error, loading, reload } = useBridgeQuery('rebates.summary', { groupBy: 'rebate', companyId });
  const summary = data?.value;
  const neverFetched = data?.fetchedAt === null;

  function open(rebateId: string) {
    select('rebates', rebateId);
    setView('rebates');
  }

  return (
    <section className="company-section" aria-label="Rebates">
      <div className="company-section-head">
        <h3 className="company-section-title">
          Rebates{summary && !neverFetched ? ` (${formatCount(summary.rows.length)})` : ''}
        </h3>
        <KeptAge
          subject="Rebates"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh rebates"
        />
      </div>
      {error && !data ? <ErrorBanner message={`The rebates could not be loaded: ${error}`} onRetry={reload} /> : null}
      {!data && !error ? <LoadingState label="Loading rebates…" /> : null}
      {summary && neverFetched ? (
        <p className="muted">
          {online
            ? 'The rebates show once this company has reached the service.'
            : 'Not fetched yet: the rebates show once the service can be reached.'}
        </p>
      ) : null}
      {summary && !neverFetched && summary.rows.length === 0 ? (
        <p className="muted">No deal of this company earns under a rebate agreement.</p>
      ) : null}
      {summary && !neverFetched && summary.rows.length > 0 ? (
        <>
          <CurrencyTotals totals={summary.totals} label="This company's rebate earnings per currency" />
          <RebateList
            rows={summary.rows}
            selectedId={null}
            onOpen={open}
            label="Rebate agreements of this company"
            followFocus={false}
          />
        </>
      ) : null}
    </section>
  );
}
