/**
 * The browser-mode host with the real core against the reference service over real HTTP: sign in,
 * sync, read the cache, upload a staged file, download and open a document — all through the
 * bridge WebSocket, as the page does; and a second host on the same data folder refused.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockFileName } from '../../../main/host/data-folder-lock';
import { type RunningHost, startHost } from '../../../main/host/host';
import { BridgeError } from '../../../preload/contract';
import { type RunningService, startService } from '../../../server/start';
import { isFinishedTransfer as finished } from '../../helpers/core-waits';
import { connectNodeBridge, type NodeBridgeClient } from '../../helpers/host-bridge-client';
import { createRendererFixture, type RendererFixture, stagedFilePath, stageFile } from '../../helpers/host-fixtures';
import { runHostCli } from '../../helpers/host-process';

let root: string;
let fixture: RendererFixture;
let service: RunningService;
let host: RunningHost;
let bridge: NodeBridgeClient;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'brm-host-int-'));
  fixture = await createRendererFixture();
  service = await startService({
    dataDir: join(root, 'service'),
    demo: { contacts: 40, companies: 6, events: 12, documents: 8, notifications: 5 },
  });
  host = await startHost({ serverUrl: service.url, dataDir: join(root, 'host'), rendererDir: fixture.rendererDir });
  bridge = await connectNodeBridge(host.url);
});

afterAll(async () => {
  bridge?.close();
  await host?.stop();
  await service?.stop();
  await fixture?.remove();
  await rm(root, { recursive: true, force: true });
});

/** Stages `content` as `name` on the host, as the page's `fileRef` does. */
const stage = (name: string, content: Buffer) => stageFile(host.url, name, content);

describe('browser-mode host with the real core', () => {
  it('reports browser mode, prefills the configured server and starts no embedded service', async () => {
    const info = await bridge.call('app.getInfo', {});
    expect(info).toMatchObject({ mode: 'browser', defaultServerUrl: service.url, demoCredentials: null });
  });

  it('signs in, syncs and serves cached contacts', async () => {
    const session = await bridge.call('session.signIn', {
      serverUrl: service.url,
      username: service.credentials.username,
      password: service.credentials.password,
    });
    expect(session).toMatchObject({ state: 'signedIn', serverUrl: service.url });
    await bridge.waitForEvent('session.changed', (payload) => payload.state === 'signedIn');
    await bridge.call('sync.run', {});
    await bridge.waitForEvent('sync.status', (status) => status.state === 'idle' && status.lastSyncedAt !== null);
    const contacts = await bridge.call('contacts.list', { offset: 0, limit: 10 });
    expect(contacts.total).toBe(40);
    expect(contacts.rows).toHaveLength(10);
  });

  it('rejects bad input and refs that were not staged', async () => {
    const folders = await bridge.call('documents.listFolders', {});
    const badType = await bridge
      .call('documents.upload', { folderId: folders[0].id, files: [{ ref: 'x', name: 5 as unknown as string }] })
      .catch((error: unknown) => error);
    expect(badType).toMatchObject({
      code: 'invalid_input',
      message: 'documents.upload: files[0].name: expected a string',
    });
    const notStaged = await bridge
      .call('documents.upload', { folderId: folders[0].id, files: [{ ref: '/etc/passwd', name: 'passwd' }] })
      .catch((error: unknown) => error);
    expect(notStaged).toBeInstanceOf(BridgeError);
    expect(notStaged).toMatchObject({ code: 'invalid_input' });
  });

  it('uploads a staged file to the service', async () => {
    const folders = await bridge.call('documents.listFolders', {});
    const content = Buffer.from('%PDF-1.4\n% staged by the browser-mode host test\n');
    const file = await stage('Host upload.pdf', content);
    const [transfer] = await bridge.call('documents.upload', { folderId: folders[0].id, files: [file] });
    expect(transfer).toMatchObject({ kind: 'upload', name: 'Host upload.pdf', bytesTotal: content.length });
    const done = await bridge.waitForEvent('transfer.progress', (t) => t.id === transfer.id && finished(t));
    expect(done).toMatchObject({ state: 'done', bytesDone: content.length });
  });

  it('downloads a document and serves it at the URL documents.open returns', async () => {
    const folders = await bridge.call('documents.listFolders', {});
    const folder = folders.find((candidate) => candidate.documentCount > 0);
    if (!folder) throw new Error('the demo data has no documents');
    const { rows } = await bridge.call('documents.list', { folderId: folder.id, offset: 0, limit: 1 });
    const document = rows[0];
    const transfer = await bridge.call('documents.download', { id: document.id });
    const done = await bridge.waitForEvent('transfer.progress', (t) => t.id === transfer.id && finished(t));
    expect(done.state).toBe('done');
    const opened = await bridge.call('documents.open', { id: document.id });
    expect(opened.url).toMatch(new RegExp(`^${new URL(host.url).origin}/files/`));
    const response = await fetch(opened.url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^inline; /);
    expect((await response.arrayBuffer()).byteLength).toBe(document.size);
  });
});

describe('one host per data folder', () => {
  it('refuses a second host on the folder, naming the first; the first keeps working and keeps its staged upload', async () => {
    const dataDir = join(root, 'host');
    const lockBefore = await readFile(join(dataDir, lockFileName), 'utf8');
    const file = await stage(
      'Staged before the second launch.txt',
      Buffer.from('kept while a second host is refused\n'),
    );
    const staged = await stagedFilePath(dataDir, file.ref);

    const second = await startHost({ serverUrl: service.url, dataDir, rendererDir: fixture.rendererDir }).catch(
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(DataFolderInUseError);
    expect((second as Error).message).toContain(`(process ${process.pid}, started `);
    expect((second as Error).message).toContain(`Open it in your browser: ${host.url}`);

    // The same from the command line: a message naming the pid and URL, exit code 1.
    const cli = runHostCli(['--data', dataDir, '--server', service.url]);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`BRM Desktop in browser mode (process ${process.pid}, started `);
    expect(cli.stderr).toContain(`is already using the data folder ${dataDir}.`);
    expect(cli.stderr).toContain(`Open it in your browser: ${host.url}`);
    expect(cli.stdout).not.toContain('is running in browser mode');

    // Nothing of the first host's was touched: its staged file is there and uploads.
    expect(await readFile(staged, 'utf8')).toBe('kept while a second host is refused\n');
    expect(await readFile(join(dataDir, lockFileName), 'utf8')).toBe(lockBefore);
    const folders = await bridge.call('documents.listFolders', {});
    const [transfer] = await bridge.call('documents.upload', { folderId: folders[0].id, files: [file] });
    const done = await bridge.waitForEvent('transfer.progress', (t) => t.id === transfer.id && finished(t));
    expect(done).toMatchObject({ state: 'done' });
  });
});

describe('browser-mode host with the embedded demo service', () => {
  it('starts the demo service in <dataDir>/demo-service and offers it on the sign-in screen', async () => {
    const dataDir = join(root, 'embedded');
    const embedded = await startHost({ dataDir, rendererDir: fixture.rendererDir });
    try {
      expect(embedded.service).not.toBeNull();
      const client = await connectNodeBridge(embedded.url);
      const info = await client.call('app.getInfo', {});
      expect(info).toMatchObject({
        mode: 'browser',
        defaultServerUrl: embedded.service?.url,
        demoCredentials: embedded.service?.credentials,
        dataDir,
      });
      client.close();
    } finally {
      await embedded.stop();
    }
  });
});
