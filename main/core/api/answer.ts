/**
 * Reading a service answer from its body bytes: UTF-8 decoding (RFC 8259 §8.1), JSON parsing and
 * validation against the contract (validator.ts). Pure and thread-agnostic, so that the same code
 * reads answers on the main thread (ApiClient.call) and on the sync writer thread (change-feed
 * pages, which are large enough that parsing them would block the event loop).
 */
import type { OperationId } from '../../../api/generated/operations';
import { ServiceError } from '../errors';
import type { JsonResultOf } from './types';
import { validateResponse } from './validator';

/** An answer whose body has been received but not read: its HTTP status and its body bytes. */
export interface RawAnswer {
  /** The HTTP status (2xx: failures are thrown before an answer is read). */
  status: number;
  /** The body's bytes as received (UTF-8 JSON, possibly empty). */
  body: ArrayBuffer;
  /** The answer's headers. */
  headers: Headers;
}

const decoder = new TextDecoder();

/**
 * Decodes, parses and validates the body of an answer of `operationId` with HTTP `status`, returning
 * it typed (an empty body reads as null). Throws ServiceError('server_error', 502) when the body is
 * not JSON ("unreadable") or does not match the contract.
 */
export function parseAnswer<K extends OperationId>(
  operationId: K,
  status: number,
  body: ArrayBuffer | Uint8Array,
): JsonResultOf<K> {
  let value: unknown = null;
  if (body.byteLength > 0) {
    try {
      value = JSON.parse(decoder.decode(body));
    } catch {
      throw new ServiceError(
        'server_error',
        `The BRM service sent an unreadable answer to ${operationId}. Try again later.`,
        502,
      );
    }
  }
  return validateResponse<JsonResultOf<K>>(operationId, status, value);
}
