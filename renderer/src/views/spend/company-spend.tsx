/**
 * A company's spend, for its page: its totals per direction and currency over the last 12 months
 * (`spend.summary`, kept with its age offline) and a link that opens the Spend view for the company.
 */
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useUi } from '../../stores/stores-context';
import { KeptAge } from '../../components/kept-age';
import { SpendTotals } from './spend-totals';
import { periodMonths } from './spend-words';
import './spend.css';

/** Renders the spend section of company `companyId`'s page. */
export function CompanySpend({ companyId, companyName }: { companyId: string; companyName: string }) {
  const online = useOnline();
  const select = useUi((s) => s.select);
  const setView = useUi((s) => s.setView);
  const { data, error, loading, reload } = useBridgeQuery(
    'spend.summary',
    { companyId, ...periodMonths('12', Date.now()) },
    ['spend'],
  );
  const value = data?.value;
  const neverFetched = data?.fetchedAt === null;
  const empty = value && value.sales.totals.length === 0 && value.purchases.totals.length === 0;

  function open() {
    select('spend', companyId);
    setView('spend');
  }

  return (
    <section className="company-section" aria-label="Spend">
      <div className="company-section-head">
        <h3 className="company-section-title">Spend in the last 12 months</h3>
        <KeptAge
          subject="Spend"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh spend"
        />
      </div>
      {error && !data ? <ErrorBanner message={`The spend could not be loaded: ${error}`} onRetry={reload} /> : null}
      {!data && !error ? <LoadingState label="Loading spend…" /> : null}
      {value && neverFetched ? (
        <p className="muted">
          {online
            ? 'The spend shows once this company has reached the service.'
            : 'Not fetched yet: the spend shows once the service can be reached.'}
        </p>
      ) : null}
      {value && !neverFetched && empty ? (
        <p className="muted">No sales or purchases with this company in the last 12 months.</p>
      ) : null}
      {value && !neverFetched && !empty ? (
        <SpendTotals summary={value} label={`Spend with ${companyName} per currency`} />
      ) : null}
      <div>
        <button type="button" className="button button-small" onClick={open}>
          Open spend of {companyName} by month
        </button>
      </div>
    </section>
  );
}
