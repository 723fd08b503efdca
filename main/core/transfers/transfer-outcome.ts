/**
 * What a failed attempt of a queued transfer means (docs/ARCHITECTURE.md, "Transfers"), the same
 * for uploads (upload-outcome.ts) and downloads (download-queue.ts):
 * - no answer, 408, 429 and 5xx: the service is away or busy; the transfer waits and goes again by
 *   itself, never sooner than Retry-After (RFC 9110 §10.2.3);
 * - signed out or session ended: the transfer waits for the same user to sign in again;
 * - any other refusal, or a local failure: the transfer fails with the service's words (or ours).
 * A kind may read some failures its own way first (an upload's 409).
 */
import { BridgeError } from '../../../preload/contract';
import { ServiceError } from '../errors';
import { transferFailure } from './deps';

/** What to do after a failed attempt. */
export type TransferOutcome =
  /** Go again later by itself. `offline`: no answer came. */
  | { kind: 'wait'; reason: string; retryAfterMs: number | null; offline: boolean }
  /** Wait for the user to sign in again. */
  | { kind: 'signIn'; reason: string }
  /** Failed for good; `answered`: the service answered (so it is reachable). */
  | { kind: 'refused'; message: string; answered: boolean };

/** The words a kind of transfer shows while it waits. */
export interface WaitingWords {
  /** 'Uploading' or 'Downloading', for failure messages. */
  verb: 'Uploading' | 'Downloading';
  /** While the service cannot be reached. */
  service: string;
  /** While the service answers `status` (408, 429, 5xx): busy or unavailable. */
  busy(status: number): string;
  /** While nobody is signed in. */
  signIn: string;
}

/** True for statuses after which the same request may succeed later. */
function isPassing(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Classifies the failure `err` of an attempt at transferring `name`, in `words`. */
export function transferOutcome(words: WaitingWords, name: string, err: unknown): TransferOutcome {
  if (err instanceof ServiceError && isPassing(err.status)) {
    return {
      kind: 'wait',
      reason: err.status === 0 ? words.service : words.busy(err.status),
      retryAfterMs: err.retryAfterMs,
      offline: err.status === 0,
    };
  }
  if (err instanceof BridgeError && err.code === 'unauthorized' && !(err instanceof ServiceError)) {
    return { kind: 'signIn', reason: words.signIn };
  }
  return { kind: 'refused', message: transferFailure(words.verb, name, err), answered: err instanceof ServiceError };
}
