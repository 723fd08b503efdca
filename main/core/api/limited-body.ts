/**
 * Reads an answer's body into one ArrayBuffer within a byte budget, so that a broken or hostile
 * service cannot make the core hold more than the budget: an announced `Content-Length` over the
 * budget is refused before a byte is read, and a body without one (chunked, RFC 9112 §7.1) or a
 * compressed one is cut as soon as its decoded bytes pass the budget; the connection is then closed.
 */

/** Thrown when a body is, or says it is, larger than the budget it is read with. */
export class BodyTooLargeError extends Error {
  /** The budget, bytes. */
  readonly maxBytes: number;
  constructor(maxBytes: number, announced: number | null) {
    super(
      announced === null
        ? `The answer passed ${maxBytes} bytes.`
        : `The answer announced ${announced} bytes, more than ${maxBytes}.`,
    );
    this.name = 'BodyTooLargeError';
    this.maxBytes = maxBytes;
  }
}

/** The announced length of an uncompressed body (RFC 9110 §8.6), or null when it is absent, unreadable, or of encoded bytes. */
function announcedLength(headers: Headers): number | null {
  const encoding = headers.get('content-encoding');
  if (encoding && encoding.trim().toLowerCase() !== 'identity') return null;
  const value = headers.get('content-length');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/**
 * Reads `response`'s whole body into a new ArrayBuffer of exactly its length, holding at most about
 * `maxBytes` (plus one chunk) at any time. Throws BodyTooLargeError, after cancelling the body, when
 * the body announces or reaches more than `maxBytes` bytes (a compressed body's announced length is
 * not used: its decoded bytes count); rethrows the stream's own error when the connection breaks.
 */
export async function readBodyWithin(response: Response, maxBytes: number): Promise<ArrayBuffer> {
  const announced = announcedLength(response.headers);
  if (announced !== null && announced > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes, announced);
  }
  if (!response.body) return new ArrayBuffer(0);
  const reader = response.body.getReader();
  // With a known length the bytes go straight into their final buffer; else the chunks are kept and
  // joined once at the end.
  const whole = announced !== null ? new Uint8Array(announced) : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (received + value.byteLength > (whole ? whole.byteLength : maxBytes)) {
        throw new BodyTooLargeError(whole ? whole.byteLength : maxBytes, null);
      }
      if (whole) whole.set(value, received);
      else chunks.push(value);
      received += value.byteLength;
    }
  } catch (err) {
    await reader.cancel(err).catch(() => undefined);
    throw err;
  } finally {
    reader.releaseLock();
  }
  if (whole) return received === whole.byteLength ? whole.buffer : whole.buffer.slice(0, received);
  const joined = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  return joined.buffer;
}
