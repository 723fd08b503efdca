/**
 * Spend totals kept apart by currency, sales and purchases side by side (`Query Spend`'s totals):
 * amounts in different currencies are never added together (api/openapi.yaml).
 */
import type { SpendSummary } from '../../../../preload/contract';
import { spendDirections } from '../../../../preload/contract';
import { pluralize } from '../../lib/format';
import { formatAmount } from '../companies/related-labels';
import { currenciesOf, directionLabels } from './spend-words';

/** Renders a table of one row per currency: its sales and purchases with their record counts. */
export function SpendTotals({ summary, label }: { summary: SpendSummary; label: string }) {
  const currencies = currenciesOf(summary);
  if (currencies.length === 0) return null;
  return (
    <table className="spend-table spend-totals">
      <caption className="visually-hidden">{label}</caption>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          {spendDirections.map((direction) => (
            <th key={direction} scope="col" className="spend-number">
              {directionLabels[direction]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {currencies.map((currency) => (
          <tr key={currency}>
            <th scope="row">{currency}</th>
            {spendDirections.map((direction) => {
              const total = summary[direction].totals.find((t) => t.currency === currency);
              return (
                <td key={direction} className="spend-number">
                  {total ? (
                    <>
                      <strong>{formatAmount(total.amount, currency)}</strong>
                      <span className="muted"> · {pluralize(total.count, 'record')}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
