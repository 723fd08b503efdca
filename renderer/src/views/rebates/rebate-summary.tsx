/**
 * An agreement's totals grouped by quarter, month, year, company or deal category (`Rebate Summary
 * Data`): one row per group and currency, and the totals per currency; amounts in different
 * currencies are never added together.
 */
import { useState } from 'react';
import type { RebateGroupBy } from '../../../../preload/contract';
import { ErrorBanner } from '../../components/error-banner';
import { SelectField } from '../../components/forms/form-field';
import { LoadingState } from '../../components/loading-state';
import { formatCount } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { formatAmount } from '../companies/related-labels';
import { CurrencyTotals } from './currency-totals';
import { KeptAge } from '../../components/kept-age';
import { groupByLabel, rowLabel } from './rebate-words';

/** The groupings offered on an agreement's page (by agreement would be a single row). */
const groupings: readonly RebateGroupBy[] = ['quarter', 'month', 'year', 'company', 'category'];

/** Renders the summary of agreement `rebateId`. */
export function RebateSummarySection({ rebateId }: { rebateId: string }) {
  const [groupBy, setGroupBy] = useState<RebateGroupBy>('quarter');
  const online = useOnline();
  const { data, error, loading, reload } = useBridgeQuery('rebates.summary', { groupBy, rebateId });
  const summary = data?.value;
  return (
    <section className="rebate-section" aria-label="Earnings summary">
      <div className="rebate-section-head">
        <h3 className="rebate-section-title">Earnings summary</h3>
        <SelectField<RebateGroupBy>
          label="Group by"
          value={groupBy}
          onChange={(value) => value && setGroupBy(value)}
          options={groupings.map((value) => ({ value, label: groupByLabel[value] }))}
        />
      </div>
      <KeptAge
        subject="Summary"
        fetchedAt={data?.fetchedAt}
        loading={loading}
        reload={reload}
        refreshLabel="Refresh summary"
      />
      {error && !data ? <ErrorBanner message={`The summary could not be loaded: ${error}`} onRetry={reload} /> : null}
      {!data && !error ? <LoadingState label="Loading summary…" /> : null}
      {summary && data?.fetchedAt === null ? (
        <p className="muted">
          {online
            ? 'The summary shows once the service answers.'
            : `Not fetched yet: this grouping shows once the service can be reached.`}
        </p>
      ) : null}
      {summary && data?.fetchedAt !== null ? (
        <>
          <CurrencyTotals totals={summary.totals} label="Totals per currency" />
          {summary.rows.length === 0 ? (
            <p className="muted">No deal qualifies for this rebate yet.</p>
          ) : (
            <table className="rebate-table">
              <thead>
                <tr>
                  <th scope="col">{groupByLabel[summary.groupBy]}</th>
                  <th scope="col">Currency</th>
                  <th scope="col" className="rebate-table-number">
                    Deals
                  </th>
                  <th scope="col" className="rebate-table-number">
                    Deal amount
                  </th>
                  <th scope="col" className="rebate-table-number">
                    Earning
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.rows.map((row) => (
                  <tr key={`${row.key}:${row.currency}`}>
                    <th scope="row">{rowLabel(row, summary.groupBy)}</th>
                    <td>{row.currency}</td>
                    <td className="rebate-table-number">{formatCount(row.earningCount)}</td>
                    <td className="rebate-table-number">{formatAmount(row.dealAmount, row.currency)}</td>
                    <td className="rebate-table-number">{formatAmount(row.earning, row.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}
