/**
 * The pipeline board of one category: a column per stage (api/openapi.yaml `DealStage`, in the
 * pipeline's order), each with its count and its totals per currency, and a card per deal (title,
 * company, value in its currency, age). The cards are one tab stop: arrow keys move between them,
 * Enter opens the deal.
 */
import { useEffect } from 'react';
import type { DealRow } from '../../../../preload/contract';
import { dealStages } from '../../../../preload/contract';
import { totalsByCurrency } from '../../lib/currency-totals';
import { formatCount, pluralize } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { dealStageLabel, formatAmount } from '../companies/related-labels';
import { dealAge } from './deal-words';
import { useBoardFocus } from './use-board-focus';

export interface DealBoardProps {
  deals: readonly DealRow[];
  /** The category's name, for the board's accessible name. */
  categoryLabel: string;
  onOpen(id: string): void;
  /** The deal whose card gets the focus when the board shows (the one last opened, on the way back). */
  focusOnShow?: string | null;
}

/** Renders the board. */
export function DealBoard({ deals, categoryLabel, onOpen, focusOnShow = null }: DealBoardProps) {
  const now = useNow();
  const columns = dealStages.map((stage) => ({ stage, deals: deals.filter((deal) => deal.stage === stage) }));
  const focus = useBoardFocus(columns.map((column) => column.deals.length));
  const { focusCard } = focus;

  // Back from a deal's page: the focus returns to its card.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the board shows, not on each change of its deals.
  useEffect(() => {
    if (!focusOnShow) return;
    const c = columns.findIndex((column) => column.deals.some((deal) => deal.id === focusOnShow));
    if (c >= 0)
      focusCard(
        c,
        columns[c].deals.findIndex((deal) => deal.id === focusOnShow),
      );
  }, []);

  return (
    <section className="deal-board" aria-label={`${categoryLabel} pipeline`} onKeyDown={focus.onKeyDown}>
      {columns.map((column, c) => {
        const totals = totalsByCurrency(column.deals);
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
              {totals.length ? (
                <ul className="deal-column-totals" aria-label="Totals per currency (never added together)">
                  {totals.map((total) => (
                    <li key={total.currency}>{formatAmount(total.amount, total.currency)}</li>
                  ))}
                </ul>
              ) : null}
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
