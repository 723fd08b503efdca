/**
 * What a failed upload attempt means for the upload queue (docs/ARCHITECTURE.md, "Transfers"), and
 * the words the user sees meanwhile:
 * - no answer, 408, 429 and 5xx: the service is away or busy; the upload waits and is sent again by
 *   itself, never sooner than Retry-After (RFC 9110 §10.2.3);
 * - 409: for `uploadDocument` with this upload's own key, an earlier attempt is still running on the
 *   service (api/openapi.yaml); the upload waits for it and is sent again;
 * - signed out or session ended: the upload waits for the same user to sign in again;
 * - any other refusal (400, 403, 404, 413, …) or a local failure: the upload fails with the
 *   service's words and waits for the user (send again, or cancel).
 */
import { BridgeError } from '../../../preload/contract';
import { ServiceError } from '../errors';
import { transferFailure } from './deps';

/** What to do after a failed attempt. */
export type UploadOutcome =
  /** Send again later by itself. `offline`: no answer came. */
  | { kind: 'wait'; reason: string; retryAfterMs: number | null; offline: boolean }
  /** Wait for the user to sign in again. */
  | { kind: 'signIn'; reason: string }
  /** Failed for good; `answered`: the service answered (so it is reachable). */
  | { kind: 'refused'; message: string; answered: boolean };

/** Shown while an upload waits because the service cannot be reached. */
export const waitingForServiceReason = 'Waiting for the service — it uploads by itself when the connection is back.';
/** Shown while an upload waits because nobody is signed in. */
export const waitingForSignInReason = 'Waiting for you to sign in again — it uploads by itself after that.';

/** True for statuses after which the same request may succeed later. */
function isPassing(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Classifies the failure `err` of an attempt at uploading `name`. */
export function uploadOutcome(name: string, err: unknown): UploadOutcome {
  if (err instanceof ServiceError && isPassing(err.status)) {
    return {
      kind: 'wait',
      reason:
        err.status === 0
          ? waitingForServiceReason
          : `Waiting for the service (it answered ${err.status}, busy or unavailable) — it uploads by itself when the service is ready again.`,
      retryAfterMs: err.retryAfterMs,
      offline: err.status === 0,
    };
  }
  if (err instanceof ServiceError && err.status === 409) {
    return {
      kind: 'wait',
      reason: 'Waiting for the service to finish an earlier try of this upload — it continues by itself.',
      retryAfterMs: err.retryAfterMs,
      offline: false,
    };
  }
  if (err instanceof BridgeError && err.code === 'unauthorized' && !(err instanceof ServiceError)) {
    return { kind: 'signIn', reason: waitingForSignInReason };
  }
  return {
    kind: 'refused',
    message: transferFailure('Uploading', name, err),
    answered: err instanceof ServiceError,
  };
}
