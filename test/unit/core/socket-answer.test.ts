/**
 * A download's answer read on its own socket into reused buffers (main/core/transfers/socket-answer.ts)
 * against local servers that send exact bytes: bodies framed by Content-Length, chunked coding and
 * the connection's end, headers split across reads, interim 1xx answers, pieces held by a slow
 * reader while the socket goes on (their bytes must not be overwritten), the request's head, and
 * every way an exchange can fail. One case runs over TLS with a self-signed test certificate for
 * localhost (test/fixtures/tls/, made for these tests only).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NoAnswerError } from '../../../main/core/api/node-transport';
import { BodyReadError } from '../../../main/core/transfers/body-to-file';
import { readBufferBytes, readBuffers, sendOnSocket } from '../../../main/core/transfers/socket-answer';
import { readAnswerText } from '../../../main/core/transfers/transfer-io';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A server that answers each connection with `script` (it gets the socket and the request's head). */
async function rawServer(script: (socket: Socket, head: string) => void | Promise<void>): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    const onData = (data: Buffer) => {
      head += data.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      void script(socket, head);
    };
    socket.on('data', onData);
  });
  server.on('close', () => {
    for (const s of sockets) s.destroy();
  });
  return `http://127.0.0.1:${await listen(server)}`;
}

async function httpServer(handler: RequestListener): Promise<string> {
  return `http://127.0.0.1:${await listen(createHttpServer(handler))}`;
}

