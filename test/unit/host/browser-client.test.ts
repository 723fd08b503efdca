/**
 * The browser-mode client against a running host (fake core): the page's globals (`location`,
 * `WebSocket`, `fetch` resolving relative URLs) are stood in by Node's and the `ws` package's.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type RunningHost, startHost } from '../../../main/host/host';
import { BridgeError, type BrmBridge } from '../../../preload/contract';
import { createFakeCore, type FakeCore, memoryKeychain } from '../../helpers/host-fake-core';
import { createRendererFixture, type RendererFixture, stagedFilePath } from '../../helpers/host-fixtures';

/** The client module's API (loaded by path: it is DOM code, type-checked by tsconfig.web.json). */
interface BrowserClientModule {
  connectBrowserBridge(options?: {
    offlineTimeoutMs?: number;
    reconnectDelayMs?: number;
    maxReconnectDelayMs?: number;
  }): BrmBridge & { close(): void };
  hostOfflineMessage: string;
}
const clientPath = '../../../preload/browser-client';
const client = (await import(/* @vite-ignore */ clientPath)) as BrowserClientModule;

let fixture: RendererFixture;
let dataDir: string;
let fake: FakeCore;
let host: RunningHost;
const bridges: Array<{ close(): void }> = [];

/** Connects a client (closed after each test). */
function connect(options?: Parameters<BrowserClientModule['connectBrowserBridge']>[0]): BrmBridge {
  const bridge = client.connectBrowserBridge(options);
  bridges.push(bridge);
  return bridge;
}

/** Makes the page look as if it was loaded from `pageUrl`. */
function openPage(pageUrl: string): void {
  const page = new URL(pageUrl);
  vi.stubGlobal('location', page);
  vi.stubGlobal('WebSocket', WebSocket);
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => nodeFetch(new URL(input, page), init));
}

beforeAll(async () => {
  fixture = await createRendererFixture();
  dataDir = await mkdtemp(join(tmpdir(), 'brm-client-data-'));
  fake = createFakeCore();
  host = await startHost({
    serverUrl: 'http://127.0.0.1:9',
    dataDir,
    rendererDir: fixture.rendererDir,
    createCore: fake.create,
    keychain: memoryKeychain,
    stagingLimitBytes: 1024,
  });
});
afterEach(() => {
  for (const bridge of bridges.splice(0)) bridge.close();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await host?.stop();
  await fixture.remove();
  await rm(dataDir, { recursive: true, force: true });
});

describe('connectBrowserBridge', () => {
  it('calls the core over the WebSocket and rejects with BridgeError instances', async () => {
    openPage(host.url);
    const bridge = connect();
    await expect(bridge.call('session.get', {})).resolves.toEqual({
      state: 'signedOut',
      serverUrl: null,
      keychain: 'memory',
    });
    const error = await bridge
      .call('contacts.get', { id: '6f1c2b8e-3d4a-4c5b-9e6f-7a8b9c0d1e2f' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'not_found', message: 'That contact no longer exists.' });
  });

  it('delivers subscribed events until unsubscribed', async () => {
    openPage(host.url);
    const bridge = connect();
    await bridge.call('session.get', {});
    const changed = vi.fn();
    const notified = vi.fn();
    const off = bridge.on('data.changed', changed);
    bridge.on('app.notify', notified);
    fake.emit('data.changed', { types: ['notification'] });
    fake.options?.platform.notify({ title: 'Hi', body: 'There' });
    await vi.waitFor(() => expect(notified).toHaveBeenCalledWith({ title: 'Hi', body: 'There' }));
    expect(changed).toHaveBeenCalledExactlyOnceWith({ types: ['notification'] });
    off();
    fake.emit('data.changed', { types: ['contact'] });
    fake.options?.platform.notify({ title: 'Second', body: '' });
    await vi.waitFor(() => expect(notified).toHaveBeenCalledTimes(2));
    expect(changed).toHaveBeenCalledOnce();
  });

  it('stages a file for upload and returns its reference', async () => {
    openPage(host.url);
    const bridge = connect();
    const ref = await bridge.fileRef(new File(['hello, staging'], 'notes.txt', { type: 'text/plain' }));
    expect(ref).toEqual({ ref: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'notes.txt' });
    expect(await readFile(await stagedFilePath(dataDir, ref.ref), 'utf8')).toBe('hello, staging');
    const tooBig = await bridge.fileRef(new File([new Uint8Array(2048)], 'big.bin')).catch((e: unknown) => e);
    expect(tooBig).toBeInstanceOf(BridgeError);
    expect(tooBig).toMatchObject({ code: 'too_large' });
  });

  it('fails calls at once when the page URL has no token', async () => {
    openPage(host.url.replace(/\?token=.*/, ''));
    const bridge = connect();
    await expect(bridge.call('session.get', {})).rejects.toMatchObject({
      code: 'offline',
      message: expect.stringContaining('token'),
    });
  });
});

describe('connectBrowserBridge without a host', () => {
  it('fails calls offline after waiting for a connection that never comes', async () => {
    openPage('http://127.0.0.1:9/?token=abc');
    const bridge = connect({ offlineTimeoutMs: 100, reconnectDelayMs: 20, maxReconnectDelayMs: 40 });
    const error = await bridge.call('session.get', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'offline', message: client.hostOfflineMessage });
  });

  it('fails calls in flight when the connection drops, reconnects, and sends calls made meanwhile', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    let connections = 0;
    server.on('connection', (socket) => {
      connections += 1;
      const first = connections === 1;
      socket.on('message', (data) => {
        const request = JSON.parse(String(data)) as { id: number };
        if (first) socket.terminate();
        else socket.send(JSON.stringify({ id: request.id, ok: true, result: 'answered' }));
      });
    });
    openPage(`http://127.0.0.1:${(server.address() as AddressInfo).port}/?token=abc`);
    const bridge = connect({ offlineTimeoutMs: 30_000, reconnectDelayMs: 20, maxReconnectDelayMs: 40 });
    await expect(bridge.call('session.get', {})).rejects.toMatchObject({ code: 'offline' });
    await expect(bridge.call('session.get', {})).resolves.toBe('answered');
    expect(connections).toBe(2);
    for (const socket of server.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  });
});
