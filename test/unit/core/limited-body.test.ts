import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBodyWithin } from '../../../main/core/api/limited-body';

/** A Response whose body yields `chunks` (then ends, or never when `endless`), counting what was pulled. */
function answer(chunks: Uint8Array[], headers: Record<string, string> = {}, endless = false) {
  const seen = { pulled: 0, cancelled: false };
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++ % chunks.length];
      if (!endless && next > chunks.length) return controller.close();
      seen.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { response: new Response(body, { headers }), seen };
}

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

describe('readBodyWithin', () => {
  it('reads a body within the budget into one ArrayBuffer of its exact length, with or without a length', async () => {
    const parts = [bytes(3, 1), bytes(4, 2)];
    for (const headers of [{}, { 'content-length': '7' }] as Record<string, string>[]) {
      const { response } = answer(parts, headers);
      const body = await readBodyWithin(response, 7);
      expect(body).toBeInstanceOf(ArrayBuffer);
      expect([...new Uint8Array(body)]).toEqual([1, 1, 1, 2, 2, 2, 2]);
    }
    expect((await readBodyWithin(new Response(null), 10)).byteLength).toBe(0);
  });

  it('refuses an announced length over the budget before reading, and cancels the body', async () => {
    const { response, seen } = answer([bytes(1024)], { 'content-length': String(300 * 1024 * 1024) }, true);
    const err = await readBodyWithin(response, 1024).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BodyTooLargeError);
    expect(err).toMatchObject({ maxBytes: 1024, message: expect.stringContaining('announced 314572800 bytes') });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(1024);
  });

  it('cuts an endless body without a length as soon as it passes the budget', async () => {
    const { response, seen } = answer([bytes(1000)], {}, true);
    await expect(readBodyWithin(response, 10_500)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.cancelled).toBe(true);
    // The stream may have pulled a chunk ahead of the reader, no more.
    expect(seen.pulled).toBeLessThanOrEqual(13_000);
  });

  it('counts the decoded bytes of a compressed body, not its announced length', async () => {
    const { response } = answer([bytes(600), bytes(600)], { 'content-length': '10', 'content-encoding': 'gzip' });
    await expect(readBodyWithin(response, 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
    const small = answer([bytes(5)], { 'content-length': '9999', 'content-encoding': 'br' });
    expect((await readBodyWithin(small.response, 1000)).byteLength).toBe(5);
  });
});
