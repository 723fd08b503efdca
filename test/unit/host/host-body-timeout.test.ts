/**
 * The browser-mode host's body limit (main/host/body-timeout.ts): a `PUT /stage` whose body stops
 * arriving is answered 408 with `Connection: close` and its partial file is removed; a body that
 * keeps arriving, however slowly, is staged. The limit is 300 ms here instead of 30 s.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHost, startHost } from '../../../main/host/host';
import { createFakeCore, memoryKeychain } from '../../helpers/host-fake-core';
import { createRendererFixture, type RendererFixture } from '../../helpers/host-fixtures';
import { openRaw } from '../../helpers/raw-http';

const bodyTimeoutMs = 300;
let fixture: RendererFixture;
let dataDir: string;
let host: RunningHost;
let origin: string;

beforeAll(async () => {
  fixture = await createRendererFixture();
  dataDir = await mkdtemp(join(tmpdir(), 'brm-host-body-'));
  host = await startHost({
    serverUrl: 'http://127.0.0.1:9',
    dataDir,
    rendererDir: fixture.rendererDir,
    createCore: createFakeCore().create,
    keychain: memoryKeychain,
    bodyTimeoutMs,
  });
  origin = new URL(host.url).origin;
});
afterAll(async () => {
  await host?.stop();
  await fixture.remove();
  await rm(dataDir, { recursive: true, force: true });
});

/** The files in this host's staging folder. */
async function stagedFiles(): Promise<string[]> {
  const lock = JSON.parse(await readFile(join(dataDir, 'brm-desktop.lock'), 'utf8')) as { launchId: string };
  return readdir(join(dataDir, 'staging', lock.launchId));
}

/** Resolves once `check` holds, polling; rejects after 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The condition did not hold within 10 s');
}

/** The head of a `PUT /stage` of `length` bytes; the connection closes after the answer. */
const head = (name: string, length: number) =>
  `PUT /stage?token=${host.token}&name=${name} HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

describe('request bodies at the browser-mode host', () => {
  it('answers 408 with Connection: close to a PUT /stage body that stops arriving, and removes the partial file', async () => {
    const connection = await openRaw(origin);
    await connection.write(head('stalled.bin', 100_000));
    await connection.write(Buffer.alloc(10_000, 1));
    await until(async () => (await stagedFiles()).length === 1);
    const answer = await connection.response();
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toContain('The file stopped arriving');
    expect(answer.closedByServer).toBe(true);
    await until(async () => (await stagedFiles()).length === 0);
  });

  it('stages a body that keeps arriving in small pieces for longer than the limit', async () => {
    const pieces = 10;
    const connection = await openRaw(origin);
    await connection.write(head('slow.bin', pieces * 10));
    for (let i = 0; i < pieces; i++) {
      await connection.write(Buffer.alloc(10, i));
      await new Promise((resolve) => setTimeout(resolve, bodyTimeoutMs / 6));
    }
    const answer = await connection.response();
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ name: 'slow.bin', size: pieces * 10 });
  });
});
