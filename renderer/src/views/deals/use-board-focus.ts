/**
 * Keyboard moves over a board of columns of cards (a roving tab stop: one card is in the tab order,
 * the arrow keys move between cards). ↑ ↓ move within a column, ← → to the nearest card of the next
 * column that has cards, Home / End to the first / last card of the column.
 */
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import { type BoardPosition, moveOnBoard } from './board-moves';

/** The first card of the board, or null when it has none. */
function firstCard(sizes: readonly number[]): BoardPosition | null {
  const column = sizes.findIndex((size) => size > 0);
  return column < 0 ? null : { column, row: 0 };
}

/**
 * The roving tab stop of a board whose columns hold `sizes` cards: `isStop(c, r)` tells which card
 * is in the tab order, `cardRef(c, r)` registers a card's element, `onKeyDown` goes on the board.
 */
export function useBoardFocus(sizes: readonly number[]) {
  const [position, setPosition] = useState<BoardPosition | null>(null);
  const cards = useRef(new Map<string, HTMLElement>());
  // A position outside the board (after the columns changed) falls back to the first card.
  const current =
    position && position.column < sizes.length && position.row < sizes[position.column] ? position : firstCard(sizes);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (!current) return;
      const next = moveOnBoard(sizes, current, event.key);
      if (!next) return;
      event.preventDefault();
      setPosition(next);
      cards.current.get(`${next.column}:${next.row}`)?.focus();
    },
    [current, sizes],
  );

  const cardRef = useCallback(
    (column: number, row: number) => (element: HTMLElement | null) => {
      if (element) cards.current.set(`${column}:${row}`, element);
      else cards.current.delete(`${column}:${row}`);
    },
    [],
  );

  return {
    isStop: (column: number, row: number) => current?.column === column && current.row === row,
    /** Makes the card at (`column`, `row`) the tab stop (a click or focus from elsewhere). */
    setStop: (column: number, row: number) => setPosition({ column, row }),
    /** Makes the card at (`column`, `row`) the tab stop and focuses it. */
    focusCard: (column: number, row: number) => {
      setPosition({ column, row });
      cards.current.get(`${column}:${row}`)?.focus();
    },
    cardRef,
    onKeyDown,
  };
}
