/**
 * Writes a response body to a file with little work per byte: the body's chunks are read straight
 * from its web stream (no Node stream adapters), each chunk is shown once to `onChunk` (hashing,
 * progress), and the chunks are written in batches of about `batchBytes` with one `writev` in flight
 * while the next batch arrives. No chunk is copied; at most two batches are held in memory.
 */
import type { FileHandle } from 'node:fs/promises';

/** Bytes gathered before one `writev` (1 MiB). */
export const writeBatchBytes = 1024 * 1024;

/** Writes all of `chunks` (`size` bytes) at the file's position, continuing after a short write. */
async function writeAll(file: FileHandle, chunks: Uint8Array[], size: number): Promise<void> {
  let { bytesWritten } = await file.writev(chunks);
  if (bytesWritten === size) return;
  const rest = Buffer.concat(chunks, size);
  while (bytesWritten < size) {
    const more = (await file.write(rest, bytesWritten)).bytesWritten;
    if (more === 0) throw new Error('The disk accepted no more bytes. Free some space and try again.');
    bytesWritten += more;
  }
}

/**
 * Reads `body` to its end, calling `onChunk` for every chunk in order and appending every chunk to
 * `file` at its current position. Resolves with the number of bytes written once all of them are
 * on the file. Rejects with the body's error (e.g. an AbortError when its fetch was aborted, a
 * TypeError when the connection broke) or the file's; the body is cancelled then, and no write is
 * still running when the promise settles. `file` stays open (the caller closes it).
 */
export async function writeBodyToFile(
  body: ReadableStream<Uint8Array>,
  file: FileHandle,
  onChunk: (chunk: Uint8Array) => void,
  batchBytes = writeBatchBytes,
): Promise<number> {
  const reader = body.getReader();
  let batch: Uint8Array[] = [];
  let batchSize = 0;
  let written = 0;
  let inFlight: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    await inFlight;
    if (batchSize === 0) return;
    const write = writeAll(file, batch, batchSize);
    // Marked as handled at once: it is awaited before the next batch or at the end.
    write.catch(() => undefined);
    inFlight = write;
    written += batchSize;
    batch = [];
    batchSize = 0;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.byteLength === 0) continue;
      onChunk(value);
      batch.push(value);
      batchSize += value.byteLength;
      if (batchSize >= batchBytes) await flush();
    }
    await flush();
    await inFlight;
    return written;
  } catch (err) {
    await reader.cancel(err).catch(() => undefined);
    await inFlight.catch(() => undefined);
    throw err;
  } finally {
    reader.releaseLock();
  }
}
