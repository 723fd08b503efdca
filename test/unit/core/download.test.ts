/**
 * The download queue and its attempts (main/core/transfers/download-queue.ts, download.ts) against a
 * fake `downloadDocument`: a document in one piece, a body cut short resumed with Range, a damaged
 * `.part` started over, a body longer than the document stopped and deleted, a different body of
 * the same length caught by the CRC-32 (and by the SHA-256 for a record without one), a restart
 * that continues a `.part`, and cancelling.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from '@node-rs/crc32';
import type { Database } from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Transfer } from '../../../preload/contract';
import { type ApiClient, createApiClient, type FileRequest } from '../../../main/core/api/client';
import type { Cache } from '../../../main/core/cache/cache';
import type { DownloadRecord } from '../../../main/core/cache/state-store';
import { createChangeNotifier, createEventBus } from '../../../main/core/events';
import type { TransferDeps } from '../../../main/core/transfers/deps';
import { createDownloadQueue } from '../../../main/core/transfers/download-queue';
import type { DownloadQueueStore, QueuedDownload } from '../../../main/core/transfers/download-queue-store';
import { createLimiter } from '../../../main/core/transfers/limiter';
import { createTransferIoHere, type TransferIo } from '../../../main/core/transfers/transfer-io';
import { createTransferRegistry } from '../../../main/core/transfers/registry';
import type { SocketAnswer } from '../../../main/core/transfers/socket-answer';
import { createTempDir } from '../../helpers/core-harness';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const crc32Hex = (data: Buffer) => crc32(data).toString(16).padStart(8, '0');

/**
 * How the fake service answers one request: all of what was asked, only its first `cutAfter` bytes
 * (then a clean end), `other` bytes instead, or `endless` bytes with no length.
 */
type Answer = { cutAfter?: number; other?: Buffer; endless?: boolean; announce?: number };

/**
 * A fake `downloadDocument` serving `content` with ETag, Content-Length, Range and If-Range
 * (RFC 9110 §14.2, §13.1.5); `answers` shape the first requests. Counts the bytes each answer gave.
 */
function fakeService(content: Buffer, answers: Answer[] = []) {
  const etag = `"${sha256(content)}"`;
  const requests: { range: string | null; pulled: number }[] = [];
  const open = async (_operationId: string, options: { headers?: Record<string, string> } = {}) => {
    const range = options.headers?.Range ?? null;
    const seen = { range, pulled: 0 };
    requests.push(seen);
    const answer = answers[requests.length - 1] ?? {};
    const useRange = range !== null && options.headers?.['If-Range'] === etag;
    const start = useRange ? Number(/^bytes=(\d+)-$/.exec(range)![1]) : 0;
    const part = answer.other ?? content.subarray(start);
    const sent = answer.cutAfter === undefined ? part : part.subarray(0, answer.cutAfter);
    const headers: Record<string, string> = { etag };
    if (!answer.endless) headers['content-length'] = String(answer.announce ?? part.length);
    if (useRange) headers['content-range'] = `bytes ${start}-${content.length - 1}/${content.length}`;
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = answer.endless ? Buffer.alloc(64 * 1024, 0x41) : sent.subarray(at, at + 1000);
        if (chunk.length === 0) return controller.close();
        at += chunk.length;
        seen.pulled += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    return new Response(body, { status: useRange ? 206 : 200, headers });
  };
  // The transfer I/O reads a download piece by piece (socket-answer.ts); this one reads the web stream above.
  const openAnswer = async (req: FileRequest): Promise<SocketAnswer> => {
    const response = await open('downloadDocument', req);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    return {
      status: response.status,
      headers: response.headers,
      async read(onPiece) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          try {
            await onPiece(Buffer.from(value));
          } catch (err) {
            await reader.cancel();
            throw err;
          }
        }
      },
      close: () => void reader.cancel(),
    };
  };
  return { requests, api: createApiClient('http://service.test', null), io: createTransferIoHere({ openAnswer }) };
}

