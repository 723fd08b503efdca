/**
 * The checksums downloads are checked with (main/core/transfers/checksum.ts): CRC-32 as RFC 1952
 * defines it (its check value), the same value whether fed at once or piece by piece or continued
 * from a file's first bytes, SHA-256 for records without a CRC-32, and which one a document asks for.
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checksumOfPrefix, createChecksum, expectedChecksum } from '../../../main/core/transfers/checksum';
import { createTempDir } from '../../helpers/core-harness';

const dir = createTempDir('brm-checksum-');
afterAll(() => dir.remove());

describe('checksums', () => {
  it("gives CRC-32's check value for '123456789' (cbf43926) and the empty input's (00000000)", () => {
    const sum = createChecksum('crc32');
    sum.update(Buffer.from('123456789'));
    expect(sum.hex()).toBe('cbf43926');
    expect(createChecksum('crc32').hex()).toBe('00000000');
  });

  it('gives the same value fed in pieces as at once, and continues from the first bytes of a file', async () => {
    const content = randomBytes(3 * 1024 * 1024 + 11);
    const path = join(dir.path, 'part');
    writeFileSync(path, content);
    for (const kind of ['crc32', 'sha256'] as const) {
      const whole = createChecksum(kind);
      whole.update(content);
      const expected = whole.hex();
      const pieces = createChecksum(kind);
      for (let at = 0; at < content.length; at += 65_537) pieces.update(content.subarray(at, at + 65_537));
      expect(pieces.hex()).toBe(expected);
      const continued = await checksumOfPrefix(path, 1_500_000, kind);
      continued.update(content.subarray(1_500_000));
      expect(continued.hex()).toBe(expected);
    }
    const sha = createChecksum('sha256');
    sha.update(content);
    expect(sha.hex()).toBe(createHash('sha256').update(content).digest('hex'));
  });

  it('checks a document with its CRC-32 when its record has one, else with its SHA-256', () => {
    const sha256 = 'c'.repeat(64);
    expect(expectedChecksum({ sha256, crc32: '0a1b2c3d' })).toEqual({ kind: 'crc32', hex: '0a1b2c3d' });
    expect(expectedChecksum({ sha256, crc32: null })).toEqual({ kind: 'sha256', hex: sha256 });
    expect(expectedChecksum({ sha256 })).toEqual({ kind: 'sha256', hex: sha256 });
  });
});