const get = (url: string, headers: Record<string, string> = {}, signal?: AbortSignal) => ({
  method: 'GET',
  url,
  headers,
  signal,
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads a whole answer's body, copying each piece only after `holdMs` (as a slow disk would). */
async function bodyOf(
  url: string,
  holdMs = 0,
): Promise<{ status: number; body: Buffer; memory: Set<ArrayBufferLike>; pieces: number }> {
  const answer = await sendOnSocket(get(url));
  const parts: Buffer[] = [];
  const memory = new Set<ArrayBufferLike>();
  let pieces = 0;
  await answer.read(async (piece) => {
    pieces++;
    memory.add(piece.buffer);
    if (holdMs > 0) await pause(holdMs);
    parts.push(Buffer.from(piece));
  });
  return { status: answer.status, body: Buffer.concat(parts), memory, pieces };
}

describe('sendOnSocket', () => {
  it('reads a Content-Length body into a few reused buffers, whose pieces keep their bytes while held', async () => {
    const content = randomBytes(12 * 1024 * 1024 + 3);
    const url = await httpServer((_req, res) => res.end(content));
    // Each piece is copied 1 ms after it was handed: a buffer read into again too soon would show.
    const { status, body, memory, pieces } = await bodyOf(`${url}/file`, 1);
    expect(status).toBe(200);
    expect(body.equals(content)).toBe(true);
    // The read buffers, plus one copy of the body bytes that came in the same read as the headers.
    expect(memory.size).toBeLessThanOrEqual(readBuffers + 1);
    expect(pieces).toBeGreaterThan(2 * memory.size);
    expect(readBufferBytes * readBuffers).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('reads nothing more while the answer waits for its reader: the body waits in the socket, not in memory', async () => {
    const total = 64 * 1024 * 1024;
    let written = () => 0;
    const url = await rawServer((socket) => {
      written = () => socket.bytesWritten;
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${total}\r\n\r\n`);
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      const more = () => {
        while (socket.bytesWritten < total + 100 && socket.write(chunk));
      };
      socket.on('drain', more);
      more();
    });
    const answer = await sendOnSocket(get(url));
    await pause(300);
    // What the kernel's socket buffers hold (a few MiB on loopback), nowhere near the 64 MiB on offer.
    expect(written()).toBeLessThan(24 * 1024 * 1024);
    let received = 0;
    await answer.read((piece) => {
      received += piece.length;
    });
    expect(received).toBe(total);
  });

  it('sends the request line, Host, the headers and Connection: close', async () => {
    let seen = '';
    const url = await rawServer((socket, head) => {
      seen = head;
      socket.end('HTTP/1.1 204 No Content\r\n\r\n');
    });
    const answer = await sendOnSocket(get(`${url}/api/documents/downloadDocument?id=a%20b`, { Range: 'bytes=5-' }));
    expect(answer.status).toBe(204);
    await answer.read(() => undefined);
    const port = new URL(url).port;
    expect(seen).toBe(
      `GET /api/documents/downloadDocument?id=a%20b HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nRange: bytes=5-\r\nConnection: close\r\n\r\n`,
    );
  });

  it('decodes a chunked body whose head and chunks arrive in many small reads, after an interim 103', async () => {
    const url = await rawServer(async (socket) => {
      const bytes = [
        'HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n',
        'HTTP/1.1 200 OK\r\nContent-Ty',
        'pe: text/plain\r\nTransfer-Encoding: chunked\r\n\r',
        '\n5\r\nhello\r\n6\r',
        '\n world\r\n0\r\n\r\n',
      ];
      for (const part of bytes) {
        socket.write(part);
        await pause(15);
      }
      socket.end();
    });
    const answer = await sendOnSocket(get(url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain');
    expect(await readAnswerText(answer, 1024)).toBe('hello world');
  });

  it("reads a body without a length to the connection's end", async () => {
    const url = await rawServer((socket) => void socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nto the end'));
    expect((await bodyOf(url)).body.toString()).toBe('to the end');
  });

  it('reports no answer when nothing listens, when the answer is not HTTP or has a header name Headers refuses, and when a header holds a line break', async () => {
    await expect(sendOnSocket(get('http://127.0.0.1:9/'))).rejects.toBeInstanceOf(NoAnswerError);
    const garbage = await rawServer((socket) => void socket.end('SSH-2.0-OpenSSH_9.2\r\n\r\n'));
    await expect(sendOnSocket(get(garbage))).rejects.toBeInstanceOf(NoAnswerError);
    const badHeader = await rawServer(
      (socket) => void socket.end('HTTP/1.1 200 OK\r\nna(me: x\r\nContent-Length: 0\r\n\r\n'),
    );
    await expect(sendOnSocket(get(badHeader))).rejects.toBeInstanceOf(NoAnswerError);
    const silent = await rawServer((socket) => void socket.end());
    await expect(sendOnSocket(get(silent))).rejects.toBeInstanceOf(NoAnswerError);
    await expect(sendOnSocket(get(silent, { 'X-A': 'b\r\nX-Injected: 1' }))).rejects.toBeInstanceOf(NoAnswerError);
  });

  it('fails the read with BodyReadError when the connection closes before Content-Length bytes came', async () => {
    const url = await rawServer(
      (socket) => void socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly ten b'),
    );
    const answer = await sendOnSocket(get(url));
    const seen: string[] = [];
    const err = await answer.read((piece) => void seen.push(piece.toString())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BodyReadError);
    expect(seen.join('')).toBe('only ten b');
  });

  it('aborts: before the answer as no answer, during the body as BodyReadError caused by an AbortError', async () => {
    const url = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\nfirst bytes');
    });
    const early = new AbortController();
    early.abort();
    await expect(sendOnSocket(get(url, {}, early.signal))).rejects.toBeInstanceOf(NoAnswerError);
    const controller = new AbortController();
    const answer = await sendOnSocket(get(url, {}, controller.signal));
    const err = await answer.read(() => controller.abort()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BodyReadError);
    expect(((err as BodyReadError).cause as Error).name).toBe('AbortError');
  });

  it("passes the reader's own error on, thrown or rejected, and closes the connection", async () => {
    let closed = 0;
    const url = await rawServer((socket) => {
      socket.on('close', () => closed++);
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\nsome bytes');
    });
    const thrown = await sendOnSocket(get(url));
    await expect(
      thrown.read(() => {
        throw new RangeError('too long');
      }),
    ).rejects.toThrow(RangeError);
    const rejected = await sendOnSocket(get(url));
    await expect(rejected.read(() => Promise.reject(new URIError('disk full')))).rejects.toThrow(URIError);
    await pause(50);
    expect(closed).toBe(2);
  });

  it('reads an https answer', async () => {
    const key = readFileSync(join(__dirname, '../../fixtures/tls/localhost-key.pem'));
    const cert = readFileSync(join(__dirname, '../../fixtures/tls/localhost-cert.pem'));
    const content = randomBytes(3 * 1024 * 1024);
    const port = await listen(createHttpsServer({ key, cert }, (_req, res) => res.end(content)));
    // The test certificate is its own issuer: trust it for this case only.
    const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      const { status, body } = await bodyOf(`https://localhost:${port}/file`, 1);
      expect(status).toBe(200);
      expect(body.equals(content)).toBe(true);
    } finally {
      if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
    }
  });

  it("gives at most the asked-for bytes of a long answer's text, and stops reading it", async () => {
    const url = await httpServer((_req, res) => res.end('x'.repeat(3 * 1024 * 1024)));
    expect(await readAnswerText(await sendOnSocket(get(url)), 1000)).toBe('x'.repeat(1000));
  });
});
