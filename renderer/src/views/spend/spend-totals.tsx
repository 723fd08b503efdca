/**
 * Spend totals kept apart by direction and currency (`Query Spend`'s totals): amounts in different
 * currencies are never added together (api/openapi.yaml).
 */
import type { SpendSummary } from '../../../../preload/contract';
import { spendDirections } from '../../../../preload/contract';
import { pluralize } from '../../lib/format';
import { formatAmount } from '../companies/related-labels';
import { directionLabels } from './spend-words';

/** Renders one line per direction and currency: "Sales in USD: $12,300.00 over 14 records". */
export function SpendTotals({ summary, label }: { summary: SpendSummary; label: string }) {
  const lines = spendDirections.flatMap((direction) =>
    summary[direction].totals.map((total) => ({ direction, ...total })),
  );
  if (lines.length === 0) return null;
  return (
    <ul className="spend-totals" aria-label={label}>
      {lines.map((line) => (
        <li key={`${line.direction}:${line.currency}`} className={`spend-total spend-total-${line.direction}`}>
          <span className="spend-total-name">
            {directionLabels[line.direction]} in {line.currency}
          </span>{' '}
          <strong>{formatAmount(line.amount, line.currency)}</strong>{' '}
          <span className="muted">over {pluralize(line.count, 'record')}</span>
        </li>
      ))}
    </ul>
  );
}
