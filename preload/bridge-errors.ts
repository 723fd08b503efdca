/**
 * Turning bridge rejections back into `BridgeError` instances. Electron's contextBridge keeps only
 * the message of Error objects, so the preload rejects with plain `{ name, code, message }` objects;
 * the renderer wraps `window.brm` with `withBridgeErrors` so every rejection it sees is a BridgeError.
 * No Node or DOM imports: used by the renderer and by tests alike.
 */
import { BridgeError, type BridgeErrorCode, type BrmBridge, type FieldError } from './contract';

const errorCodes: readonly BridgeErrorCode[] = [
  'invalid_input',
  'unauthorized',
  'offline',
  'not_found',
  'conflict',
  'too_large',
  'server_error',
  'internal',
  'storage',
];

/** Shown when a rejection carries no message of its own. */
const fallbackMessage = 'Something went wrong inside BRM Desktop. Try again; if it keeps happening, restart the app.';

/**
 * Turns what a bridge call rejected with into a BridgeError: a BridgeError as is; a
 * `{ code, message, fields? }` shape as BridgeError(code, message, fields); anything else as 'internal' with its
 * message (an Error's, or a non-empty string), or a generic one when it carries none.
 */
export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof BridgeError) return error;
  const shape = error as { code?: unknown; message?: unknown; fields?: unknown } | null;
  const carried = typeof shape?.message === 'string' ? shape.message : typeof error === 'string' ? error : '';
  const message = carried.trim() !== '' ? carried : fallbackMessage;
  const known = errorCodes.includes(shape?.code as BridgeErrorCode);
  const fields = Array.isArray(shape?.fields)
    ? (shape.fields as unknown[]).filter(
        (f): f is FieldError =>
          typeof (f as FieldError)?.pointer === 'string' && typeof (f as FieldError)?.message === 'string',
      )
    : undefined;
  return new BridgeError(known ? (shape!.code as BridgeErrorCode) : 'internal', message, fields);
}

/** Wraps a bridge so every rejection of `call` and `fileRef` is a BridgeError instance (see `toBridgeError`). */
export function withBridgeErrors(bridge: BrmBridge): BrmBridge {
  return {
    call: (name, input) => bridge.call(name, input).catch((error: unknown) => Promise.reject(toBridgeError(error))),
    on: (name, listener) => bridge.on(name, listener),
    fileRef: (file) => bridge.fileRef(file).catch((error: unknown) => Promise.reject(toBridgeError(error))),
  };
}
