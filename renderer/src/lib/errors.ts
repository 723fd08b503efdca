/**
 * Turning whatever a rejected bridge call carries into something to show the user.
 * The core rejects with `BridgeErrorShape` ({ code, message }); its messages are already written for
 * the user (what happened, what to do), so they are shown as they are.
 */
import type { BridgeErrorCode, BridgeErrorShape } from '../../../preload/contract';

const codes: readonly BridgeErrorCode[] = [
  'invalid_input',
  'unauthorized',
  'offline',
  'not_found',
  'conflict',
  'too_large',
  'server_error',
  'internal',
];

const fallbackMessage = 'Something went wrong inside BRM Desktop. Try again; if it keeps happening, restart the app.';

/** Normalizes a rejection reason to `{ code, message }`; unknown shapes become code `internal`. */
export function toBridgeError(reason: unknown): BridgeErrorShape {
  if (reason && typeof reason === 'object') {
    const { code, message } = reason as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' && message.trim() !== '' ? message : fallbackMessage;
    if (typeof code === 'string' && (codes as readonly string[]).includes(code)) {
      return { code: code as BridgeErrorCode, message: text };
    }
    return { code: 'internal', message: text };
  }
  if (typeof reason === 'string' && reason.trim() !== '') return { code: 'internal', message: reason };
  return { code: 'internal', message: fallbackMessage };
}

/** The user-facing message of a rejection reason. */
export function errorMessage(reason: unknown): string {
  return toBridgeError(reason).message;
}
