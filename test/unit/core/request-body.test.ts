/**
 * An upload's body sent from reused buffers (main/core/transfers/request-body.ts) on its own socket
 * (socket-answer.ts), against local servers that record the exact bytes: the body's framing and
 * length, a file that changes while it is sent, a file that cannot be read, an answer that comes
 * before the body was read (the rest is not sent), and an upload stopped half-way.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoAnswerError } from '../../../main/core/api/node-transport';
import { multipartFrame } from '../../../main/core/transfers/multipart';
import { fileRequestBody, sendBufferBytes, sendBuffers } from '../../../main/core/transfers/request-body';
import { sendOnSocket } from '../../../main/core/transfers/socket-answer';
import { readAnswerText } from '../../../main/core/transfers/transfer-io';

const mib = 1024 * 1024;
let dir: string;
const servers: Server[] = [];
const sockets = new Set<Socket>();
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'brm-request-body-'));
});
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A file of `bytes` random bytes in the test folder. */
function randomFile(bytes: number, name = 'file.bin'): { path: string; content: Buffer } {
  const content = randomBytes(bytes);
  const path = join(dir, name);
  writeFileSync(path, content);
  return { path, content };
}

/** The body of `path` (announced as `size` bytes) framed as the upload's form, with the file name `name`. */
function bodyOf(path: string, size: number, onProgress?: (bytes: number) => void) {
  const fileMeta = { field: 'file', filename: 'Q3 report.pdf', contentType: 'application/octet-stream', size };
  const frame = multipartFrame([{ name: 'folderId', value: 'f-1' }], fileMeta, 'XyZ');
  return { frame, body: fileRequestBody(frame, { path, size, filename: 'Q3 report.pdf' }, onProgress) };
}

/** Fills buffers of `bytes` until the body ends; returns what it gave. */
function drain(body: ReturnType<typeof bodyOf>['body'], bytes: number): Buffer {
  const parts: Buffer[] = [];
  for (;;) {
    const buffer = Buffer.alloc(bytes);
    const n = body.fill(buffer);
    if (n === 0) return Buffer.concat(parts);
    parts.push(buffer.subarray(0, n));
  }
}

/**
 * A server that collects a request until its head and `bodyBytes` of body arrived, then answers
 * with `answer`; `received` resolves with the request's bytes. `early`: it answers as soon as the
 * head arrived, all but the answer's last 4 bytes, which follow 300 ms later, and reads on,
 * dropping the body (a service refusing an upload early, with an answer slow to end).
 */
