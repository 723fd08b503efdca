/**
 * The pipeline board of one category: a column per stage (api/openapi.yaml `DealStage`, in the
 * pipeline's order), each with its count and its totals per currency, and a card per deal (title,
 * company, value in its currency, age). Each column scrolls on its own and draws only the cards in
 * sight (deal-column.tsx). The cards are one tab stop: arrow keys move between them, Enter opens the deal.
 */
import { useEffect, useMemo } from 'react';
import type { DealRow } from '../../../../preload/contract';
import { dealStages } from '../../../../preload/contract';
import { useNow } from '../../lib/use-now';
import { DealColumn } from './deal-column';
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
  const columns = useMemo(
    () => dealStages.map((stage) => ({ stage, deals: deals.filter((deal) => deal.stage === stage) })),
    [deals],
  );
  const sizes = useMemo(() => columns.map((column) => column.deals.length), [columns]);
  const focus = useBoardFocus(sizes);
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
      {columns.map((column, c) => (
        <DealColumn
          key={column.stage}
          stage={column.stage}
          deals={column.deals}
          index={c}
          focus={focus}
          now={now}
          onOpen={onOpen}
        />
      ))}
    </section>
  );
}
