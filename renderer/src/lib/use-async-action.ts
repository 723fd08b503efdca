/**
 * `useAsyncAction`: one action the user started that waits for the core (a save, a send, a
 * download): `busy` while it runs (buttons say so and are disabled), and the refusal's words in
 * `error` when it fails, shown where the user acted so nothing typed is lost.
 */
import { useCallback, useState } from 'react';
import { errorMessage } from './errors';

/** The state of the action and `run`, which resolves to the work's result, or undefined when it failed. */
export interface AsyncAction {
  busy: boolean;
  /** What went wrong the last time, for the user; null after a success or before any run. */
  error: string | null;
  setError(error: string | null): void;
  run<T>(work: () => Promise<T>): Promise<T | undefined>;
}

/** Creates the state of one action. */
export function useAsyncAction(): AsyncAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (reason) {
      setError(errorMessage(reason));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
