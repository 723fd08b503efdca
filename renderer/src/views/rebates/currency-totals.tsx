/**
 * Rebate totals kept apart by currency, as `Rebate Summary Data` gives them (`RebateTotals`):
 * amounts in different currencies are never added together (api/openapi.yaml).
 */
import type { RebateTotals } from '../../../../preload/contract';
import { pluralize } from '../../lib/format';
import { formatAmount } from '../companies/related-labels';

/** Renders one line per currency: "€1,234.50 earned on 12 deals worth €82,300.00". */
export function CurrencyTotals({ totals, label }: { totals: readonly RebateTotals[]; label: string }) {
  if (totals.length === 0) return null;
  return (
    <ul className="rebate-totals" aria-label={label}>
      {totals.map((total) => (
        <li key={total.currency}>
          <span className="rebate-totals-currency">{total.currency}</span>{' '}
          <strong>{formatAmount(total.earning, total.currency)}</strong> earned on{' '}
          {pluralize(total.earningCount, 'deal')} worth {formatAmount(total.dealAmount, total.currency)}
        </li>
      ))}
    </ul>
  );
}
