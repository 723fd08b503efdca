/**
 * What a failed upload attempt means for the upload queue (docs/ARCHITECTURE.md, "Transfers"), and
 * the words the user sees meanwhile: as for every queued transfer (transfer-outcome.ts), plus
 * - 409: for `uploadDocument` with this upload's own key, an earlier attempt is still running on the
 *   service (api/openapi.yaml); the upload waits for it and is sent again.
 */
import { ServiceError } from '../errors';
import type { UploadOperation } from './upload-queue-store';
import { type TransferOutcome, transferOutcome, type WaitingWords } from './transfer-outcome';

/** What to do after a failed upload attempt. */
export type UploadOutcome = TransferOutcome;

/** Shown while an upload waits because the service cannot be reached. */
export const waitingForServiceReason = 'Waiting for the service — it uploads by itself when the connection is back.';
/** Shown while an upload waits because nobody is signed in. */
export const waitingForSignInReason = 'Waiting for you to sign in again — it uploads by itself after that.';

/** The words of a waiting upload. */
export const uploadWaitingWords: WaitingWords = {
  verb: 'Uploading',
  service: waitingForServiceReason,
  busy: (status) =>
    `Waiting for the service (it answered ${status}, busy or unavailable) — it uploads by itself when the service is ready again.`,
  signIn: waitingForSignInReason,
};

/**
 * Classifies the failure `err` of an attempt at uploading `name` with `operation`. For an import
 * mapping file a 409 is a refusal (api/openapi.yaml `uploadImportMapping`: the name is taken).
 */
export function uploadOutcome(
  name: string,
  err: unknown,
  operation: UploadOperation = 'uploadDocument',
): UploadOutcome {
  if (err instanceof ServiceError && err.status === 409 && operation === 'uploadDocument') {
    return {
      kind: 'wait',
      reason: 'Waiting for the service to finish an earlier try of this upload — it continues by itself.',
      retryAfterMs: err.retryAfterMs,
      offline: false,
    };
  }
  return transferOutcome(uploadWaitingWords, name, err);
}
