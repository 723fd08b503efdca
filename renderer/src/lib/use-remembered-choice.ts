/**
 * `useRememberedChoice`: a choice of how a view shows things (List or Grid, say), remembered per
 * signed-in user on this computer and across restarts, in the renderer's own storage
 * (`localStorage` of the app's origin). Every component reading the same choice follows a change at
 * once. Where storage cannot be written (full, or turned off), the choice holds while the app runs.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useSignedInUserId } from './use-signed-in-user-id';

/** Choices made in this run that storage refused to keep, by storage key: they win over storage. */
const made = new Map<string, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another window of the app (same origin) is followed too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function stored(key: string): string | null {
  const inRun = made.get(key);
  if (inRun !== undefined) return inRun;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The storage key of choice `name` of user `userId` (null: signed out). */
export function rememberedChoiceKey(userId: string | null, name: string): string {
  return `brm.choice.${userId ?? 'signed-out'}.${name}`;
}

/**
 * The signed-in user's remembered value of choice `name`, one of `choices` (`fallback` until one is
 * made, or when the stored one is no longer offered), and the function that makes a new choice.
 */
export function useRememberedChoice<T extends string>(
  name: string,
  choices: readonly T[],
  fallback: T,
): [T, (choice: T) => void] {
  const key = rememberedChoiceKey(useSignedInUserId(), name);
  const value = useSyncExternalStore(subscribe, () => stored(key));
  const choose = useCallback(
    (choice: T) => {
      try {
        window.localStorage.setItem(key, choice);
        made.delete(key);
      } catch {
        // Storage refused the write: the choice holds for this run.
        made.set(key, choice);
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [choices.includes(value as T) ? (value as T) : fallback, choose];
}
