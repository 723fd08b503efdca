import { request } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { DataFolderInUseError, lockFileName } from '../../../main/host/data-folder-lock';
import { type RunningHost, startHost } from '../../../main/host/host';
import { createFakeCore, type FakeCore, memoryKeychain } from '../../helpers/host-fake-core';
import { createRendererFixture, type RendererFixture, stagedFilePath } from '../../helpers/host-fixtures';

let fixture: RendererFixture;
let dataDir: string;
let fake: FakeCore;
let host: RunningHost;
let origin: string;
let port: number;
const logError = vi.fn();

beforeAll(async () => {
  fixture = await createRendererFixture();
  dataDir = await mkdtemp(join(tmpdir(), 'brm-host-data-'));
  fake = createFakeCore();
  host = await startHost({
    serverUrl: 'http://127.0.0.1:9',
    dataDir,
    rendererDir: fixture.rendererDir,
    createCore: fake.create,
    keychain: memoryKeychain,
    stagingLimitBytes: 64 * 1024,
    logError,
  });
  origin = new URL(host.url).origin;
  port = Number(new URL(host.url).port);
});
afterAll(async () => {
  await host?.stop();
  await fixture.remove();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sends a raw HTTP request (paths are not normalised, unlike fetch). */
function raw(method: string, path: string, body?: Buffer, headers: Record<string, string | number> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

/** Sends only the head of a PUT declaring `length` bytes; resolves with the raw response the host sends at once. */
function declaredOnly(path: string, length: number): Promise<string> {
  return rawHead(`PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${length}\r\n\r\n`);
}

/** Writes `head` as is on a new connection; resolves with everything the host sends until it closes. */
function rawHead(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(port, '127.0.0.1', () => {
      socket.write(head);
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/** Opens a bridge connection; resolves with the socket, or with the HTTP status it was refused with. */
function connect(path: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', reject);
  });
}

async function openBridge(): Promise<WebSocket> {
  const socket = await connect(`/bridge?token=${host.token}`);
  if (typeof socket === 'number') throw new Error(`bridge refused with ${socket}`);
  return socket;
}

/** Sends one text frame and resolves with the next frame received. */
function exchange(socket: WebSocket, frame: string | Buffer): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data))));
    socket.send(frame);
  });
}

