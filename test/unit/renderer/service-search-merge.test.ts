/**
 * Merging the service's search answer with the cache's rows (renderer/src/lib/service-search-merge.ts):
 * what only the service found comes first, windows across that boundary are contiguous, each row is
 * marked, and a first page that is not the whole answer never claims a row is only on this computer.
 */
import { describe, expect, it } from 'vitest';
import type { RowWindow, ServiceSearchAnswer } from '../../../preload/contract';
import { mergedWindow, serviceSearchWords } from '../../../renderer/src/lib/service-search-merge';

type Row = { id: string; syncState?: 'synced' | 'pending' };
const local: Row[] = [{ id: 'a' }, { id: 'b', syncState: 'pending' }, { id: 'c', syncState: 'synced' }, { id: 'd' }];
const fetchLocal = async (offset: number, limit: number): Promise<RowWindow<Row>> => ({
  rows: local.slice(offset, offset + limit),
  total: local.length,
});

function answer(complete: boolean): ServiceSearchAnswer<Row> {
  return {
    state: 'answered',
    complete,
    answeredAt: '2026-11-24T12:00:00.000Z',
    hits: [
      { row: { id: 'x' }, matchedHere: false, listedHere: false },
      { row: { id: 'c' }, matchedHere: true, listedHere: true },
      { row: { id: 'y' }, matchedHere: false, listedHere: false },
      { row: { id: 'd' }, matchedHere: false, listedHere: true },
    ],
  };
}

describe('mergedWindow', () => {
  it('puts what only the service found first and marks every row', async () => {
    const merged = await mergedWindow(fetchLocal, answer(true), 0, 10);
    expect(merged.total).toBe(6);
    expect(merged.rows.map((row) => [row.id, row.foundWhere])).toEqual([
      ['x', 'service'],
      ['y', 'service'],
      ['a', 'here'],
      ['b', 'here'],
      ['c', 'both'],
      ['d', 'service'],
    ]);
  });

  it('gives contiguous windows across the service rows and the cache rows', async () => {
    const windows = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((offset) => mergedWindow(fetchLocal, answer(true), offset, 1)),
    );
    expect(windows.map((w) => w.rows.map((row) => row.id).join(''))).toEqual(['x', 'y', 'a', 'b', 'c', 'd']);
  });

  it('marks rows beyond a partial answer as on this computer, but a waiting edit as only here', async () => {
    const merged = await mergedWindow(fetchLocal, answer(false), 2, 2);
    expect(merged.rows.map((row) => [row.id, row.foundWhere])).toEqual([
      ['a', 'unchecked'],
      ['b', 'here'],
    ]);
  });

  it('leaves the cache rows unmarked without an answer, or with an offline one', async () => {
    const offline: ServiceSearchAnswer<Row> = { state: 'offline', message: 'Offline' };
    for (const given of [null, offline]) {
      const merged = await mergedWindow(fetchLocal, given, 0, 10);
      expect(merged).toEqual({ rows: local, total: 4 });
    }
  });
});

describe('serviceSearchWords', () => {
  it('says how many the service found and how many were new here', () => {
    expect(serviceSearchWords(answer(true), 50)).toBe('The service found 4; 3 were not on this computer yet.');
    expect(serviceSearchWords(answer(false), 4)).toBe(
      'The service found more than 4 (its first 4 are compared); 3 were not on this computer yet.',
    );
    expect(serviceSearchWords({ state: 'failed', message: 'No folder.' }, 50)).toBe('No folder.');
  });
});