/** A download queue over the fake service's client and transfer I/O, with its records and rows kept in maps. */
function queueFor({ api, io }: { api: ApiClient; io: TransferIo }, downloadsDir: string) {
  const records = new Map<string, DownloadRecord>();
  const rows = new Map<string, QueuedDownload>();
  const bus = createEventBus();
  const events: Transfer[] = [];
  bus.on('transfer.progress', (t) => events.push(t));
  const cache = {
    state: {
      getDownload: (id: string) => records.get(id) ?? null,
      putDownload: (r: DownloadRecord) => void records.set(r.documentId, r),
      removeDownload: (id: string) => void records.delete(id),
    },
  } as unknown as Cache;
  const deps: TransferDeps = {
    cache,
    documents: {} as TransferDeps['documents'],
    api: () => api,
    registry: createTransferRegistry(bus),
    notifier: createChangeNotifier(bus),
    limiter: createLimiter(1),
    io,
    downloadsDir,
  };
  const store: DownloadQueueStore = {
    db: { transaction: (fn: () => void) => fn } as unknown as Database,
    add: (d) => void rows.set(d.id, d),
    all: () => [...rows.values()],
    remove: (id) => void rows.delete(id),
    clear: () => rows.clear(),
  };
  const queue = createDownloadQueue({
    deps,
    store,
    backoff: { baseMs: 20, maxMs: 50 },
    online: () => true,
    reachedService: () => undefined,
    lostService: () => undefined,
  });
  const finished = (id: string) =>
    new Promise<Transfer>((resolve) => {
      const check = () => {
        const last = events.filter((e) => e.id === id).at(-1);
        if (last && !['queued', 'running'].includes(last.state)) resolve(last);
        else setTimeout(check, 5);
      };
      check();
    });
  return { queue, records, rows, events, finished };
}

