/**
 * The pipeline board of one category: a column per stage (api/openapi.yaml `DealStage`, in the
 * pipeline's order), each with its count and its totals per currency, and a card per deal (title,
 * company, value in its currency, age). The cards are one tab stop: arrow keys move between them,
 * Enter opens the deal.
 */
import type { DealRow } from '../../../../preload/contract';
import { dealStages } from '../../../../preload/contract';
import { totalsByCurrency } from '../../lib/currency-totals';
import { formatCount, pluralize } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { dealStageLabel, formatAmount } from '../companies/related-labels';
import { dealAge, formatTotals } from './deal-words';
import { useBoardFocus } from './use-board-focus';

export interface DealBoardProps {
  deals: readonly DealRow[];
  /** The category's name, for the board's accessible name. */
  categoryLabel: string;
  onOpen(id: string): void;
}

/** Renders the board. */
export function DealBoard({ deals, categoryLabel, onOpen }: DealBoardProps) {
  const now = useNow();
  const columns = dealStages.map((stage) => ({ stage, deals: deals.filter((deal) => deal.stage === stage) }));
  const focus = useBoardFocus(columns.map((column) => column.deals.length));

  return (
    <section className="deal-board" aria-label={`${categoryLabel} pipeline`} onKeyDown={focus.onKeyDown}>
      {columns.map((column, c) => {
        const totals = formatTotals(totalsByCurrency(column.deals));
        const label = dealStageLabel[column.stage];
        return (
          <section
            key={column.stage}
            className="deal-column"
            aria-label={`${label}: ${pluralize(column.deals.length, 'deal')}`}
          >
            <header className="deal-column-head">
              <h2 className="deal-column-title">
                {label} <span className="deal-column-count">{formatCount(column.deals.length)}</span>
              </h2>
              <p className="deal-column-total" title="Totals per currency; currencies are not added together">
                {totals}
              </p>
            </header>
            {column.deals.length === 0 ? <p className="muted deal-column-empty">No deals</p> : null}
            <ul className="deal-column-cards">
              {column.deals.map((deal, r) => (
                <li key={deal.id}>
                  <button
                    type="button"
                    ref={focus.cardRef(c, r)}
                    className="deal-card"
                    tabIndex={focus.isStop(c, r) ? 0 : -1}
                    onFocus={() => focus.setStop(c, r)}
                    onClick={() => onOpen(deal.id)}
                  >
                    <span className="deal-card-title">{deal.title}</span>
                    <span className="deal-card-company">{deal.companyName ?? 'Company not on this computer'}</span>
                    <span className="deal-card-foot">
                      <span className="deal-card-amount">{formatAmount(deal.amount, deal.currency)}</span>
                      <span className="deal-card-age">{dealAge(deal, now)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
