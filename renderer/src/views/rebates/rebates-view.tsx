/**
 * Rebates: the rebate agreements that have earnings, each with what it earned in its currency, and
 * the totals per currency (`Rebate Summary Data` grouped by agreement; the contract has no other
 * list of agreements); the page of the agreement chosen. Read on demand from the service and kept
 * for offline use with their age.
 */
import { EmptyState } from '../../components/empty-state';
import { ExportButton } from '../../components/list-export';
import { pluralize } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useSelectedRecord } from '../../lib/use-view-state';
import { CurrencyTotals } from './currency-totals';
import { KeptAge } from '../../components/kept-age';
import { KeptAnswerState } from '../../components/kept-answer-state';
import { RebateList } from './rebate-list';
import { RebatePage } from './rebate-page';
import './rebates.css';

/** Renders the rebates view. */
export function RebatesView() {
  const [selectedId, select] = useSelectedRecord('rebates');
  const query = useBridgeQuery('rebates.summary', { groupBy: 'rebate' });
  const { data, loading, reload } = query;
  const summary = data?.value;
  const neverFetched = data?.fetchedAt === null;
  const list = (
    <KeptAnswerState
      query={query}
      subject="rebates"
      isEmpty={(value) => value.rows.length === 0}
      empty={
        <EmptyState title="No rebate earnings yet" size="compact">
          An agreement shows here once a deal qualifies for it.
        </EmptyState>
      }
    >
      {(value) => <RebateList rows={value.rows} selectedId={selectedId} onOpen={select} label="Rebate agreements" />}
    </KeptAnswerState>
  );

  return (
    <div className="single-pane">
      <header className="view-header rebates-header">
        <div className="view-title-row">
          <h1>Rebates</h1>
          <p className="view-summary" aria-live="polite">
            {summary && !neverFetched ? `${pluralize(summary.rows.length, 'agreement')} with earnings` : ''}
          </p>
          <KeptAge
            subject="Rebates"
            fetchedAt={data?.fetchedAt}
            loading={loading}
            reload={reload}
            refreshLabel="Refresh rebates"
          />
          <ExportButton small />
        </div>
        {summary ? <CurrencyTotals totals={summary.totals} label="Earnings of every agreement, per currency" /> : null}
        {summary && !summary.complete ? (
          <p className="muted">Only the first {pluralize(summary.rows.length, 'agreement')} are listed.</p>
        ) : null}
      </header>
      <div className="rebates-body">
        <section className="rebates-list-pane" aria-label="Agreements">
          {list}
        </section>
        {/* The page scrolls on its own, so keyboard users need a tab stop to scroll it (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
        <section className="rebates-page-pane" aria-label="Rebate details" tabIndex={0}>
          {selectedId ? (
            <RebatePage key={selectedId} id={selectedId} />
          ) : (
            <EmptyState title="No rebate selected" size="compact">
              Choose an agreement in the list, or use the arrow keys there, to see its terms and earnings.
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
