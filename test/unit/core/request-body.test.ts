/**
 * An upload's body sent from reused buffers (main/core/transfers/request-body.ts) on its own socket
 * (socket-answer.ts), against local servers that record the exact bytes: the body's framing and
 * length, a file that changes while it is sent, a file that cannot be read, an answer that comes
 * before the body was read (the rest is not sent), an upload stopped half-way, and one over TLS
 * (test/fixtures/tls/, a self-signed certificate for localhost made for the tests).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoAnswerError } from '../../../main/core/api/node-transport';
import { multipartFrame } from '../../../main/core/transfers/multipart';
import { fileRequestBody, sendBufferBytes, sendBuffers } from '../../../main/core/transfers/request-body';
import { continueWaitMs, sendOnSocket } from '../../../main/core/transfers/socket-answer';
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

/** How a capture server behaves. */
interface Capture {
  /** Answers `100 Continue` to the request's expectation after this many ms (`null`: never). */
  continueAfterMs: number | null;
  /** Sends the final answer once this many body bytes arrived, then reads on, dropping the rest. */
  answerAfterBytes: number;
  /** The final answer; its last 4 bytes follow 300 ms later when `slowEnd` (an answer slow to end). */
  answer: string;
  slowEnd?: boolean;
}

/**
 * A server that reads one request as `capture` says. `received` resolves with the request's bytes
 * up to the final answer; `continuedAt` and `answeredAt` hold the request's byte counts when the
 * `100 Continue` and the final answer were sent.
 */
async function captureServer(capture: Capture) {
  const seen = { continuedAt: -1, answeredAt: -1 };
  let resolveReceived: (bytes: Buffer) => void = () => undefined;
  const received = new Promise<Buffer>((resolve) => {
    resolveReceived = resolve;
  });
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let headEnd = -1;
    socket.on('data', (data) => {
      if (seen.answeredAt >= 0) return;
      chunks.push(data);
      size += data.length;
      if (headEnd < 0) {
        headEnd = Buffer.concat(chunks).indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        if (capture.continueAfterMs !== null) {
          setTimeout(() => {
            seen.continuedAt = size;
            socket.write('HTTP/1.1 100 Continue\r\n\r\n');
          }, capture.continueAfterMs);
        }
      }
      if (size - headEnd - 4 < capture.answerAfterBytes) return;
      seen.answeredAt = size;
      resolveReceived(Buffer.concat(chunks));
      if (!capture.slowEnd) socket.write(capture.answer);
      else {
        socket.write(capture.answer.slice(0, -4));
        setTimeout(() => socket.write(capture.answer.slice(-4)), 300);
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`, received, seen };
}

const created = 'HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"id":"d1"}';
const refused = 'HTTP/1.1 413 Content Too Large\r\nContent-Type: text/plain\r\nContent-Length: 8\r\n\r\ntoo big.';

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
  it('asks with Expect: 100-continue, sends every byte of a body larger than its buffers once continued, then reads the answer', async () => {
    const { path, content } = randomFile(sendBuffers * sendBufferBytes * 3 + 12_345);
    const { frame, body } = bodyOf(path, content.length);
    const service = await captureServer({ continueAfterMs: 150, answerAfterBytes: frame.length, answer: created });

    const answer = await sendOnSocket(post(service.url, body.length), body);
    expect(answer.status).toBe(201);
    expect(await readAnswerText(answer, mib)).toBe('{"id":"d1"}');
    const request = await service.received;
    const head = request.indexOf('\r\n\r\n');
    const lines = request.subarray(0, head).toString('latin1');
    expect(lines).toMatch(/^POST \/upload HTTP\/1\.1\r\nHost: 127\.0\.0\.1:\d+\r\n/);
    expect(lines).toContain(`\r\ncontent-length: ${frame.length}\r\n`);
    expect(lines).toContain('\r\nExpect: 100-continue\r\n');
    // Not one byte of the body before the service said to go on.
    expect(service.seen.continuedAt).toBe(head + 4);
    expect(request.subarray(head + 4).equals(Buffer.concat([frame.head, content, frame.tail]))).toBe(true);
  });

  it('sends no body when the service answers before it said to go on (a refused upload)', async () => {
    const { path } = randomFile(4 * mib);
    let read = 0;
    const { body } = bodyOf(path, 4 * mib, (bytes) => {
      read = bytes;
    });
    const service = await captureServer({ continueAfterMs: null, answerAfterBytes: 0, answer: refused });

    const answer = await sendOnSocket(post(service.url, body.length), body);
    expect(answer.status).toBe(413);
    expect(await readAnswerText(answer, mib)).toBe('too big.');
    await new Promise((resolve) => setTimeout(resolve, continueWaitMs + 200));
    expect(read).toBe(0);
  });

  it('sends the body anyway when no 100 Continue came within the wait (a service that ignores the expectation)', async () => {
    const { path, content } = randomFile(2 * mib);
    const { frame, body } = bodyOf(path, content.length);
    const service = await captureServer({ continueAfterMs: null, answerAfterBytes: frame.length, answer: created });
    const started = performance.now();
    const answer = await sendOnSocket(post(service.url, body.length), body);
    expect(answer.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(continueWaitMs - 50);
    const request = await service.received;
    expect(
      request.subarray(request.indexOf('\r\n\r\n') + 4).equals(Buffer.concat([frame.head, content, frame.tail])),
    ).toBe(true);
  });

  it('stops sending once the final answer began while the body was under way', async () => {
    const size = 512 * mib;
    const path = join(dir, 'large.bin');
    writeFileSync(path, '');
    truncateSync(path, size);
    let read = 0;
    const { body } = bodyOf(path, size, (bytes) => {
      read = bytes;
    });
    const service = await captureServer({ continueAfterMs: 0, answerAfterBytes: mib, answer: refused, slowEnd: true });

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
    const service = await captureServer({ continueAfterMs: 0, answerAfterBytes: body.length, answer: created });
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

  it('sends a body over https that a Node HTTPS server reads whole', async () => {
    const key = readFileSync(join(__dirname, '../../fixtures/tls/localhost-key.pem'));
    const cert = readFileSync(join(__dirname, '../../fixtures/tls/localhost-cert.pem'));
    const { path, content } = randomFile(5 * mib + 7);
    const { frame, body } = bodyOf(path, content.length);
    const server = createHttpsServer({ key, cert }, (req, res) => {
      const hash = createHash('sha256');
      req.on('data', (chunk: Buffer) => hash.update(chunk));
      req.on('end', () => res.end(hash.digest('hex')));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // The test certificate is its own issuer: trust it for this case only.
    const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      const answer = await sendOnSocket(post(`https://localhost:${port}/upload`, body.length), body);
      expect(answer.status).toBe(200);
      const expected = createHash('sha256')
        .update(Buffer.concat([frame.head, content, frame.tail]))
        .digest('hex');
      expect(await readAnswerText(answer, mib)).toBe(expected);
    } finally {
      if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
    }
  });
});