async function captureServer(
  bodyBytes: number,
  answer: string,
  early = false,
): Promise<{ url: string; received: Promise<Buffer> }> {
  let resolveReceived: (bytes: Buffer) => void = () => undefined;
  const received = new Promise<Buffer>((resolve) => {
    resolveReceived = resolve;
  });
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('error', () => undefined);
    let answered = false;
    socket.on('data', (data) => {
      if (answered) return;
      chunks.push(data);
      const bytes = Buffer.concat(chunks);
      const head = bytes.indexOf('\r\n\r\n');
      if (head < 0 || (!early && bytes.length - head - 4 < bodyBytes)) return;
      answered = true;
      if (!early) socket.end(answer);
      else {
        socket.write(answer.slice(0, -4));
        setTimeout(() => socket.write(answer.slice(-4)), 300);
      }
      resolveReceived(bytes);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`, received };
}

const post = (url: string, length: number, signal?: AbortSignal) => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'multipart/form-data; boundary=XyZ', 'content-length': String(length) },
  signal,
});
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('fileRequestBody', () => {
  it('gives the form head, the file and the closing delimiter, exactly its length, in buffers of any size', () => {
    const { path, content } = randomFile(70_003);
    for (const size of [7, 4096, 65_536, mib]) {
      const progress: number[] = [];
      const { frame, body } = bodyOf(path, content.length, (bytes) => progress.push(bytes));
      const given = drain(body, size);
      expect(given.length).toBe(body.length);
      expect(given.equals(Buffer.concat([frame.head, content, frame.tail]))).toBe(true);
      expect(given.subarray(0, frame.head.length).toString()).toContain('filename="Q3 report.pdf"');
      expect(given.subarray(-frame.tail.length).toString()).toBe('\r\n--XyZ--\r\n');
      expect(progress.at(-1)).toBe(content.length);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    }
  });

  it('fails when the file became shorter or longer than announced', () => {
    const { path } = randomFile(50_000);
    const shorter = bodyOf(path, 50_000).body;
    shorter.fill(Buffer.alloc(10_000));
    truncateSync(path, 20_000);
    expect(() => drain(shorter, 10_000)).toThrow(/changed while it was being sent \(20000 bytes instead of 50000\)/);

    writeFileSync(path, randomBytes(60_000));
    expect(() => drain(bodyOf(path, 50_000).body, 8192)).toThrow(/\(60000 bytes instead of 50000\)/);
  });

  it("passes on the file system's error when the file is gone", () => {
    const { body } = bodyOf(join(dir, 'missing.bin'), 10);
    const buffer = Buffer.alloc(mib);
    expect(() => body.fill(buffer)).toThrow(/ENOENT/);
  });
});

describe('sendOnSocket with a body', () => {
  it('sends the head and every byte of a body larger than its buffers, then reads the answer', async () => {
    const { path, content } = randomFile(sendBuffers * sendBufferBytes * 3 + 12_345);
    const { frame, body } = bodyOf(path, content.length);
    const created = 'HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"id":"d1"}';
    const service = await captureServer(frame.length, created);

    const answer = await sendOnSocket(post(service.url, body.length), body);
    expect(answer.status).toBe(201);
    expect(await readAnswerText(answer, mib)).toBe('{"id":"d1"}');
    const request = await service.received;
    const head = request.indexOf('\r\n\r\n');
    const lines = request.subarray(0, head).toString('latin1');
    expect(lines).toMatch(/^POST \/upload HTTP\/1\.1\r\nHost: 127\.0\.0\.1:\d+\r\n/);
    expect(lines).toContain(`\r\ncontent-length: ${frame.length}\r\n`);
    expect(request.subarray(head + 4).equals(Buffer.concat([frame.head, content, frame.tail]))).toBe(true);
  });

  it('stops sending once an answer came before the body was read (a refused upload)', async () => {
    const size = 512 * mib;
    const path = join(dir, 'large.bin');
    writeFileSync(path, '');
    truncateSync(path, size);
    let read = 0;
    const { body } = bodyOf(path, size, (bytes) => {
      read = bytes;
    });
    const refused = 'HTTP/1.1 413 Content Too Large\r\nContent-Type: text/plain\r\nContent-Length: 8\r\n\r\ntoo big.';
    const service = await captureServer(body.length, refused, true);

    const answer = await sendOnSocket(post(service.url, body.length), body);
    expect(answer.status).toBe(413);
    // The service reads on, but nothing more is sent once the answer began.
    const after = read;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(read).toBe(after);
    expect(read).toBeLessThan(size / 4);
    expect(await readAnswerText(answer, mib)).toBe('too big.');
  });

  it("reports no answer when the file cannot be read, with the file system's error as the cause", async () => {
    const { body } = bodyOf(join(dir, 'missing.bin'), 10);
    const service = await captureServer(body.length, 'HTTP/1.1 204 No Content\r\n\r\n', true);
    const error = await sendOnSocket(post(service.url, body.length), body).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(NoAnswerError);
    expect(((error as NoAnswerError).cause as NodeJS.ErrnoException).code).toBe('ENOENT');
  });

  it('stops half-way when its signal aborts, as no answer caused by the AbortError', async () => {
    const size = 64 * mib;
    const { path } = randomFile(size);
    let read = 0;
    const { body } = bodyOf(path, size, (bytes) => {
      read = bytes;
    });
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.pause();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
    const controller = new AbortController();
    const sent = sendOnSocket(post(url, body.length, controller.signal), body);
    await until(() => read > 0);
    controller.abort(new DOMException('The transfer was stopped.', 'AbortError'));
    const error = await sent.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(NoAnswerError);
    expect(((error as NoAnswerError).cause as Error).name).toBe('AbortError');
    expect(read).toBeLessThan(size);
  });
});
