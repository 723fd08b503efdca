/**
 * The one dispatcher both hosts (Electron IPC and the browser-mode WebSocket) use to run a bridge
 * call: look the call up in the contract, validate its input with the call's zod schema, run the
 * core's handler, and turn every failure into a `BridgeError` the renderer can show (docs/ARCHITECTURE.md, "Layers").
 */
import type { z } from 'zod';
import { BridgeError, type BridgeErrorShape, type CallName, calls } from '../preload/contract';
import { describeIssue, fieldErrors } from '../preload/contract/issues';
import type { Core } from './core/platform';

/** Message for failures the user cannot act on other than by retrying or restarting. */
export const internalErrorMessage =
  'Something went wrong in BRM Desktop. Try again; if it keeps happening, restart the app.';

/** Runs bridge calls against a core. */
export interface Dispatcher {
  /**
   * Validates and runs one call. Resolves with the handler's result.
   * Rejects with `BridgeError`: 'invalid_input' for an unknown name or bad input (before the core
   * sees it), the core's own BridgeError as thrown, or 'internal' for anything unexpected.
   */
  dispatch(name: string, input: unknown): Promise<unknown>;
}

/** Options for `createDispatcher`. */
export interface DispatcherOptions {
  /** Receives unexpected errors (not BridgeErrors) with the call name; defaults to console.error. */
  logError?: (callName: string, error: unknown) => void;
}

const callNames = new Set<string>(Object.keys(calls));

/** True when `name` is a call declared in the bridge contract. */
export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && callNames.has(name);
}

/** Creates the dispatcher for `core` (docs/ARCHITECTURE.md). */
export function createDispatcher(core: Pick<Core, 'handlers'>, options: DispatcherOptions = {}): Dispatcher {
  const logError =
    options.logError ??
    ((callName, error) => console.error(`BRM Desktop: call ${callName} failed unexpectedly`, error));
  return {
    async dispatch(name, input) {
      if (!isCallName(name)) {
        throw new BridgeError('invalid_input', `Unknown call ${JSON.stringify(String(name)).slice(0, 80)}.`);
      }
      // Calls whose input is an empty object may omit it.
      const parsed = calls[name].input.safeParse(input === undefined ? {} : input);
      if (!parsed.success) {
        throw new BridgeError(
          'invalid_input',
          describeInputIssues(name, parsed.error.issues),
          fieldErrors(parsed.error.issues),
        );
      }
      const handler = core.handlers[name] as (input: unknown) => Promise<unknown>;
      try {
        return await handler(parsed.data);
      } catch (error) {
        if (error instanceof BridgeError) throw error;
        logError(name, error);
        throw new BridgeError('internal', internalErrorMessage);
      }
    },
  };
}

/** Turns anything a dispatch rejected with into the `{ code, message }` that crosses the bridge. */
export function toBridgeErrorShape(error: unknown): BridgeErrorShape {
  if (!(error instanceof BridgeError)) return { code: 'internal', message: internalErrorMessage };
  return error.fields?.length
    ? { code: error.code, message: error.message, fields: error.fields }
    : { code: error.code, message: error.message };
}

/**
 * Writes zod issues as one readable line per bad field, e.g.
 * `documents.upload: files[0].name: expected a string`. At most 5 issues are listed.
 */
export function describeInputIssues(callName: string, issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 5).map((issue) => `${callName}: ${formatPath(issue.path)}: ${describeIssue(issue)}`);
  if (issues.length > shown.length) shown.push(`${callName}: and ${issues.length - shown.length} more problems`);
  return shown.join('; ');
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'input';
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}
