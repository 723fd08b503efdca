/**
 * `useRowWindows`: the renderer's view of a large result set (contacts, documents). It never holds
 * the whole table: rows are fetched in windows of `windowSize` as the list scrolls, a bounded number
 * of windows stays cached, and a new query keeps the old rows on screen until its first window
 * arrives. When the data version changes (`data.changed`), the windows in view are fetched again
 * and the others are re-fetched when they scroll back into view.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { listWindowRows, type RowWindow } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';

/** Fetches rows [offset, offset + limit) of the current query. */
export type FetchWindow<T> = (offset: number, limit: number) => Promise<RowWindow<T>>;

export interface RowWindows<T extends { id: string }> {
  /** Rows matching the current query; null until the first window of the first query arrived. */
  total: number | null;
  /** The row at `index`, or undefined while its window loads. */
  getRow(index: number): T | undefined;
  /** Tells which rows are in view (inclusive); their windows are fetched if missing or stale. */
  requestRange(first: number, last: number): void;
  /** What went wrong with the last fetch, for the user. */
  error: string | null;
  /** Fetches the windows in view again. */
  retry(): void;
  /** True while the current query's first window is on its way (`total` still describes the previous query). */
  pending: boolean;
  /**
   * Shows `row` in place of the cached row with its id at once (an edit's answer), until the next
   * read of its window brings the cache's version.
   */
  patch(row: T): void;
}

interface CachedWindow<T> {
  rows: T[];
  generation: number;
  version: string;
}

/**
 * Windows over `fetchWindow`'s results. `queryKey` identifies the query (a new key starts a new
 * result set); `version` marks the data (a new version makes cached windows stale).
 * Windows are `windowSize` rows (default `listWindowRows`); at most `maxWindows` (default 50) stay cached.
 */
export function useRowWindows<T extends { id: string }>(
  fetchWindow: FetchWindow<T>,
  queryKey: string,
  version: string,
  windowSize = listWindowRows,
  maxWindows = 50,
): RowWindows<T> {
  const fetchRef = useRef(fetchWindow);
  fetchRef.current = fetchWindow;
  const cache = useRef(new Map<number, CachedWindow<T>>());
  const inFlight = useRef(new Map<number, string>());
  const generation = useRef(0);
  const committed = useRef(0);
  const versionRef = useRef(version);
  const range = useRef<[number, number]>([0, 0]);
  const currentKey = useRef(queryKey);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The query whose answer `total` and the cached rows describe. */
  const [shownKey, setShownKey] = useState<string | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [, setTick] = useState(0);

  const load = useCallback(
    (index: number) => {
      const gen = generation.current;
      const key = currentKey.current;
      const ver = versionRef.current;
      const tag = `${gen}:${ver}`;
      const cached = cache.current.get(index);
      if (cached && cached.generation === gen && cached.version === ver) return;
      if (inFlight.current.get(index) === tag) return;
      inFlight.current.set(index, tag);
      fetchRef.current(index * windowSize, windowSize).then(
        (result) => {
          if (gen !== generation.current) return;
          if (inFlight.current.get(index) === tag) inFlight.current.delete(index);
          if (committed.current !== gen) {
            // First answer of a new query: now the old rows may go.
            cache.current.clear();
            committed.current = gen;
          }
          cache.current.delete(index);
          cache.current.set(index, { rows: result.rows, generation: gen, version: ver });
          evict(cache.current, maxWindows, range.current, windowSize);
          setTotal(result.total);
          setShownKey(key);
          setError(null);
          setTick((n) => n + 1);
        },
        (reason: unknown) => {
          if (gen !== generation.current) return;
          if (inFlight.current.get(index) === tag) inFlight.current.delete(index);
          setError(errorMessage(reason));
          setFailedKey(key);
        },
      );
    },
    [windowSize, maxWindows],
  );

  const loadRange = useCallback(() => {
    const [first, last] = range.current;
    for (let index = Math.floor(first / windowSize); index <= Math.floor(last / windowSize); index++) load(index);
  }, [load, windowSize]);

  // A new query: start a new generation and fetch its first window; old rows stay until it arrives.
  useEffect(() => {
    generation.current += 1;
    currentKey.current = queryKey;
    inFlight.current.clear();
    range.current = [0, 0];
    setError(null);
    load(0);
  }, [queryKey, load]);

  // New data: re-fetch the windows in view.
  useEffect(() => {
    if (versionRef.current === version) return;
    versionRef.current = version;
    loadRange();
  }, [version, loadRange]);

  const getRow = useCallback(
    (index: number): T | undefined => {
      const cached = cache.current.get(Math.floor(index / windowSize));
      return cached?.rows[index % windowSize];
    },
    [windowSize],
  );

  const requestRange = useCallback(
    (first: number, last: number) => {
      range.current = [Math.max(0, first), Math.max(0, last)];
      loadRange();
    },
    [loadRange],
  );

  const retry = useCallback(() => {
    setError(null);
    inFlight.current.clear();
    loadRange();
  }, [loadRange]);

  const patch = useCallback((row: T) => {
    let found = false;
    for (const cached of cache.current.values()) {
      const at = cached.rows.findIndex((candidate) => candidate.id === row.id);
      if (at < 0) continue;
      cached.rows = cached.rows.with(at, row);
      found = true;
    }
    if (found) setTick((n) => n + 1);
  }, []);

  // Pending until the current query answered (or failed): computed during render, so the screen
  // never pairs the new query with the old count.
  const pending = shownKey !== queryKey && failedKey !== queryKey;
  return { total, getRow, requestRange, error, retry, pending, patch };
}

/** Drops the least recently filled windows beyond `max`, never one that is in view. */
function evict<T>(cache: Map<number, CachedWindow<T>>, max: number, inView: [number, number], size: number): void {
  const firstInView = Math.floor(inView[0] / size);
  const lastInView = Math.floor(inView[1] / size);
  for (const index of cache.keys()) {
    if (cache.size <= max) return;
    if (index < firstInView || index > lastInView) cache.delete(index);
  }
}
