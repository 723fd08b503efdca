/**
 * The digest of document files (server/files/content-digest.ts): size, SHA-256 and the CRC-32 of
 * RFC 1952 as contract 0.5.0 writes it, the same whether the content comes whole, in chunks, through
 * a pipeline or from a file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentDigester, crc32Hex, digestFile, digesting, digestOf } from '../../../server/files/content-digest';

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('content digest', () => {
  it('gives the check values of the CRC-32 of RFC 1952 as 8 lowercase hex digits', () => {
    expect(digestOf(Buffer.from('123456789'))).toEqual({
      size: 9,
      sha256: sha256(Buffer.from('123456789')),
      crc32: 'cbf43926',
    });
    // A value below 2^28 keeps its leading zeros; one above 2^31 stays unsigned.
    expect(crc32Hex(0x1f)).toBe('0000001f');
    expect(crc32Hex(0xfffffffe)).toBe('fffffffe');
    expect(crc32Hex(-2)).toBe('fffffffe');
    expect(digestOf(Buffer.from('a')).crc32).toBe('e8b7be43');
  });

  it('gives the same digest for content in chunks as for the whole', () => {
    const bytes = randomBytes(300_001);
    const digester = new ContentDigester();
    for (let at = 0; at < bytes.length; at += 65_536) digester.update(bytes.subarray(at, at + 65_536));
    expect(digester.size).toBe(bytes.length);
    expect(digester.digest()).toEqual(digestOf(bytes));
  });

  it('digests what passes through a pipeline stage without changing it, and lets a check stop it', async () => {
    const bytes = randomBytes(200_000);
    const chunks = Array.from({ length: 4 }, (_, i) => bytes.subarray(i * 50_000, (i + 1) * 50_000));
    const out: Buffer[] = [];
    const sink = () =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          out.push(chunk);
          done();
        },
      });
    const digester = new ContentDigester();
    await pipeline(Readable.from(chunks), digesting(digester), sink());
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
    expect(digester.digest()).toEqual(digestOf(bytes));

    const limited = new ContentDigester();
    const tooLarge = pipeline(
      Readable.from(chunks),
      digesting(limited, (size) => {
        if (size > 120_000) throw new Error(`over the limit at ${size}`);
      }),
      sink(),
    );
    await expect(tooLarge).rejects.toThrow('over the limit at 150000');
  });

  it('streams a file of several MiB, and rejects with ENOENT for a missing one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'brm-content-digest-'));
    const bytes = randomBytes(5 * 1024 * 1024 + 3);
    writeFileSync(join(dir, 'file'), bytes);
    expect(await digestFile(join(dir, 'file'))).toEqual(digestOf(bytes));
    await expect(digestFile(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
