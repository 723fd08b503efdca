/**
 * The checksums a downloaded file is checked with (docs/ARCHITECTURE.md, "Transfers"): a
 * document's `crc32` (api/openapi.yaml, Document; RFC 1952's CRC-32, computed with the CPU's
 * carry-less multiply by `@node-rs/crc32`: about 55 ms per GiB here) where its synced record has
 * one, else its `sha256` (about 820 ms per GiB here, even with the CPU's SHA extensions;
 * docs/PERFORMANCE.md, row 9). Both are given and compared as lowercase hex.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { crc32 } from '@node-rs/crc32';
import { readChunkBytes } from './local-files';

/** Which checksum a file is checked with. */
export type ChecksumKind = 'crc32' | 'sha256';

/** A running checksum: fed the bytes in order, then read once as hex. */
export interface Checksum {
  update(bytes: Uint8Array): void;
  /** The checksum of every byte fed so far, lowercase hex (8 digits for CRC-32, 64 for SHA-256). */
  hex(): string;
}

/** A new running checksum of `kind`. */
export function createChecksum(kind: ChecksumKind): Checksum {
  if (kind === 'sha256') {
    const hash = createHash('sha256');
    return { update: (bytes) => void hash.update(bytes), hex: () => hash.digest('hex') };
  }
  let value = 0;
  return {
    update: (bytes) => {
      value = crc32(bytes as Buffer, value);
    },
    hex: () => value.toString(16).padStart(8, '0'),
  };
}

/** The expected checksum of a download: the document's CRC-32 when its record has one, else its SHA-256. */
export function expectedChecksum(doc: { crc32?: string | null; sha256: string }): { kind: ChecksumKind; hex: string } {
  return doc.crc32 ? { kind: 'crc32', hex: doc.crc32 } : { kind: 'sha256', hex: doc.sha256 };
}

/**
 * A running checksum of `kind` already fed the first `bytes` bytes of the file at `path` (a
 * `.part` being continued). Rejects with the file's error when it cannot be read.
 */
export async function checksumOfPrefix(path: string, bytes: number, kind: ChecksumKind): Promise<Checksum> {
  const sum = createChecksum(kind);
  if (bytes === 0) return sum;
  const chunks = createReadStream(path, { start: 0, end: bytes - 1, highWaterMark: readChunkBytes });
  for await (const chunk of chunks as AsyncIterable<Buffer>) sum.update(chunk);
  return sum;
}
