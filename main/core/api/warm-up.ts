/**
 * Loads, when the core starts, what the first request and the first answers would otherwise load
 * on the event loop in the middle of signing in or syncing (docs/PERFORMANCE.md, row 11): Node's
 * HTTP client behind `fetch`, and the answer validators of the operations that signing in and the
 * first views call, one per turn of the event loop.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { OperationId } from '../../../api/generated/operations';
import { validationWarmer } from './validator';

/** The operations whose answers are validated first after a start (sign-in, the signed-in user). */
export const firstOperations: readonly OperationId[] = ['authenticateUser', 'getCurrentUser'];

/**
 * Warms the HTTP client and the validators of `operationIds`; resolves when done. Never rejects: a
 * failure here recurs, and is reported, where the thing is used.
 */
export async function warmUp(operationIds: readonly OperationId[] = firstOperations): Promise<void> {
  try {
    // A `data:` URL loads fetch's implementation without a connection.
    await (await fetch('data:,')).arrayBuffer();
    const step = validationWarmer(operationIds);
    while (step()) await nextTurn();
  } catch {
    // Loaded again, and reported, on first use.
  }
}
