/**
 * One stage of the pipeline board: its name, count and totals per currency, and its cards in a list
 * that scrolls on its own and draws only the cards in sight (@tanstack/react-virtual), so a stage of
 * thousands of deals paints and scrolls as fast as one of ten (docs/PERFORMANCE.md, the sales views).
 * The board's tab stop is always drawn, so Tab reaches the board wherever the list is scrolled.
 */
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef } from 'react';
import type { DealRow, DealStage } from '../../../../preload/contract';
import { totalsByCurrency } from '../../lib/currency-totals';
import { formatCount, pluralize } from '../../lib/format';
import { dealStageLabel, formatAmount } from '../companies/related-labels';
import { dealAge } from './deal-words';
import type { BoardFocus } from './use-board-focus';

/** A card's height before it is measured, px (title, company, amount; 8 px apart). */
const estimatedCardPx = 84;
/** Cards drawn beyond the list's edges on each side. */
const overscan = 4;

export interface DealColumnProps {
  stage: DealStage;
  deals: readonly DealRow[];
  /** The column's place on the board (0 = first stage). */
  index: number;
  focus: BoardFocus;
  now: number;
  onOpen(id: string): void;
}

/** Renders one stage's column. */
export function DealColumn({ stage, deals, index, focus, now, onOpen }: DealColumnProps) {
  const totals = useMemo(() => totalsByCurrency(deals), [deals]);
  const label = dealStageLabel[stage];
  const scrollRef = useRef<HTMLDivElement>(null);
  const stopRow = focus.stop?.column === index ? focus.stop.row : -1;
  const virtualizer = useVirtualizer({
    count: deals.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedCardPx,
    overscan,
    gap: 8,
    getItemKey: (row) => deals[row].id,
    // The tab stop's card is drawn even when scrolled out of sight.
    rangeExtractor: useCallback(
      (range: Parameters<typeof defaultRangeExtractor>[0]) => {
        const rows = defaultRangeExtractor(range);
        if (stopRow < 0 || rows.includes(stopRow)) return rows;
        return [...rows, stopRow].sort((a, b) => a - b);
      },
      [stopRow],
    ),
  });

  return (
    <section className="deal-column" aria-label={`${label}: ${pluralize(deals.length, 'deal')}`}>
      <header className="deal-column-head">
        <h2 className="deal-column-title">
          {label} <span className="deal-column-count">{formatCount(deals.length)}</span>
        </h2>
        {totals.length ? (
          <ul className="deal-column-totals" aria-label="Totals per currency (never added together)">
            {totals.map((total) => (
              <li key={total.currency}>{formatAmount(total.amount, total.currency)}</li>
            ))}
          </ul>
        ) : null}
      </header>
      {deals.length === 0 ? <p className="muted deal-column-empty">No deals</p> : null}
      <div ref={scrollRef} className="deal-column-scroll">
        <ul className="deal-column-cards" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const deal = deals[item.index];
            const row = item.index;
            return (
              <li
                key={item.key}
                data-index={row}
                aria-setsize={deals.length}
                aria-posinset={row + 1}
                ref={virtualizer.measureElement}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <button
                  type="button"
                  ref={focus.cardRef(index, row)}
                  className="deal-card"
                  tabIndex={focus.isStop(index, row) ? 0 : -1}
                  onFocus={() => focus.setStop(index, row)}
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
            );
          })}
        </ul>
      </div>
    </section>
  );
}
