/**
 * A `.part` file's life (main/core/transfers/local-files.ts): opening it to write (openPartFile:
 * created when missing, continued when asked to keep its bytes, emptied otherwise, an empty one
 * opened as it is, never truncated) and moving the finished file to a free name (moveToFreeName:
 * taken names are passed over and never replaced, and nothing is left behind).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moveToFreeName, openPartFile } from '../../../main/core/transfers/local-files';
import { createTempDir } from '../../helpers/core-harness';

const dir = createTempDir('brm-part-file-');
afterAll(() => dir.remove());

describe('openPartFile', () => {
  it('creates a missing file, and writes an empty one from its first byte', async () => {
    const missing = join(dir.path, 'missing.part');
    const file = await openPartFile(missing, false);
    await file.write(Buffer.from('abc'), 0, 3, 0);
    await file.close();
    expect(readFileSync(missing, 'utf8')).toBe('abc');
    const empty = join(dir.path, 'empty.part');
    writeFileSync(empty, '');
    const again = await openPartFile(empty, false);
    await again.write(Buffer.from('xyz'));
    await again.close();
    expect(readFileSync(empty, 'utf8')).toBe('xyz');
  });

  it('keeps the bytes of a file it continues, and drops them otherwise', async () => {
    const path = join(dir.path, 'kept.part');
    writeFileSync(path, 'first half ');
    const continued = await openPartFile(path, true);
    await continued.write(Buffer.from('second half'), 0, 11, statSync(path).size);
    await continued.close();
    expect(readFileSync(path, 'utf8')).toBe('first half second half');
    const restarted = await openPartFile(path, false);
    expect((await restarted.stat()).size).toBe(0);
    await restarted.close();
    expect(existsSync(path)).toBe(true);
  });

  it('moves a finished file to the first free name, passing over taken ones and leaving no .part', async () => {
    const folder = join(dir.path, 'moves');
    mkdirSync(folder);
    writeFileSync(join(folder, 'Offer.pdf'), 'someone else');
    writeFileSync(join(folder, 'Offer (1).pdf'), '');
    writeFileSync(join(folder, 'Offer.pdf.part'), 'the document');
    const moved = await moveToFreeName(join(folder, 'Offer.pdf.part'), folder, 'Offer.pdf');
    expect(moved).toBe(join(folder, 'Offer (2).pdf'));
    expect(readFileSync(moved, 'utf8')).toBe('the document');
    expect(readFileSync(join(folder, 'Offer.pdf'), 'utf8')).toBe('someone else');
    expect(readdirSync(folder).sort()).toEqual(['Offer (1).pdf', 'Offer (2).pdf', 'Offer.pdf']);
  });
});
