/**
 * The keyboard moves of the pipeline board (no DOM here): ↑ ↓ within a column, ← → to the nearest
 * card of the next column that has cards, Home / End to the first / last card of the column.
 */

/** Where the roving tab stop is: a card's column and its place in it. */
export interface BoardPosition {
  column: number;
  row: number;
}

/** The position a key moves to over columns of `sizes` cards, or null when the key is not a move. */
export function moveOnBoard(sizes: readonly number[], from: BoardPosition, key: string): BoardPosition | null {
  const { column, row } = from;
  const last = (c: number) => sizes[c] - 1;
  switch (key) {
    case 'ArrowDown':
      return { column, row: Math.min(row + 1, last(column)) };
    case 'ArrowUp':
      return { column, row: Math.max(row - 1, 0) };
    case 'Home':
      return { column, row: 0 };
    case 'End':
      return { column, row: last(column) };
    case 'ArrowRight':
    case 'ArrowLeft': {
      const step = key === 'ArrowRight' ? 1 : -1;
      for (let c = column + step; c >= 0 && c < sizes.length; c += step) {
        if (sizes[c] > 0) return { column: c, row: Math.min(row, last(c)) };
      }
      return from;
    }
    default:
      return null;
  }
}
