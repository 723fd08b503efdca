/**
 * `useBridgeQuery`: runs one bridge call for the current input and re-runs it when the input
 * changes, when `data.changed` names one of `reloadOn` (or the outbox changed, for `'outbox'`), or on `reload()`. While a re-run is on its
 * way the previous answer stays on screen (no flicker); answers to superseded inputs are dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CallInput, CallName, CallResult } from '../../../preload/contract';
import type { DataKey } from '../stores/data-store';
import { useBridge, useDataVersion, useStores } from '../stores/stores-context';
import { errorMessage } from './errors';

export interface QueryState<T> {
  /** The last answer for the current input; undefined until the first one arrives. */
  data: T | undefined;
  /** What went wrong with the last run, for the user. */
  error: string | null;
  /**
   * True while a run for the current input is on its way, or while the core refreshes the kept
   * answer it gave in the background (`refreshing` in the answer: kept.ts `keptFirst`).
   */
  loading: boolean;
  /** Runs the call again. */
  reload(): void;
}

interface Answer<T> {
  key: string | null;
  data: T | undefined;
  error: string | null;
  loading: boolean;
}

/** Options of `useBridgeQuery`. */
export interface QueryOptions {
  /**
   * Shows the last answer to the same call and input at once (kept in the renderer while the session
   * lasts: stores/answer-cache.ts) while the call runs again; for views with large answers that must
   * paint at once when opened again.
   */
  showLast?: boolean;
}

/**
 * Calls `name` with `input` (skipped while `input` is null). Inputs are compared by their JSON
 * form, so an object literal per render does not cause a re-run.
 */
export function useBridgeQuery<K extends CallName>(
  name: K,
  input: CallInput<K> | null,
  reloadOn: readonly DataKey[] = [],
  { showLast = false }: QueryOptions = {},
): QueryState<CallResult<K>> {
  const bridge = useBridge();
  const { answers } = useStores();
  const version = useDataVersion(reloadOn);
  const key = input === null ? null : JSON.stringify(input);
  const lastKey = showLast && key !== null ? `${name} ${key}` : null;
  const last = (lastKey === null ? undefined : answers.get(lastKey)) as CallResult<K> | undefined;
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<Answer<CallResult<K>>>({
    key,
    data: last,
    error: null,
    loading: key !== null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `reloads` are re-run triggers by design.
  useEffect(() => {
    if (key === null) {
      setAnswer({ key, data: undefined, error: null, loading: false });
      return;
    }
    let current = true;
    setAnswer((previous) =>
      previous.key === key ? { ...previous, loading: true } : { key, data: last, error: null, loading: true },
    );
    bridge.call(name, JSON.parse(key) as CallInput<K>).then(
      (data) => {
        if (!current) return;
        if (lastKey !== null) answers.set(lastKey, data);
        setAnswer({ key, data, error: null, loading: false });
      },
      (reason: unknown) => {
        if (current) {
          setAnswer((previous) => ({
            key,
            data: previous.key === key ? previous.data : undefined,
            error: errorMessage(reason),
            loading: false,
          }));
        }
      },
    );
    return () => {
      current = false;
    };
  }, [bridge, name, key, version, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  if (answer.key !== key) return { data: last, error: null, loading: key !== null, reload };
  return { data: answer.data, error: answer.error, loading: answer.loading || isRefreshing(answer.data), reload };
}

/** True for a kept answer the core is refreshing in the background. */
function isRefreshing(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { refreshing?: unknown }).refreshing === true;
}
