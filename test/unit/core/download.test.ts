import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Transfer } from '../../../preload/contract';
import type { ApiClient } from '../../../main/core/api/client';
import type { Cache } from '../../../main/core/cache/cache';
import type { DownloadRecord } from '../../../main/core/cache/state-store';
import { createChangeNotifier, createEventBus } from '../../../main/core/events';
import type { TransferDeps } from '../../../main/core/transfers/deps';
import { startDownload } from '../../../main/core/transfers/download';
import { createLimiter } from '../../../main/core/transfers/limiter';
import { createTransferRegistry } from '../../../main/core/transfers/registry';
import { createTempDir } from '../../helpers/core-harness';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** How the fake service answers one request: all of what was asked, or only its first `bytes`. */
type Answer = { cutAfter?: number };

/**
 * A fake `downloadDocument` serving `content` with ETag, Content-Length, Range and If-Range
 * (RFC 9110 §14.2, §13.1.5); `answers` shape the first requests (a connection that ends early).
 */
function fakeService(content: Buffer, answers: Answer[] = []) {
  const etag = `"${sha256(content)}"`;
  const requests: { range: string | null }[] = [];
  const open = async (_operationId: string, options: { headers?: Record<string, string> } = {}) => {
    const range = options.headers?.Range ?? null;
    requests.push({ range });
    const useRange = range !== null && options.headers?.['If-Range'] === etag;
    const start = useRange ? Number(/^bytes=(\d+)-$/.exec(range)![1]) : 0;
    const part = content.subarray(start);
    const cut = answers[requests.length - 1]?.cutAfter;
    const sent = cut === undefined ? part : part.subarray(0, cut);
    const headers: Record<string, string> = { etag, 'content-length': String(part.length) };
    if (useRange) headers['content-range'] = `bytes ${start}-${content.length - 1}/${content.length}`;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < sent.length; at += 1000) controller.enqueue(new Uint8Array(sent.subarray(at, at + 1000)));
        controller.close();
      },
    });
    return new Response(body, { status: useRange ? 206 : 200, headers });
  };
  return { etag, requests, api: { serverUrl: 'http://service.test', open } as unknown as ApiClient };
}

/** Transfer dependencies over `api`, with the download records kept in a map. */
function depsFor(api: ApiClient, downloadsDir: string) {
  const records = new Map<string, DownloadRecord>();
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
    downloadsDir,
  };
  const finished = (id: string) =>
    new Promise<Transfer>((resolve) => {
      const check = () => {
        const last = events.filter((e) => e.id === id).at(-1);
        if (last && !['queued', 'running'].includes(last.state)) resolve(last);
        else setTimeout(check, 5);
      };
      check();
    });
  return { deps, records, finished };
}

describe('startDownload', () => {
  const dir = createTempDir();
  afterAll(() => dir.remove());
  const content = randomBytes(3 * 1024 * 1024 + 5);
  const doc = (id: string, name: string) => ({ id, name, size: content.length, sha256: sha256(content) });

  it("writes the document in one piece, renames the .part and records the service's SHA-256", async () => {
    const service = fakeService(content);
    const downloads = join(dir.path, 'one-piece');
    const { deps, records, finished } = depsFor(service.api, downloads);
    const done = await finished(startDownload(deps, doc('d1', 'report.bin')).id);
    expect(done).toMatchObject({ state: 'done', bytesDone: content.length, bytesTotal: content.length });
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    expect(existsSync(`${done.localPath}.part`)).toBe(false);
    expect(records.get('d1')).toMatchObject({ sha256: sha256(content), localPath: done.localPath, partPath: null });
  });

  it('does not take a body that ends before its Content-Length as the document; the retry resumes', async () => {
    const service = fakeService(content, [{ cutAfter: 1_000_000 }]);
    const downloads = join(dir.path, 'cut');
    const { deps, finished } = depsFor(service.api, downloads);
    const done = await finished(startDownload(deps, doc('d2', 'cut.bin')).id);
    expect(done.state).toBe('done');
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    expect(service.requests.map((r) => r.range)).toEqual([null, 'bytes=1000000-']);
  });

  it('checks a resumed download against the SHA-256 and starts over when the .part was damaged', async () => {
    const service = fakeService(content);
    const downloads = join(dir.path, 'damaged');
    mkdirSync(downloads, { recursive: true });
    const partPath = join(downloads, 'damaged.bin.part');
    const damaged = Buffer.from(content.subarray(0, 500_000));
    damaged[1234] ^= 0xff;
    writeFileSync(partPath, damaged);
    const { deps, records, finished } = depsFor(service.api, downloads);
    records.set('d3', { documentId: 'd3', sha256: sha256(content), localPath: null, partPath });
    const done = await finished(startDownload(deps, doc('d3', 'damaged.bin')).id);
    expect(done.state).toBe('done');
    expect(sha256(readFileSync(done.localPath!))).toBe(sha256(content));
    // The resume was refused by the checksum, then the whole document came again.
    expect(service.requests.map((r) => r.range)).toEqual(['bytes=500000-', null]);
  });
});
