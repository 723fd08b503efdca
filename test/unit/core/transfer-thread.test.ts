/**
 * The transfer thread (main/core/transfers/transfer-thread.ts, transfer-worker.ts) against a local
 * HTTP server: a download written and checksummed on the thread with its progress, an upload's multipart
 * body read from its file there, a failed answer's problem text, a body that runs past the
 * document arriving as the same error class, cancelling, and stopping the thread.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crc32 } from '@node-rs/crc32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoAnswerError } from '../../../main/core/api/node-transport';
import { BodyReadError, BodyTooLongError } from '../../../main/core/transfers/body-to-file';
import { multipartOf, type UploadBody } from '../../../main/core/transfers/transfer-io';
import { createTransferThread } from '../../../main/core/transfers/transfer-thread';
import { createTempDir } from '../../helpers/core-harness';

const content = randomBytes(3 * 1024 * 1024 + 17);
const crc32Hex = (data: Buffer) => crc32(data).toString(16).padStart(8, '0');

/** Answers GET /file (the content), GET /long (more than announced later), GET /slow (never ends), POST /upload (echoes size and hash), anything else 404. */
function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/file') return res.end(content);
  if (req.url === '/long') return res.end(Buffer.concat([content, content]));
  if (req.url === '/slow') {
    res.writeHead(200, { 'content-length': String(content.length) });
    return res.write(content.subarray(0, 1024));
  }
  if (req.url === '/upload' && req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ bytes: body.length, type: req.headers['content-type'], hasFile: body.includes(content) }),
      );
    });
    return;
  }
  res.writeHead(404, { 'content-type': 'application/problem+json' });
  res.end(JSON.stringify({ title: 'Not found', code: 'not_found' }));
}

let server: Server;
let base: string;
const temp = createTempDir('brm-transfer-thread-');
const dir = temp.path;
const io = createTransferThread();

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.stop();
  temp.remove();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, signal?: AbortSignal) => ({ method: 'GET', url: base + path, headers: {}, signal });

describe('the transfer thread', () => {
  it('writes a download into its file on the thread, with its CRC-32 and its progress', async () => {
    const path = join(dir, 'a.part');
    const progress: number[] = [];
    const sink = { path, offset: 0, size: content.length, checksum: 'crc32' as const };
    const answer = await io.receive(get('/file'), sink, (b) => progress.push(b));
    expect(answer.status).toBe(200);
    expect(answer.result).toEqual({ resumed: false, bytes: content.length, checksum: crc32Hex(content) });
    expect(readFileSync(path).equals(content)).toBe(true);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(content.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('sends an upload read from its file and answers with the body as text', async () => {
    const path = join(dir, 'upload.bin');
    writeFileSync(path, content);
    const body: UploadBody = {
      fields: [{ name: 'folderId', value: 'f1' }],
      file: { field: 'file', filename: 'up.bin', contentType: 'application/octet-stream', size: content.length, path },
      boundary: 'brm-test-boundary',
    };
    const { contentType, length } = multipartOf(body);
    const headers = { 'content-type': contentType, 'content-length': String(length) };
    const progress: number[] = [];
    const answer = await io.send({ method: 'POST', url: `${base}/upload`, headers }, body, (b) => progress.push(b));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text!)).toEqual({ bytes: length, type: contentType, hasFile: true });
    expect(progress.at(-1)).toBe(content.length);
  });

  it("gives a failed answer's problem document as text and writes nothing", async () => {
    const path = join(dir, 'missing.part');
    const answer = await io.receive(get('/missing'), { path, offset: 0, size: 10, checksum: 'crc32' }, () => undefined);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text!)).toMatchObject({ code: 'not_found' });
    expect(answer.result).toBeUndefined();
  });

  it('stops a body that runs past the document, with the same error class as on this thread', async () => {
    const sink = { path: join(dir, 'long.part'), offset: 0, size: content.length, checksum: 'crc32' as const };
    await expect(io.receive(get('/long'), sink, () => undefined)).rejects.toBeInstanceOf(BodyTooLongError);
  });

  it('cancels a download under way when its signal aborts', async () => {
    const controller = new AbortController();
    const sink = { path: join(dir, 'slow.part'), offset: 0, size: content.length, checksum: 'crc32' as const };
    const receiving = io.receive(get('/slow', controller.signal), sink, () => controller.abort());
    const err = await receiving.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BodyReadError);
    expect(((err as BodyReadError).cause as Error).name).toBe('AbortError');
  });

  it('reports no answer when nothing listens, and ends what runs when stopped', async () => {
    const sink = { path: join(dir, 'none.part'), offset: 0, size: 1, checksum: 'crc32' as const };
    const refused = { method: 'GET', url: 'http://127.0.0.1:9/file', headers: {} };
    await expect(io.receive(refused, sink, () => undefined)).rejects.toBeInstanceOf(NoAnswerError);
    const other = createTransferThread();
    const hanging = other.receive(get('/slow'), { ...sink, size: content.length }, () => undefined).catch((e) => e);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.stop();
    expect(String(await hanging)).toMatch(/stopping/);
  });
});
