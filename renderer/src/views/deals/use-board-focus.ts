/**
 * Keyboard moves over a board of columns of cards (a roving tab stop: one card is in the tab order,
 * the arrow keys move between cards). ↑ ↓ move within a column, ← → to the nearest card of the next
 * column that has cards, Home / End to the first / last card of the column. Columns draw only the
 * cards in sight (deal-column.tsx), so the tab stop's card is always drawn (`stop`), and a card
 * moved to is focused once its column has drawn it.
 */
import { type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type BoardPosition, moveOnBoard } from './board-moves';

/** The first card of the board, or null when it has none. */
function firstCard(sizes: readonly number[]): BoardPosition | null {
  const column = sizes.findIndex((size) => size > 0);
  return column < 0 ? null : { column, row: 0 };
}

/** The roving tab stop of a board (see `useBoardFocus`). */
export interface BoardFocus {
  /** The card in the tab order (columns always draw it), or null on an empty board. */
  stop: BoardPosition | null;
  isStop(column: number, row: number): boolean;
  /** Makes the card at (`column`, `row`) the tab stop (a click or focus from elsewhere). */
  setStop(column: number, row: number): void;
  /** Makes the card at (`column`, `row`) the tab stop and focuses it once it is drawn. */
  focusCard(column: number, row: number): void;
  /** Registers a drawn card's element. */
  cardRef(column: number, row: number): (element: HTMLElement | null) => void;
  /** Goes on the board. */
  onKeyDown(event: KeyboardEvent): void;
}

/** The roving tab stop of a board whose columns hold `sizes` cards. */
export function useBoardFocus(sizes: readonly number[]): BoardFocus {
  const [position, setPosition] = useState<BoardPosition | null>(null);
  const cards = useRef(new Map<string, HTMLElement>());
  /** The card to focus once drawn (a keyboard move, or the way back from a deal's page). */
  const pending = useRef<BoardPosition | null>(null);
  // A position outside the board (after the columns changed) falls back to the first card.
  const current =
    position && position.column < sizes.length && position.row < sizes[position.column] ? position : firstCard(sizes);

  const focusCard = useCallback((column: number, row: number) => {
    pending.current = { column, row };
    setPosition({ column, row });
  }, []);

  // After the render that drew it, the card moved to takes the focus (which scrolls it into view).
  useLayoutEffect(() => {
    const want = pending.current;
    if (!want) return;
    const element = cards.current.get(`${want.column}:${want.row}`);
    if (!element) return;
    pending.current = null;
    element.focus();
  });

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (!current) return;
      const next = moveOnBoard(sizes, current, event.key);
      if (!next) return;
      event.preventDefault();
      focusCard(next.column, next.row);
    },
    [current, sizes, focusCard],
  );

  const cardRef = useCallback(
    (column: number, row: number) => (element: HTMLElement | null) => {
      if (element) cards.current.set(`${column}:${row}`, element);
      else cards.current.delete(`${column}:${row}`);
    },
    [],
  );

  return {
    stop: current,
    isStop: (column, row) => current?.column === column && current.row === row,
    setStop: (column, row) => setPosition({ column, row }),
    focusCard,
    cardRef,
    onKeyDown,
  };
}
