/**
 * Messages between the core and its transfer thread (transfer-worker.ts, transfer-thread.ts), and
 * how the thread's errors cross between them: each arrives as the same class with the same message
 * (transfer-io.ts lists them), a file-system error as an Error with the same code.
 */
import type { FileRequest } from '../api/client';
import { NoAnswerError } from '../api/node-transport';
import { BodyReadError, BodyTooLongError } from './body-to-file';
import { type FileSink, type ReceivedFile, ShortBodyError, WrongPartError } from './receive-file';
import type { UploadBody } from './transfer-io';

/** A request to the transfer thread: receive an answer into a file, send a file, or stop request `id`. */
export type TransferRequest =
  | { kind: 'receive'; id: number; req: Omit<FileRequest, 'signal'>; sink: FileSink }
  | { kind: 'send'; id: number; req: Omit<FileRequest, 'signal'>; body: UploadBody }
  | { kind: 'cancel'; id: number };

/** An error as it crosses the thread boundary. */
export type TransferIoError =
  | { kind: 'noAnswer'; message: string }
  | { kind: 'read'; message: string; aborted: boolean }
  | { kind: 'tooLong'; maxBytes: number }
  | { kind: 'wrongPart' }
  | { kind: 'short'; received: number; size: number }
  | { kind: 'other'; message: string; code?: string };

/**
 * What the transfer thread says about request `id`: the file's bytes so far (the count it starts
 * from, the first bytes that moved and the last count at once, between them at most one per
 * `progressEveryMs`), then one `answer` or one `failed`.
 */
export type TransferResponse =
  | { kind: 'progress'; id: number; bytes: number }
  | {
      kind: 'answer';
      id: number;
      status: number;
      headers: [string, string][];
      text?: string;
      result?: ReceivedFile;
    }
  | { kind: 'failed'; id: number; error: TransferIoError };

/** The shortest time between two progress messages of the transfer thread, ms (a progress bar moves smoothly at 20 per second). */
export const progressEveryMs = 50;

const causeMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Describes an error of transfer-io.ts for the trip to the core; `cancelled`: the request's signal aborted. */
export function toTransferError(err: unknown, cancelled = false): TransferIoError {
  if (err instanceof NoAnswerError) return { kind: 'noAnswer', message: causeMessage(err.cause) };
  if (err instanceof BodyReadError) {
    const aborted = cancelled || (err.cause as { name?: string } | null)?.name === 'AbortError';
    return { kind: 'read', message: causeMessage(err.cause), aborted };
  }
  if (err instanceof BodyTooLongError) return { kind: 'tooLong', maxBytes: err.maxBytes };
  if (err instanceof WrongPartError) return { kind: 'wrongPart' };
  if (err instanceof ShortBodyError) return { kind: 'short', received: err.received, size: err.size };
  const code = (err as { code?: unknown } | null)?.code;
  return { kind: 'other', message: causeMessage(err), ...(typeof code === 'string' ? { code } : {}) };
}

/** The error the transfer thread described, as the class transfer-io.ts throws. */
export function fromTransferError(error: TransferIoError): Error {
  switch (error.kind) {
    case 'noAnswer':
      return new NoAnswerError(new Error(error.message));
    case 'read': {
      const cause = error.aborted ? new DOMException(error.message, 'AbortError') : new TypeError(error.message);
      return new BodyReadError(cause);
    }
    case 'tooLong':
      return new BodyTooLongError(error.maxBytes);
    case 'wrongPart':
      return new WrongPartError();
    case 'short':
      return new ShortBodyError(error.received, error.size);
    case 'other':
      return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
  }
}