describe('download queue', () => {
  const dir = createTempDir();
  afterAll(() => dir.remove());
  const content = randomBytes(3 * 1024 * 1024 + 5);
  const doc = (id: string, name: string, withCrc32 = true) => ({
    id,
    name,
    size: content.length,
    sha256: sha256(content),
    crc32: withCrc32 ? crc32Hex(content) : null,
  });
  const files = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

  it('writes the document in one piece, checks it, renames the .part and records it', async () => {
    const service = fakeService(content);
    const downloads = join(dir.path, 'one-piece');
    const { queue, records, rows, finished } = queueFor(service, downloads);
    const done = await finished((await queue.enqueue(doc('d1', 'report.bin'))).id);
    expect(done).toMatchObject({ state: 'done', bytesDone: content.length, bytesTotal: content.length });
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    expect(files(downloads)).toEqual(['report.bin']);
    expect(records.get('d1')).toMatchObject({ sha256: sha256(content), localPath: done.localPath, partPath: null });
    expect(rows.size).toBe(0);
  });

  it('waits when a body ends before its Content-Length, then resumes from the .part with Range', async () => {
    const service = fakeService(content, [{ cutAfter: 1_000_000 }]);
    const downloads = join(dir.path, 'cut');
    const { queue, events, finished } = queueFor(service, downloads);
    const started = await queue.enqueue(doc('d2', 'cut.bin'));
    const done = await finished(started.id);
    expect(done.state).toBe('done');
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    expect(service.requests.map((r) => r.range)).toEqual([null, 'bytes=1000000-']);
    // While it waited it kept the bytes it had, and said why it waits.
    const waiting = events.find((e) => e.id === started.id && e.state === 'queued' && e.error);
    expect(waiting).toMatchObject({ bytesDone: 1_000_000, error: expect.stringContaining('Waiting for the service') });
  });

  it('starts over once when a resumed .part does not match the CRC-32 (damaged on this computer)', async () => {
    const service = fakeService(content);
    const downloads = join(dir.path, 'damaged');
    mkdirSync(downloads, { recursive: true });
    const partPath = join(downloads, 'damaged.bin.part');
    const damaged = Buffer.from(content.subarray(0, 500_000));
    damaged[1234] ^= 0xff;
    writeFileSync(partPath, damaged);
    const { queue, records, finished } = queueFor(service, downloads);
    records.set('d3', { documentId: 'd3', sha256: sha256(content), localPath: null, partPath });
    const done = await finished((await queue.enqueue(doc('d3', 'damaged.bin'))).id);
    expect(done.state).toBe('done');
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    expect(service.requests.map((r) => r.range)).toEqual(['bytes=500000-', null]);
  });

  it('stops a body that runs past the document at once, and deletes its .part', async () => {
    const service = fakeService(content, [{ endless: true }]);
    const downloads = join(dir.path, 'endless');
    const { queue, records, rows, events, finished } = queueFor(service, downloads);
    const started = await queue.enqueue(doc('d4', 'endless.bin'));
    const failed = await finished(started.id);
    expect(failed).toMatchObject({
      state: 'failed',
      error: `Downloading endless.bin failed. The BRM service sent more than the ${content.length} bytes this document has, so the download was stopped and its partial file deleted. Download it again later; if it keeps happening, contact your administrator.`,
    });
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0].pulled).toBeLessThan(content.length + 256 * 1024);
    expect(files(downloads)).toEqual([]);
    expect(records.has('d4')).toBe(false);
    expect(rows.size).toBe(0);
    expect(events.filter((e) => e.id === started.id).at(-1)?.state).toBe('failed');
  });

  it('refuses an answer that announces more bytes than the document has before reading it', async () => {
    const service = fakeService(content, [{ announce: content.length + 1 }]);
    const downloads = join(dir.path, 'announced');
    const { queue, finished } = queueFor(service, downloads);
    const failed = await finished((await queue.enqueue(doc('d5', 'announced.bin'))).id);
    expect(failed.error).toContain('sent more than the');
    expect(service.requests[0].pulled).toBeLessThanOrEqual(1000);
    expect(files(downloads)).toEqual([]);
  });

  it.each([
    { check: 'CRC-32', withCrc32: true },
    { check: 'SHA-256 (a record without a CRC-32)', withCrc32: false },
  ])('deletes a different body of the same length that does not match the $check', async ({ withCrc32 }) => {
    const swapped = Buffer.from(content);
    swapped[content.length - 1] ^= 0x01;
    const service = fakeService(content, [{ other: swapped }]);
    const downloads = join(dir.path, `swapped-${withCrc32}`);
    const { queue, records, finished } = queueFor(service, downloads);
    const failed = await finished((await queue.enqueue(doc('d6', 'swapped.bin', withCrc32))).id);
    expect(failed).toMatchObject({
      state: 'failed',
      localPath: null,
      error:
        "Downloading swapped.bin failed. The file that arrived does not match the document's checksum, so it was deleted. Sync, then download it again; if it keeps happening, contact your administrator.",
    });
    expect(service.requests.map((r) => r.range)).toEqual([null]);
    expect(files(downloads)).toEqual([]);
    expect(records.has('d6')).toBe(false);
  });

  it('continues the .part of a download queued before a restart (a row without a CRC-32: checked with the SHA-256)', async () => {
    const service = fakeService(content);
    const downloads = join(dir.path, 'restart');
    mkdirSync(downloads, { recursive: true });
    const partPath = join(downloads, 'restart.bin.part');
    writeFileSync(partPath, content.subarray(0, 2_000_000));
    const { queue, records, rows, finished } = queueFor(service, downloads);
    records.set('d7', { documentId: 'd7', sha256: sha256(content), localPath: null, partPath });
    rows.set('t7', {
      id: 't7',
      documentId: 'd7',
      name: 'restart.bin',
      size: content.length,
      sha256: sha256(content),
      createdAt: '2026-01-05T09:00:00.000Z',
    });
    queue.load();
    queue.wake();
    const done = await finished('t7');
    expect(done).toMatchObject({ state: 'done', documentId: 'd7' });
    expect(service.requests.map((r) => r.range)).toEqual(['bytes=2000000-']);
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    expect(existsSync(partPath)).toBe(false);
  });

  it('gives the transfer under way when a queued document is asked for again, and cancelling deletes its .part', async () => {
    const service = fakeService(content);
    const downloads = join(dir.path, 'cancel');
    const { queue, records, rows } = queueFor(service, downloads);
    await queue.pause(null);
    const first = await queue.enqueue(doc('d8', 'cancel.bin'));
    expect((await queue.enqueue(doc('d8', 'cancel.bin'))).id).toBe(first.id);
    mkdirSync(downloads, { recursive: true });
    const partPath = join(downloads, 'cancel.bin.part');
    writeFileSync(partPath, content.subarray(0, 1000));
    records.set('d8', { documentId: 'd8', sha256: sha256(content), localPath: null, partPath });
    expect((await queue.cancel(first.id))?.state).toBe('cancelled');
    expect(files(downloads)).toEqual([]);
    expect(records.has('d8')).toBe(false);
    expect(rows.size).toBe(0);
    expect(await queue.cancel(first.id)).toBeNull();
    expect(service.requests).toEqual([]);
  });
});
