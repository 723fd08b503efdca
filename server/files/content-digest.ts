/**
 * The digest the service keeps of every document file: its size, its SHA-256 (the content's name and
 * the download's `ETag`) and its CRC-32 (the check clients run on a download, contract 0.5.0), made
 * in one pass over the bytes, chunk by chunk, so that files of up to 2 GiB never sit in memory.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { crc32 } from '@node-rs/crc32';

/**
 * Size (bytes), SHA-256 (64 lowercase hex digits) and CRC-32 (the ISO-HDLC polynomial of RFC 1952,
 * 8 lowercase hex digits, most significant first) of some content: the `size`, `sha256` and
 * `crc32` of the contract's Document.
 */
export interface ContentDigest {
  size: number;
  sha256: string;
  crc32: string;
}

/** A CRC-32 value (unsigned 32-bit integer) as the contract writes it: 8 lowercase hex digits. */
export function crc32Hex(value: number): string {
  return (value >>> 0).toString(16).padStart(8, '0');
}

/** Makes a ContentDigest of content that arrives in chunks: `update` each chunk in order, then `digest` once. */
export class ContentDigester {
  private readonly hash: Hash = createHash('sha256');
  private crc = 0;
  private bytes = 0;

  /** Bytes given to `update` so far. */
  get size(): number {
    return this.bytes;
  }

  /** Adds the next chunk of the content. */
  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
    this.crc = crc32(chunk, this.crc);
    this.bytes += chunk.byteLength;
  }

  /** The digest of every chunk given. Throws when called a second time (the SHA-256 is finished). */
  digest(): ContentDigest {
    return { size: this.bytes, sha256: this.hash.digest('hex'), crc32: crc32Hex(this.crc) };
  }
}

/**
 * A stage of `stream.pipeline` that passes the chunks on unchanged while giving each to `digester`,
 * then calls `afterChunk` with the bytes seen so far (it may throw to stop the pipeline, e.g. for a
 * size limit).
 */
export function digesting(
  digester: ContentDigester,
  afterChunk?: (size: number) => void,
): (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer> {
  return async function* (source) {
    for await (const chunk of source) {
      digester.update(chunk);
      afterChunk?.(digester.size);
      yield chunk;
    }
  };
}

/**
 * Bytes of a file being written that its write stream may hold, 1 MiB (Node's default is 16 KiB).
 * With the default, every chunk of an upload's body (16–64 KiB) waited for its own disk write
 * before the next was read, so reading and digesting took turns with writing instead of
 * overlapping, and a 1 GiB upload from a Node client took 1.15× as long as curl's for the same
 * CPU. With 1 MiB the writes overlap, and the two take the same time (docs/PERFORMANCE.md, row 7).
 */
export const writeBufferBytes = 1024 * 1024;

/**
 * Writes the chunks of `source` to a new file at `path` while digesting them (`afterChunk` as in
 * `digesting`), through a write buffer of `writeBufferBytes`, and resolves with the digest.
 * Rejects with the source's, `afterChunk`'s or the file system's error; the file is then left for
 * the caller to discard.
 */
export async function writeDigested(
  source: AsyncIterable<Buffer>,
  path: string,
  afterChunk?: (size: number) => void,
): Promise<ContentDigest> {
  const digester = new ContentDigester();
  await pipeline(source, digesting(digester, afterChunk), createWriteStream(path, { highWaterMark: writeBufferBytes }));
  return digester.digest();
}

/** The digest of content held in memory (small files: demo data). */
export function digestOf(bytes: Uint8Array): ContentDigest {
  const digester = new ContentDigester();
  digester.update(bytes);
  return digester.digest();
}

/**
 * The digest of the file at `path`, read as a stream in 1 MiB chunks. Rejects with the file
 * system's error (`code` ENOENT for a missing file).
 */
export async function digestFile(path: string): Promise<ContentDigest> {
  const digester = new ContentDigester();
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) digester.update(chunk as Buffer);
  return digester.digest();
}