describe('browser-mode host', () => {
  it('listens on 127.0.0.1 with a 32-byte token in the page URL and starts the core on the configured server', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    expect(host.service).toBeNull();
    expect(fake.started).toBe(true);
    expect(fake.options).toMatchObject({
      mode: 'browser',
      dataDir,
      downloadsDir: join(dataDir, 'downloads'),
      // The sign-in screen is prefilled with the configured server; there are no demo credentials for it.
      defaultServerUrl: 'http://127.0.0.1:9',
      demoCredentials: null,
    });
  });

  it('serves the page only with the token, with the CSP and security headers', async () => {
    expect((await raw('GET', '/')).status).toBe(403);
    expect((await raw('GET', '/?token=wrong')).status).toBe(403);
    const page = await raw('GET', `/?token=${host.token}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' ws://127.0.0.1:${port}; frame-ancestors 'none'`,
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<title>BRM Desktop</title>');
  });

  it('serves renderer assets and refuses traversal out of the renderer folder', async () => {
    const script = await raw('GET', '/assets/app.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const response = await raw('GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body).not.toContain('top secret');
    }
    const link = await raw('GET', '/assets/link.txt');
    expect(link.status).toBe(404);
    expect(link.body).not.toContain('top secret');
    expect((await raw('POST', '/assets/app.js', Buffer.from('x'))).status).toBe(405);
  });

  it.each([
    '/index.html',
    '/%69ndex.html',
    '/%69%6E%64%65%78.html',
    '/%69%6e%64%65%78%2E%68%74%6D%6C',
    '/./index.html',
    '//index.html',
    '/assets/../index.html',
    '/assets/%2e%2e/index.html',
    '/assets/%2E%2e/index.html',
    '/\\index.html',
    '/assets\\..\\index.html',
    '/assets/./../././/index.html',
  ])('asks for the token on %s, every spelling of the page', async (path) => {
    const refused = await raw('GET', path);
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain('<title>');
    const served = await raw('GET', `${path}?token=${host.token}`);
    expect(served.status).toBe(200);
    expect(served.body).toContain('<title>BRM Desktop</title>');
    expect(served.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['an escape above the root', '/%2e%2e/index.html'],
    ['an escape after a folder', '/assets/../../index.html'],
    ['an encoded slash', '/assets%2f..%2findex.html'],
    ['an encoded backslash', '/assets%5C..%5Cindex.html'],
    ['an encoded NUL', '/index.html%00.js'],
    ['a control character', '/index.html%0a'],
    ['a double encoding', '/%2569ndex.html'],
    ['a malformed escape', '/%E0%A4%A'],
    ['a trailing dot (Windows trims it)', '/index.html.'],
    ['a trailing space (Windows trims it)', '/index.html%20'],
    ['an NTFS stream name', '/index.html::$DATA'],
    ['an absolute-form target', `http://127.0.0.1/index.html`],
  ])('refuses %s with 400, token or not', async (_what, path) => {
    for (const query of ['', `?token=${host.token}`]) {
      const response = await raw('GET', `${path}${query}`);
      expect(response.status, `${path}${query}`).toBe(400);
      expect(response.body).not.toContain('<title>');
    }
  });

  it('serves source maps only with the token', async () => {
    for (const path of ['/assets/app.js.map', '/assets/%61pp.js.map', '/assets/./app.js.map', '//assets/app.js.map']) {
      expect((await raw('GET', path)).status, path).toBe(403);
    }
    const map = await raw('GET', `/assets/app.js.map?token=${host.token}`);
    expect(map.status).toBe(200);
    expect(map.body).toContain('"version":3');
  });

  it('refuses requests whose Host header names another server (DNS rebinding), with 421', async () => {
    for (const hostHeader of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1']) {
      const page = await raw('GET', `/?token=${host.token}`, undefined, { Host: hostHeader });
      expect(page.status, hostHeader).toBe(421);
      expect(page.body).not.toContain('<title>');
      expect((await raw('GET', '/assets/app.js', undefined, { Host: hostHeader })).status).toBe(421);
    }
    // HTTP/1.0 allows leaving the Host header out; the host still refuses.
    expect(await rawHead(`GET /?token=${host.token} HTTP/1.0\r\n\r\n`)).toMatch(/^HTTP\/1\.1 421 /);
    for (const hostHeader of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await raw('GET', `/?token=${host.token}`, undefined, { Host: hostHeader })).status, hostHeader).toBe(200);
    }
    expect(await connect(`/bridge?token=${host.token}`, { Host: `evil.example:${port}` })).toBe(421);
    const viaLocalhost = await connect(`/bridge?token=${host.token}`, { Host: `localhost:${port}` });
    expect(viaLocalhost).toBeInstanceOf(WebSocket);
    (viaLocalhost as WebSocket).close();
  });

  it('refuses bridge connections without the right token, path or origin', async () => {
    expect(await connect('/bridge')).toBe(403);
    expect(await connect('/bridge?token=wrong')).toBe(403);
    expect(await connect(`/bridge?token=${host.token.slice(0, -1)}`)).toBe(403);
    expect(await connect(`/elsewhere?token=${host.token}`)).toBe(403);
    const normalized = await connect(`/./bridge?token=${host.token}`);
    expect(normalized).toBeInstanceOf(WebSocket);
    (normalized as WebSocket).close();
    expect(await connect(`/bridge?token=${host.token}`, { Origin: 'https://evil.example' })).toBe(403);
    const allowed = await connect(`/bridge?token=${host.token}`, { Origin: origin });
    expect(allowed).toBeInstanceOf(WebSocket);
    (allowed as WebSocket).close();
  });

  it('round-trips calls and carries errors as {code, message}', async () => {
    const socket = await openBridge();
    expect(await exchange(socket, JSON.stringify({ id: 1, name: 'session.get', input: {} }))).toEqual({
      id: 1,
      ok: true,
      result: { state: 'signedOut', serverUrl: null, keychain: 'memory' },
    });
    expect(
      await exchange(
        socket,
        JSON.stringify({ id: 'b', name: 'contacts.get', input: { id: '6f1c2b8e-3d4a-4c5b-9e6f-7a8b9c0d1e2f' } }),
      ),
    ).toEqual({ id: 'b', ok: false, error: { code: 'not_found', message: 'That contact no longer exists.' } });
    expect(await exchange(socket, JSON.stringify({ id: 3, name: 'contacts.get', input: { id: 7 } }))).toEqual({
      id: 3,
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'contacts.get: id: expected a string',
        fields: [{ pointer: '/id', message: 'expected a string' }],
      },
    });
    const internal = await exchange(socket, JSON.stringify({ id: 4, name: 'transfers.list', input: {} }));
    expect(internal).toMatchObject({ id: 4, ok: false, error: { code: 'internal' } });
    expect(logError).toHaveBeenCalledWith('call transfers.list', expect.any(Error));
    socket.close();
  });

  it('answers malformed frames with an error and stays up', async () => {
    const socket = await openBridge();
    const notJson = await exchange(socket, '{"id": 1, "name":');
    expect(notJson).toMatchObject({ id: null, ok: false, error: { code: 'invalid_input' } });
    expect(await exchange(socket, Buffer.from([1, 2, 3]))).toMatchObject({ id: null, ok: false });
    expect(await exchange(socket, JSON.stringify({ id: 9, input: {} }))).toMatchObject({ id: 9, ok: false });
    expect(await exchange(socket, JSON.stringify([1, 2]))).toMatchObject({ id: null, ok: false });
    expect(await exchange(socket, 'null')).toMatchObject({ id: null, ok: false });
    expect(await exchange(socket, JSON.stringify({ id: 10, name: 'session.get', input: {} }))).toMatchObject({
      id: 10,
      ok: true,
    });
    socket.close();
  });

  it('pushes core events and notifications to every connected page', async () => {
    const [first, second] = [await openBridge(), await openBridge()];
    const received = (socket: WebSocket) =>
      new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
    const both = Promise.all([received(first), received(second)]);
    fake.emit('data.changed', { types: ['contact'] });
    expect(await both).toEqual([
      { event: 'data.changed', payload: { types: ['contact'] } },
      { event: 'data.changed', payload: { types: ['contact'] } },
    ]);
    const notified = received(first);
    fake.options?.platform.notify({ title: 'Document approved', body: 'Quote.pdf was approved.' });
    expect(await notified).toEqual({
      event: 'app.notify',
      payload: { title: 'Document approved', body: 'Quote.pdf was approved.' },
    });
    first.close();
    second.close();
  });

  it('stages an upload to disk and resolves only staged refs', async () => {
    const content = Buffer.alloc(40_000, 7);
    const staged = await raw('PUT', `/stage?token=${host.token}&name=${encodeURIComponent('Quote 2026.pdf')}`, content);
    expect(staged.status).toBe(200);
    const body = JSON.parse(staged.body) as { ref: string; name: string; size: number };
    expect(body).toEqual({ ref: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Quote 2026.pdf', size: 40_000 });
    const stagedPath = await stagedFilePath(dataDir, body.ref);
    expect((await readFile(stagedPath)).equals(content)).toBe(true);

    const socket = await openBridge();
    const folderId = '6f1c2b8e-3d4a-4c5b-9e6f-7a8b9c0d1e2f';
    const upload = (ref: string) =>
      exchange(
        socket,
        JSON.stringify({
          id: 1,
          name: 'documents.upload',
          input: { folderId, files: [{ ref, name: 'Quote 2026.pdf' }] },
        }),
      );
    expect(await upload(body.ref)).toEqual({
      id: 1,
      ok: true,
      result: [{ path: stagedPath, name: 'Quote 2026.pdf', size: 40_000 }],
    });
    expect(await upload('/etc/passwd')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    socket.close();
  });

  it('refuses uploads over the limit, without the token, with a bad name or method', async () => {
    const big = Buffer.alloc(64 * 1024 + 1);
    const oversize = await raw('PUT', `/stage?token=${host.token}&name=big.bin`, big);
    expect(oversize.status).toBe(413);
    expect(oversize.body).toContain('"big.bin" is larger than 64 KiB');
    expect(await declaredOnly(`/stage?token=${host.token}&name=big.bin`, 3 * 1024 ** 3)).toMatch(/^HTTP\/1\.1 413 /);
    expect((await raw('PUT', '/stage?name=a.txt', Buffer.from('x'))).status).toBe(403);
    expect((await raw('PUT', `/stage?token=${host.token}&name=..%2Fescape.txt`, Buffer.from('x'))).status).toBe(400);
    expect((await raw('PUT', `/stage?token=${host.token}`, Buffer.from('x'))).status).toBe(400);
    expect((await raw('GET', `/stage?token=${host.token}&name=a.txt`)).status).toBe(405);
  });

  it('serves opened files at the URL openPath returns, only with the token', async () => {
    const path = join(dataDir, 'downloads-open-test.html');
    await writeFile(path, '<script>alert(1)</script>');
    const opened = await fake.options?.platform.openPath(path);
    const url = new URL(opened?.url ?? '');
    expect(url.origin).toBe(origin);
    const response = await raw('GET', `${url.pathname}${url.search}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="downloads-open-test.html"; filename*=UTF-8''downloads-open-test.html`,
    );
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect((await raw('GET', url.pathname)).status).toBe(403);
    expect((await raw('GET', `/files/unknown?token=${host.token}`)).status).toBe(404);
  });
});

describe('host shutdown', () => {
  it('closes bridge connections, stops the core, removes its staged files and releases the data folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'brm-host-stop-'));
    const other = createFakeCore();
    const running = await startHost({
      serverUrl: 'http://127.0.0.1:9',
      dataDir: dir,
      rendererDir: fixture.rendererDir,
      createCore: other.create,
      keychain: memoryKeychain,
    });
    expect(await readdir(join(dir, 'staging'))).toHaveLength(1);
    const socket = new WebSocket(`${running.url.replace('http', 'ws').replace('/?', '/bridge?')}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await running.stop();
    await closed;
    expect(other.stopped).toBe(true);
    expect(await readdir(join(dir, 'staging'))).toEqual([]);
    await expect(readFile(join(dir, lockFileName))).rejects.toMatchObject({ code: 'ENOENT' });
    await rm(dir, { recursive: true, force: true });
  });
});

describe('one host per data folder', () => {
  it('refuses a second host on the folder, naming the first one’s pid and URL, and changes nothing', async () => {
    const staged = await raw('PUT', `/stage?token=${host.token}&name=kept.txt`, Buffer.from('still here'));
    expect(staged.status).toBe(200);
    const before = await readdir(join(dataDir, 'staging'), { recursive: true });
    const second = createFakeCore();
    const error = await startHost({
      serverUrl: 'http://127.0.0.1:9',
      dataDir,
      rendererDir: fixture.rendererDir,
      createCore: second.create,
      keychain: memoryKeychain,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderInUseError);
    expect((error as Error).message).toContain(`(process ${process.pid}, started `);
    expect((error as Error).message).toContain(`Open it in your browser: ${host.url}`);
    expect(second.options).toBeNull();
    expect(await readdir(join(dataDir, 'staging'), { recursive: true })).toEqual(before);
    expect((await raw('GET', `/?token=${host.token}`)).status).toBe(200);
  });

  it('takes over the folder of a host that died, removing what it had staged', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'brm-host-stale-'));
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(
      join(dir, lockFileName),
      JSON.stringify({
        pid: dead,
        launchId: 'dead0000-0000-4000-8000-000000000000',
        app: 'browser',
        url: 'http://127.0.0.1:1/?token=gone',
        hostname: hostname(),
        startedAt: '2026-01-05T08:00:00.000Z',
        processStart: 'ms:1767600000000',
      }),
    );
    await mkdir(join(dir, 'staging', 'dead0000-0000-4000-8000-000000000000'), { recursive: true });
    await writeFile(join(dir, 'staging', 'dead0000-0000-4000-8000-000000000000', 'left.bin'), 'x');
    await writeFile(join(dir, 'staging', '6f1c2b8e-3d4a-4c5b-9e6f-7a8b9c0d1e2f'), 'an older layout');
    const running = await startHost({
      serverUrl: 'http://127.0.0.1:9',
      dataDir: dir,
      rendererDir: fixture.rendererDir,
      createCore: createFakeCore().create,
      keychain: memoryKeychain,
    });
    try {
      const lock = JSON.parse(await readFile(join(dir, lockFileName), 'utf8')) as {
        pid: number;
        url: string;
        launchId: string;
      };
      expect(lock).toMatchObject({ pid: process.pid, url: running.url });
      expect(await readdir(join(dir, 'staging'))).toEqual([lock.launchId]);
    } finally {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
