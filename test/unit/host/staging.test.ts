import { createHash } from 'node:crypto';
import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkStagedName, createStagingArea, StagingTooLargeError } from '../../../main/host/staging';
import { createHostToken, tokenMatches } from '../../../main/host/token';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'brm-staging-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function chunks(count: number, size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      this.push(sent++ < count ? Buffer.alloc(size, sent % 251) : null);
    },
  });
}

describe('staging area', () => {
  it('streams a body to <dir>/<uuid> and resolves only its own refs', async () => {
    const staging = await createStagingArea(join(dir, 'staging'), 1024 * 1024);
    const staged = await staging.stage(chunks(64, 4096), 'Quarterly report.pdf');
    expect(staged.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(staged).toMatchObject({
      name: 'Quarterly report.pdf',
      size: 64 * 4096,
      path: join(dir, 'staging', staged.ref),
    });
    const onDisk = await readFile(staged.path);
    const expected = Buffer.concat(await chunks(64, 4096).toArray());
    expect(createHash('sha256').update(onDisk).digest('hex')).toBe(createHash('sha256').update(expected).digest('hex'));
    expect(staging.get(staged.ref)).toEqual(staged);
    expect(staging.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('refuses a body over the limit and leaves nothing behind', async () => {
    const staging = await createStagingArea(join(dir, 'staging'), 10_000);
    await expect(staging.stage(chunks(3, 4096), 'big.bin')).rejects.toBeInstanceOf(StagingTooLargeError);
    expect(await readdir(join(dir, 'staging'))).toEqual([]);
  });

  it('hands a staged file over by moving it, so it outlives the staging area', async () => {
    const staging = await createStagingArea(join(dir, 'staging'));
    const staged = await staging.stage(chunks(2, 1000), 'Offer.pdf');
    const kept = join(dir, 'kept-offer');
    expect(await staging.take(staged.ref, kept)).toBe(true);
    expect((await readFile(kept)).length).toBe(2000);
    expect(await readdir(join(dir, 'staging'))).toEqual([]);
    // Taken once: the ref no longer resolves, and clearing the staging area leaves the moved file.
    expect(staging.get(staged.ref)).toBeUndefined();
    expect(await staging.take(staged.ref, join(dir, 'again'))).toBe(false);
    await staging.clear();
    expect((await readFile(kept)).length).toBe(2000);
  });

  it('empties what a previous run left and clears on request', async () => {
    const first = await createStagingArea(join(dir, 'staging'));
    await first.stage(chunks(1, 10), 'a.txt');
    const second = await createStagingArea(join(dir, 'staging'));
    expect(await readdir(join(dir, 'staging'))).toEqual([]);
    await second.stage(chunks(1, 10), 'b.txt');
    await second.clear();
    await expect(readdir(join(dir, 'staging'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('checkStagedName', () => {
  it('accepts plain names and refuses paths, dot names and empty or long names', () => {
    expect(checkStagedName('Angebot 2026 – final.docx')).toBeNull();
    for (const bad of [null, '', '../x', 'a/b', 'a\\b', '.', '..', 'x\0y', 'n'.repeat(256)]) {
      expect(checkStagedName(bad)).toEqual(expect.any(String));
    }
  });
});

describe('host token', () => {
  it('is 32 random bytes in base64url and matches only itself', () => {
    const token = createHostToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createHostToken()).not.toBe(token);
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token, `${token}x`)).toBe(false);
    expect(tokenMatches(token, token.slice(0, -1))).toBe(false);
    expect(tokenMatches(token, '')).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
  });
});
