/**
 * The durable download queue (docs/ARCHITECTURE.md, "Transfers") against the reference service over
 * HTTP, through a proxy that can take the service away and slow answers down: a download cut by a
 * 10 s outage goes on by itself from its `.part` once the service is back, and one whose app is
 * restarted half-way resumes from its `.part` with `Range` in the new app; both end byte-identical.
 * Signing out drops a download under way with its `.part`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Transfer } from '../../../preload/contract';
import { readLocalDirectly, waitForEvent } from '../../helpers/core-harness';
import type { ProxiedRequest } from '../../helpers/switchable-proxy';
import { startWritePathRig, type WritePathRig } from '../../helpers/write-path-harness';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const mib = 1024 * 1024;

describe('download queue', () => {
  let rig: WritePathRig;
  let folderId: string;
  const downloads = () => join(rig.dir, 'downloads');
  const parts = () => (existsSync(downloads()) ? readdirSync(downloads()).filter((f) => f.endsWith('.part')) : []);
  const queueRows = () => readLocalDirectly(join(rig.dir, 'data'), 'SELECT id, name FROM download_queue');

  beforeAll(async () => {
    rig = await startWritePathRig();
    folderId = (await rig.core.handlers['documents.listFolders']({})).find((f) => f.parentId !== null)!.id;
  }, 120_000);
  afterAll(async () => {
    await rig?.close();
  });

  /** Uploads `content` as `name` through the core and returns the document's id. */
  async function uploaded(name: string, content: Buffer): Promise<string> {
    const path = join(rig.dir, name);
    writeFileSync(path, content);
    const [queued] = await rig.core.handlers['documents.upload']({ folderId, files: [{ ref: path, name }] });
    const done = await waitForEvent(rig.core, 'transfer.progress', (t) => t.id === queued.id && t.state === 'done');
    return done.documentId!;
  }

  /** The download requests of `documentId` the proxy passed since `from`. */
  const downloadRequests = (documentId: string, from: number): ProxiedRequest[] =>
    rig.proxy.requests
      .slice(from)
      .filter((r) => r.url.startsWith('/api/documents/downloadDocument') && r.url.includes(documentId));

  /** Waits until the download `id` has more than `bytes` bytes. */
  const pastBytes = (id: string, bytes: number) =>
    waitForEvent(rig.core, 'transfer.progress', (t) => t.id === id && t.state === 'running' && t.bytesDone > bytes);

  it('goes on by itself after a 10 s outage, from its .part, and ends byte-identical', {
    timeout: 120_000,
  }, async () => {
    const content = randomBytes(6 * mib + 3);
    const id = await uploaded('Outage brochure.bin', content);
    const from = rig.proxy.requests.length;
    const events: Transfer[] = [];
    const off = rig.core.on('transfer.progress', (t) => events.push(t));
    rig.proxy.throttleAnswers(mib);
    const started = await rig.core.handlers['documents.download']({ id });
    await pastBytes(started.id, mib);

    const waiting = waitForEvent(
      rig.core,
      'transfer.progress',
      (t) => t.id === started.id && t.state === 'queued' && !!t.error,
    );
    rig.proxy.down();
    const cut = await waiting;
    expect(cut.error).toBe('Waiting for the service — it downloads by itself when the connection is back.');
    expect(cut.bytesDone).toBeGreaterThan(mib);
    expect(parts()).toEqual(['Outage brochure.bin.part']);
    expect(queueRows()).toEqual([{ id: started.id, name: 'Outage brochure.bin' }]);

    await sleep(10_000);
    rig.proxy.throttleAnswers(null);
    const done = waitForEvent(rig.core, 'transfer.progress', (t) => t.id === started.id && t.state === 'done', 90_000);
    rig.proxy.up();
    const finished = await done;
    off();

    expect(sha256(readFileSync(finished.localPath!))).toBe(sha256(content));
    expect(finished.localPath).toBe(join(downloads(), 'Outage brochure.bin'));
    const requests = downloadRequests(id, from);
    expect(requests[0].headers.range).toBeUndefined();
    const resumed = requests.filter((r) => r.headers.range !== undefined);
    expect(resumed.length).toBeGreaterThanOrEqual(1);
    expect(Number(/^bytes=(\d+)-$/.exec(String(resumed.at(-1)!.headers.range))![1])).toBeGreaterThan(0);
    expect(parts()).toEqual([]);
    expect(queueRows()).toEqual([]);
    const mine = events.filter((t) => t.id === started.id);
    expect(mine.filter((t) => t.state === 'done')).toHaveLength(1);
    expect(mine.at(-1)?.state).toBe('done');
    expect((await rig.core.handlers['documents.get']({ id }))?.localPath).toBe(finished.localPath);
  });

  it('resumes from its .part with Range after the app restarts half-way', { timeout: 120_000 }, async () => {
    const content = randomBytes(6 * mib + 11);
    const id = await uploaded('Restart catalogue.bin', content);
    const from = rig.proxy.requests.length;
    rig.proxy.throttleAnswers(mib);
    const started = await rig.core.handlers['documents.download']({ id });
    await pastBytes(started.id, mib);

    // The old app stops with part of the document on disk and the download still queued.
    const partPath = join(downloads(), 'Restart catalogue.bin.part');
    let kept = 0;
    await rig.restartCore(() => {
      kept = statSync(partPath).size;
      expect(queueRows()).toEqual([{ id: started.id, name: 'Restart catalogue.bin' }]);
      rig.proxy.throttleAnswers(null);
    });
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(content.length);

    // The new app lists it at once and finishes it by itself.
    const listed = (await rig.core.handlers['transfers.list']({})).find((t) => t.id === started.id);
    expect(listed).toMatchObject({ kind: 'download', name: 'Restart catalogue.bin', documentId: id });
    await vi.waitFor(
      async () => {
        const transfer = (await rig.core.handlers['transfers.list']({})).find((t) => t.id === started.id);
        expect(transfer?.state).toBe('done');
      },
      { timeout: 60_000, interval: 100 },
    );
    const done = (await rig.core.handlers['transfers.list']({})).find((t) => t.id === started.id)!;
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    expect(existsSync(partPath)).toBe(false);
    expect(queueRows()).toEqual([]);
    const ranges = downloadRequests(id, from).map((r) => r.headers.range);
    expect(ranges[0]).toBeUndefined();
    expect(ranges).toContain(`bytes=${kept}-`);
  });

  it('drops a download under way and deletes its .part when the user signs out', { timeout: 60_000 }, async () => {
    const id = await uploaded('Signed out.bin', randomBytes(4 * mib));
    rig.proxy.throttleAnswers(mib / 2);
    const started = await rig.core.handlers['documents.download']({ id });
    await pastBytes(started.id, 512 * 1024);
    expect(parts()).toEqual(['Signed out.bin.part']);
    await rig.core.handlers['session.signOut']({});
    rig.proxy.throttleAnswers(null);
    expect(parts()).toEqual([]);
    expect(queueRows()).toEqual([]);
    expect((await rig.core.handlers['transfers.list']({})).find((t) => t.id === started.id)?.state).toBe('cancelled');
  });
});
