/**
 * Uploads and downloads against the reference service: a streamed upload that comes back by sync
 * and downloads byte-identical, refusals before sending, name collisions, resuming a broken
 * `.part`, cancelling, and opening a downloaded document.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { truncate, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Transfer } from '../../../preload/contract';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  type RecordingPlatform,
  signInDemo,
  startTestCore,
  waitForEvent,
  waitForIdle,
  writeLocalDirectly,
} from '../../helpers/core-harness';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('transfers', () => {
  const dir = createTempDir();
  const downloads = join(dir.path, 'client', 'downloads');
  let service: RunningService;
  let core: Core;
  let platform: RecordingPlatform;
  let folderId: string;

  const finished = (id: string) =>
    waitForEvent(core, 'transfer.progress', (t) => t.id === id && ['done', 'failed', 'cancelled'].includes(t.state));

  beforeAll(async () => {
    service = await startService({ dataDir: `${dir.path}/service` });
    platform = createTestPlatform();
    core = await startTestCore(`${dir.path}/client`, platform);
    await signInDemo(core, service);
    await waitForIdle(core);
    folderId = (await core.handlers['documents.listFolders']({})).find((f) => f.parentId !== null)!.id;
  });
  afterAll(async () => {
    await core.stop();
    await service.stop();
    dir.remove();
  });

  async function upload(name: string, content: Buffer): Promise<Transfer> {
    const path = join(dir.path, name);
    writeFileSync(path, content);
    const [queued] = await core.handlers['documents.upload']({ folderId, files: [{ ref: path, name }] });
    return queued;
  }

  it('uploads a file as a stream, shows it at once, and downloads it byte-identical after a sync', async () => {
    const content = randomBytes(3 * 1024 * 1024 + 17);
    const events: Transfer[] = [];
    const off = core.on('transfer.progress', (t) => events.push(t));
    const queued = await upload('Quarterly report.bin', content);
    expect(queued).toMatchObject({
      kind: 'upload',
      name: 'Quarterly report.bin',
      bytesTotal: content.length,
      folderId,
    });
    const done = await finished(queued.id);
    off();
    expect(done.state).toBe('done');
    expect(done.bytesDone).toBe(content.length);
    const mine = events.filter((e) => e.id === queued.id);
    expect(mine.map((e) => e.state)).toEqual(expect.arrayContaining(['queued', 'running', 'done']));
    expect(mine.every((e) => e.bytesTotal === content.length && e.bytesDone <= content.length)).toBe(true);

    // In the cache at once, before any sync.
    const cached = await core.handlers['documents.get']({ id: done.documentId! });
    expect(cached).toMatchObject({
      name: 'Quarterly report.bin',
      size: content.length,
      sha256: sha256(content),
      localPath: null,
    });
    await core.handlers['sync.run']({});
    expect(
      (await core.handlers['documents.list']({ folderId, query: 'quarterly', offset: 0, limit: 10 })).rows.map(
        (r) => r.id,
      ),
    ).toContain(done.documentId);

    const download = await core.handlers['documents.download']({ id: done.documentId! });
    const downloaded = await finished(download.id);
    expect(downloaded.state).toBe('done');
    expect(downloaded.localPath).toBe(join(downloads, 'Quarterly report.bin'));
    expect(sha256(readFileSync(downloaded.localPath!))).toBe(sha256(content));
    expect((await core.handlers['documents.get']({ id: done.documentId! }))?.localPath).toBe(downloaded.localPath);
    expect(readdirSync(downloads).filter((f) => f.endsWith('.part'))).toEqual([]);

    expect(await core.handlers['documents.open']({ id: done.documentId! })).toEqual({ url: null });
    expect(platform.opened).toEqual([downloaded.localPath]);
  });

  it('refuses an empty file and a file over the limit without sending them', async () => {
    const empty = join(dir.path, 'empty.txt');
    await writeFile(empty, '');
    await expect(
      core.handlers['documents.upload']({ folderId, files: [{ ref: empty, name: 'empty.txt' }] }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('empty.txt is empty'),
    });
    const huge = join(dir.path, 'huge.iso');
    await writeFile(huge, '');
    const info = await core.handlers['app.getInfo']({});
    expect(info.maxUploadBytes).toBe(2147483648);
    await truncate(huge, info.maxUploadBytes + 1);
    await expect(
      core.handlers['documents.upload']({ folderId, files: [{ ref: huge, name: 'huge.iso' }] }),
    ).rejects.toMatchObject({
      code: 'too_large',
      message: expect.stringContaining('huge.iso (2 GiB) is larger than the 2 GiB the service accepts'),
    });
    expect(
      (await core.handlers['transfers.list']({})).some((t) => t.name === 'huge.iso' || t.name === 'empty.txt'),
    ).toBe(false);
  });

  it('names a second download of the same name "name (1).ext" and sanitizes server names', async () => {
    const content = Buffer.from('same name, other content');
    const first = await finished((await upload('twin.txt', content)).id);
    const second = await finished((await upload('twin.txt', Buffer.concat([content, content]))).id);
    const a = await finished((await core.handlers['documents.download']({ id: first.documentId! })).id);
    const b = await finished((await core.handlers['documents.download']({ id: second.documentId! })).id);
    expect(basename(a.localPath!)).toBe('twin.txt');
    expect(basename(b.localPath!)).toBe('twin (1).txt');
    expect(readFileSync(b.localPath!).length).toBe(content.length * 2);
    // Asking again for a document already downloaded gives the same file.
    const again = await core.handlers['documents.download']({ id: first.documentId! });
    expect(again).toMatchObject({ state: 'done', localPath: a.localPath });

    const sneaky = await finished((await upload('..\\..\\evil:name?.txt', Buffer.from('x'))).id);
    const saved = await finished((await core.handlers['documents.download']({ id: sneaky.documentId! })).id);
    expect(saved.state).toBe('done');
    expect(saved.localPath!.startsWith(`${downloads}/`)).toBe(true);
    expect(basename(saved.localPath!)).not.toMatch(/[\\/:?]/);
  });

  it('resumes a broken download from its .part with Range', async () => {
    const content = randomBytes(2 * 1024 * 1024);
    const uploaded = await finished((await upload('resume-me.bin', content)).id);
    const id = uploaded.documentId!;
    // Stage what a broken connection leaves: half the bytes in the .part, recorded in the cache.
    const partPath = join(downloads, 'resume-me.bin.part');
    const partLength = 1_000_003;
    writeFileSync(partPath, content.subarray(0, partLength));
    writeLocalDirectly(
      `${dir.path}/client/data`,
      'INSERT INTO downloads (document_id, sha256, local_path, part_path, updated_at) VALUES (?, ?, NULL, ?, ?)',
      id,
      sha256(content),
      partPath,
      new Date().toISOString(),
    );
    const events: Transfer[] = [];
    const off = core.on('transfer.progress', (t) => events.push(t));
    const started = await core.handlers['documents.download']({ id });
    const done = await finished(started.id);
    off();
    expect(done.state).toBe('done');
    // It is queued until the service answers; its first running report starts at the bytes already
    // on disk (206), not at 0 (200).
    const running = events.filter((e) => e.id === started.id && e.state === 'running');
    expect(running[0].bytesDone).toBe(partLength);
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    expect(existsSync(partPath)).toBe(false);
  });

  it('cancels a download and leaves no .part behind', async () => {
    const uploaded = await finished((await upload('cancel-me.bin', randomBytes(8 * 1024 * 1024))).id);
    const started = await core.handlers['documents.download']({ id: uploaded.documentId! });
    const cancelled = await core.handlers['transfers.cancel']({ id: started.id });
    expect(cancelled?.state).toBe('cancelled');
    // The transfer reports 'cancelled' at once; removing its .part follows shortly after.
    await vi.waitFor(() => expect(readdirSync(downloads).filter((f) => f.startsWith('cancel-me'))).toEqual([]), {
      timeout: 10_000,
    });
    expect((await core.handlers['transfers.list']({})).find((t) => t.id === started.id)?.state).toBe('cancelled');
    expect(await core.handlers['transfers.cancel']({ id: 'no-such-transfer' })).toBeNull();
  });

  it('asks to download a document before opening it', async () => {
    const notYet = (await core.handlers['documents.list']({ folderId, offset: 0, limit: 50 })).rows.find(
      (r) => !r.name.includes('twin'),
    )!;
    const detail = await core.handlers['documents.get']({ id: notYet.id });
    if (detail?.localPath) throw new Error('expected a document that is not downloaded');
    await expect(core.handlers['documents.open']({ id: notYet.id })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('Download it first'),
    });
  });
});
