import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBodyToFile } from '../../../main/core/transfers/body-to-file';
import { createTempDir } from '../../helpers/core-harness';

/** A body that sends `chunks`, then fails with `failure` when given; records whether it was cancelled. */
function bodyOf(chunks: Uint8Array[], failure?: Error): { body: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let next = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (next < chunks.length) controller.enqueue(chunks[next++]);
        else if (failure) controller.error(failure);
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, cancelled: () => cancelled };
}

describe('writeBodyToFile', () => {
  const dir = createTempDir();
  afterAll(() => dir.remove());

  it('writes every chunk in order across batches and shows each chunk once', async () => {
    const chunks = [5, 0, 7, 64, 1, 33, 100, 2].map((n) => new Uint8Array(randomBytes(n)));
    const path = join(dir.path, 'ordered.bin');
    const seen: number[] = [];
    const file = await open(path, 'w');
    const written = await writeBodyToFile(bodyOf(chunks).body, file, (c) => seen.push(c.byteLength), {
      batchBytes: 16,
    });
    await file.close();
    expect(written).toBe(212);
    expect(seen).toEqual([5, 7, 64, 1, 33, 100, 2]);
    expect(readFileSync(path)).toEqual(Buffer.concat(chunks));
  });

  it('appends to what the file holds when opened for appending (a resumed download)', async () => {
    const path = join(dir.path, 'resumed.bin');
    writeFileSync(path, 'head-');
    const file = await open(path, 'a');
    await writeBodyToFile(bodyOf([Buffer.from('middle-'), Buffer.from('tail')]).body, file, () => undefined, {
      batchBytes: 4,
    });
    await file.close();
    expect(readFileSync(path, 'utf8')).toBe('head-middle-tail');
  });

  it("rejects with the body's error after the bytes before it are written", async () => {
    const path = join(dir.path, 'broken.bin');
    const failure = new TypeError('terminated');
    const file = await open(path, 'w');
    const result = writeBodyToFile(
      bodyOf([Buffer.from('abc'), Buffer.from('def')], failure).body,
      file,
      () => undefined,
      { batchBytes: 3 },
    );
    await expect(result).rejects.toMatchObject({ name: 'BodyReadError', cause: failure });
    await file.close();
    // The first batch was written; the one in progress when the body broke may be too, never a torn one.
    expect(['abc', 'abcdef']).toContain(readFileSync(path, 'utf8'));
  });

  it("cancels the body and rejects with the file's error when writing fails", async () => {
    const path = join(dir.path, 'read-only.bin');
    writeFileSync(path, '');
    const source = bodyOf([Buffer.from('abc'), Buffer.from('def'), Buffer.from('ghi')]);
    const file = await open(path, 'r');
    await expect(writeBodyToFile(source.body, file, () => undefined, { batchBytes: 3 })).rejects.toMatchObject({
      code: 'EBADF',
    });
    await file.close();
    expect(source.cancelled()).toBe(true);
  });

  it('stops a body that passes its budget at once, cancelling it, with the bytes within the budget written', async () => {
    const path = join(dir.path, 'endless.bin');
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(10).fill(7));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const file = await open(path, 'w');
    await expect(
      writeBodyToFile(endless, file, () => undefined, { maxBytes: 25, batchBytes: 10 }),
    ).rejects.toMatchObject({ name: 'BodyTooLongError', maxBytes: 25 });
    await file.close();
    expect(cancelled).toBe(true);
    expect(pulled).toBe(3);
    expect(readFileSync(path).length).toBeLessThanOrEqual(25);
  });
});
