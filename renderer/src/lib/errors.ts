/**
 * What to show the user for a rejected bridge call. The core's messages are already written for
 * the user (what happened, what to do), so they are shown as they are; `toBridgeError` supplies a
 * generic message for a rejection that carries none.
 */
import { toBridgeError } from '../../../preload/bridge-errors';

/** The user-facing message of a rejection reason. */
export function errorMessage(reason: unknown): string {
  return toBridgeError(reason).message;
}
