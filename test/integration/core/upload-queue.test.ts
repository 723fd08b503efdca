/**
 * The durable upload queue (docs/ARCHITECTURE.md, "Transfers") against the reference service over
 * HTTP, through a proxy that can take the service away: an upload made offline waits, survives a
 * restart and lands once; an upload sent from the user's file is kept once an outage cuts it, and
 * finishes by itself with the same Idempotency-Key; one whose file changed after the app stopped
 * during its attempt fails with words and leaves the file alone; a refused upload fails with the service's words and is not sent again; signing
 * out drops queued uploads with their kept files.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Transfer } from '../../../preload/contract';
import type { ProxiedRequest } from '../../helpers/switchable-proxy';
import { readCacheDirectly, waitForEvent } from '../../helpers/core-harness';
import { startWritePathRig, type WritePathRig } from '../../helpers/write-path-harness';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const mib = 1024 * 1024;
/**
 * How long a step that follows the service's answer may take (the row removed, the kept copy
 * deleted, the list updated): moments when the test runs alone, up to seconds beside another test
 * file on 2 busy cores (Vitest's own default wait is 1 s).
 */
const settle = { timeout: 15_000, interval: 50 };

describe('upload queue', () => {
  let rig: WritePathRig;
  let folderId: string;
  let rootId: string;
  const files = () => join(rig.dir, 'originals');
  const queueDir = () => join(rig.dir, 'data', 'upload-queue');

  beforeAll(async () => {
    rig = await startWritePathRig();
    const folders = await rig.core.handlers['documents.listFolders']({});
    folderId = folders.find((f) => f.parentId !== null)!.id;
    rootId = folders.find((f) => f.parentId === null)!.id;
    mkdirSync(files(), { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await rig?.close();
  });

  /** Writes `content` as `name` outside the data folder and queues its upload into `folder`. */
  async function upload(name: string, content: Buffer, folder = folderId): Promise<Transfer> {
    const path = join(files(), name);
    writeFileSync(path, content, { flag: 'w' });
    const [transfer] = await rig.core.handlers['documents.upload']({ folderId: folder, files: [{ ref: path, name }] });
    return transfer;
  }

  /** The documents named `name` in `folder`, as the service lists them. */
  async function onService(name: string, folder = folderId) {
    const items = await rig.client.allPages<{ id: string; name: string; size: number; sha256: string }>(
      'listFolderDocuments',
      { query: { folderId: folder } },
    );
    return items.filter((d) => d.name === name);
  }

  /** The upload requests the proxy passed since `from`. */
  const uploadRequests = (from: number): ProxiedRequest[] =>
    rig.proxy.requests.slice(from).filter((r) => r.method === 'POST' && r.url.startsWith('/api/documents/upload'));

  /**
   * Queues a 4 MiB upload of `name` through a proxy throttled to 1 MiB/s and resolves once its body
   * is on the way (sent from the user's file, not yet kept); the throttle stays on.
   */
  async function uploadUnderWay(name: string): Promise<{ content: Buffer; started: Transfer }> {
    const content = randomBytes(4 * mib);
    const from = rig.proxy.requests.length;
    rig.proxy.throttle(mib);
    const started = await upload(name, content);
    await vi.waitFor(() => expect(uploadRequests(from)[0]?.bodyBytes ?? 0).toBeGreaterThan(0), {
      timeout: 60_000,
      interval: 50,
    });
    return { content, started };
  }

  const queueRows = () =>
    readCacheDirectly(
      join(rig.dir, 'data'),
      'SELECT id, state, attempts, last_error AS lastError FROM upload_queue',
    ) as {
      id: string;
      state: string;
      attempts: number;
      lastError: string | null;
    }[];

  it('keeps an upload made while the service is away, across a restart, and sends it once when it is back', {
    timeout: 120_000,
  }, async () => {
    const content = randomBytes(300 * 1024);
    const name = 'Offline site survey.bin';
    const from = rig.proxy.requests.length;
    await rig.goOffline();

    const queued = await upload(name, content);
    expect(queued).toMatchObject({ kind: 'upload', state: 'queued', name, bytesTotal: content.length, folderId });
    expect(queued.error).toMatch(/Waiting for the service/);
    // The queue keeps its own copy: the original may go away.
    rmSync(join(files(), name));
    expect(readdirSync(queueDir())).toEqual([queued.id]);

    await rig.restartCore();
    // Loaded from the queue at start; probes of the service (the proxy accepts, then cuts) leave it queued.
    await vi.waitFor(async () => {
      const listed = (await rig.core.handlers['transfers.list']({})).find((t) => t.id === queued.id);
      expect(listed).toMatchObject({ state: 'queued', name, bytesTotal: content.length });
      expect(listed?.error).toMatch(/Waiting for the service/);
    }, settle);
    expect(await onService(name)).toEqual([]);

    const done = waitForEvent(rig.core, 'transfer.progress', (t) => t.id === queued.id && t.state === 'done', 60_000);
    await rig.comeBack();
    const finished = await done;

    const landed = await onService(name);
    expect(landed).toHaveLength(1);
    expect(landed[0]).toMatchObject({ size: content.length, sha256: sha256(content) });
    expect(finished.documentId).toBe(landed[0].id);
    expect((await rig.core.handlers['documents.get']({ id: landed[0].id }))?.name).toBe(name);
    expect(queueRows()).toEqual([]);
    // The kept copy goes right after the transfer reports done.
    await vi.waitFor(() => expect(readdirSync(queueDir())).toEqual([]), settle);
    const keys = new Set(uploadRequests(from).map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
  });

  it('finishes an upload cut by a 10 s outage by itself, once, with the same Idempotency-Key', {
    timeout: 180_000,
  }, async () => {
    const content = randomBytes(6 * mib);
    const name = 'Outage floor plan.bin';
    const from = rig.proxy.requests.length;
    const events: Transfer[] = [];
    const off = rig.core.on('transfer.progress', (t) => events.push(t));
    rig.proxy.throttle(mib);
    const started = await upload(name, content);

    // The service has part of the body when the connection breaks. It is sent from the user's file: no copy yet.
    await vi.waitFor(() => expect(uploadRequests(from)[0]?.bodyBytes ?? 0).toBeGreaterThan(mib), {
      timeout: 60_000,
      interval: 50,
    });
    expect(readdirSync(queueDir())).toEqual([]);
    const waiting = waitForEvent(
      rig.core,
      'transfer.progress',
      (t) => t.id === started.id && t.state === 'queued' && !!t.error,
    );
    rig.proxy.down();
    const cut = await waiting;
    expect(cut.error).toMatch(/Waiting for the service/);
    expect(await onService(name)).toEqual([]);
    // Now that it waits, the queue keeps its own copy: the user's file may go away.
    expect(readdirSync(queueDir())).toEqual([started.id]);
    rmSync(join(files(), name));

    await sleep(10_000);
    rig.proxy.throttle(null);
    const done = waitForEvent(rig.core, 'transfer.progress', (t) => t.id === started.id && t.state === 'done', 90_000);
    rig.proxy.up();
    const finished = await done;
    off();

    const landed = await onService(name);
    expect(landed).toHaveLength(1);
    expect(landed[0]).toMatchObject({ id: finished.documentId, size: content.length, sha256: sha256(content) });
    const attempts = uploadRequests(from);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    const mine = events.filter((t) => t.id === started.id);
    expect(mine.at(-1)?.state).toBe('done');
    expect(mine.filter((t) => t.state === 'done')).toHaveLength(1);
    expect(mine.map((t) => t.state)).toEqual(expect.arrayContaining(['running', 'queued', 'done']));
    expect(queueRows()).toEqual([]);
  });

  it('fails an upload the service refuses, with its words, and does not send it again', {
    timeout: 120_000,
  }, async () => {
    const created = await rig.client.call('saveFolder', { body: { parentId: rootId, name: 'Gone before upload' } });
    expect(created.status).toBe(201);
    const goneId = (created.body as { id: string }).id;
    await rig.core.handlers['sync.run']({});
    expect((await rig.core.handlers['documents.listFolders']({})).some((f) => f.id === goneId)).toBe(true);
    expect((await rig.client.call('deleteFolder', { query: { id: goneId } })).status).toBe(204);

    const from = rig.proxy.requests.length;
    const started = await upload('Refused.txt', Buffer.from('for a folder that is gone'), goneId);
    const failed = await waitForEvent(
      rig.core,
      'transfer.progress',
      (t) => t.id === started.id && t.state === 'failed',
    );
    expect(failed.error).toContain('Uploading Refused.txt failed');
    expect(failed.error).toContain(`No folder with id ${goneId} exists`);

    // Neither a sync, nor the service "coming back", nor a restart sends it again.
    await rig.core.handlers['sync.run']({});
    await rig.goOffline();
    await rig.restartCore();
    await rig.comeBack();
    const listed = (await rig.core.handlers['transfers.list']({})).find((t) => t.id === started.id);
    expect(listed).toMatchObject({ state: 'failed', error: failed.error });
    expect(uploadRequests(from)).toHaveLength(1);
    expect(queueRows()).toEqual([{ id: started.id, state: 'failed', attempts: 1, lastError: failed.error }]);
    expect(readdirSync(queueDir())).toEqual([started.id]);

    // Cancelling removes the row and the kept copy.
    expect((await rig.core.handlers['transfers.cancel']({ id: started.id }))?.state).toBe('cancelled');
    expect(queueRows()).toEqual([]);
    expect(existsSync(join(queueDir(), started.id))).toBe(false);
  });

  it('keeps and finishes, after a restart, an upload the app stopped in while it was sent from the user file', {
    timeout: 120_000,
  }, async () => {
    const name = 'Stopped half-way.bin';
    const { content, started } = await uploadUnderWay(name);
    await rig.restartCore();
    rig.proxy.throttle(null);
    // Kept when the app started again, so the user's file may go away before it is sent again.
    rmSync(join(files(), name));
    await vi.waitFor(async () => expect(await onService(name)).toHaveLength(1), { timeout: 60_000, interval: 200 });
    expect((await onService(name))[0]).toMatchObject({ size: content.length, sha256: sha256(content) });
    await vi.waitFor(() => expect(queueRows().find((row) => row.id === started.id)).toBeUndefined(), settle);
    await vi.waitFor(() => expect(readdirSync(queueDir())).toEqual([]), settle);
  });

  it('fails an upload whose file changed after the app stopped during its attempt, with words, and leaves the file alone', {
    timeout: 120_000,
  }, async () => {
    const name = 'Changed while closed.bin';
    const { content, started } = await uploadUnderWay(name);
    const changed = Buffer.concat([content, Buffer.from('saved again')]);
    await rig.restartCore(() => writeFileSync(join(files(), name), changed));
    rig.proxy.throttle(null);

    const listed = (await rig.core.handlers['transfers.list']({})).find((t) => t.id === started.id);
    expect(listed?.state).toBe('failed');
    expect(listed?.error).toBe(
      `Uploading ${name} failed. The file was changed, moved or deleted after you added it, so it was not sent. Cancel this upload and add the file again.`,
    );
    expect(readdirSync(queueDir())).toEqual([]);
    expect(await onService(name)).toEqual([]);
    // Cancelling removes the row; the user's file stays as they saved it.
    expect((await rig.core.handlers['transfers.cancel']({ id: started.id }))?.state).toBe('cancelled');
    expect(queueRows()).toEqual([]);
    expect(sha256(readFileSync(join(files(), name)))).toBe(sha256(changed));
  });

  it('drops queued uploads and their kept copies when the user signs out', { timeout: 60_000 }, async () => {
    await rig.goOffline();
    const started = await upload('Never sent.txt', Buffer.from('queued, then signed out'));
    expect(queueRows()).toHaveLength(1);
    await rig.core.handlers['session.signOut']({});
    expect(queueRows()).toEqual([]);
    // The kept copy goes right after the transfer reports done.
    await vi.waitFor(() => expect(readdirSync(queueDir())).toEqual([]), settle);
    expect((await rig.core.handlers['transfers.list']({})).find((t) => t.id === started.id)?.state).toBe('cancelled');
  });
});
