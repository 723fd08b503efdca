/**
 * The pipeline board's keyboard moves (`moveOnBoard`) and the column totals per currency
 * (`totalsByCurrency`): amounts in different currencies are never added together.
 */
import { describe, expect, it } from 'vitest';
import { totalsByCurrency } from '../../../renderer/src/lib/currency-totals';
import { moveOnBoard } from '../../../renderer/src/views/deals/board-moves';

describe('moveOnBoard', () => {
  // Columns of 3, 0, 1 and 4 cards.
  const sizes = [3, 0, 1, 4];

  it('moves up and down within a column and stops at its ends', () => {
    expect(moveOnBoard(sizes, { column: 0, row: 0 }, 'ArrowDown')).toEqual({ column: 0, row: 1 });
    expect(moveOnBoard(sizes, { column: 0, row: 2 }, 'ArrowDown')).toEqual({ column: 0, row: 2 });
    expect(moveOnBoard(sizes, { column: 0, row: 0 }, 'ArrowUp')).toEqual({ column: 0, row: 0 });
    expect(moveOnBoard(sizes, { column: 3, row: 1 }, 'End')).toEqual({ column: 3, row: 3 });
    expect(moveOnBoard(sizes, { column: 3, row: 3 }, 'Home')).toEqual({ column: 3, row: 0 });
  });

  it('skips empty columns sideways and keeps the row where the next column has it', () => {
    expect(moveOnBoard(sizes, { column: 0, row: 2 }, 'ArrowRight')).toEqual({ column: 2, row: 0 });
    expect(moveOnBoard(sizes, { column: 2, row: 0 }, 'ArrowRight')).toEqual({ column: 3, row: 0 });
    expect(moveOnBoard(sizes, { column: 3, row: 3 }, 'ArrowLeft')).toEqual({ column: 2, row: 0 });
    expect(moveOnBoard(sizes, { column: 2, row: 0 }, 'ArrowLeft')).toEqual({ column: 0, row: 0 });
    expect(moveOnBoard(sizes, { column: 3, row: 2 }, 'ArrowRight')).toEqual({ column: 3, row: 2 });
    expect(moveOnBoard(sizes, { column: 0, row: 1 }, 'ArrowLeft')).toEqual({ column: 0, row: 1 });
  });

  it('leaves other keys to the page', () => {
    expect(moveOnBoard(sizes, { column: 0, row: 0 }, 'Enter')).toBeNull();
    expect(moveOnBoard(sizes, { column: 0, row: 0 }, 'a')).toBeNull();
  });
});

describe('totalsByCurrency', () => {
  it('sums each currency apart, the most used first, then by code', () => {
    expect(
      totalsByCurrency([
        { amount: 100, currency: 'USD' },
        { amount: 250, currency: 'EUR' },
        { amount: 50, currency: 'USD' },
        { amount: 999, currency: 'CHF' },
      ]),
    ).toEqual([
      { currency: 'USD', amount: 150 },
      { currency: 'CHF', amount: 999 },
      { currency: 'EUR', amount: 250 },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });
});
