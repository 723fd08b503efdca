/**
 * A damaged cache.db is noticed and rebuilt (docs/ARCHITECTURE.md, "A damaged file"): garbage in
 * the middle of the file, a truncated file, an overwritten header, and a -wal removed after a kill
 * each leave a core that starts, tells the user where the damaged file was set aside, keeps the
 * outbox, and ends with a cache equal to the service's data after sync. Damage that only the full
 * check finds (an index that disagrees with its table) is repaired while the app runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickCheck } from '../../../main/core/cache/integrity';
import { createMemoryKeychain } from '../../../main/core/keychain';
import type { Core, Keychain } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  dumpSyncedTables,
  startTestCore,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import {
  desyncIndex,
  filesMatching,
  overwriteHeader,
  truncateToAThird,
  writeGarbageInTheMiddle,
} from '../../helpers/data-folder';
import { smallDemo } from '../../helpers/server-client';
import { type SwitchableProxy, startSwitchableProxy } from '../../helpers/switchable-proxy';

const options = { syncBackoff: { baseMs: 100, maxMs: 400 } };

describe('a damaged cache.db', () => {
  const temp = createTempDir('brm-damaged-cache-');
  let service: RunningService;
  let proxy: SwitchableProxy;

  beforeAll(async () => {
    service = await startService({ dataDir: join(temp.path, 'service'), demo: smallDemo });
    proxy = await startSwitchableProxy(service.url);
  });
  afterAll(async () => {
    await proxy.close();
    await service.stop();
    temp.remove();
  });

  const signIn = (core: Core) => core.handlers['session.signIn']({ serverUrl: proxy.url, ...service.credentials });

  /** A client folder that synced, with one new contact waiting in the outbox (made while the service was away); its core stopped. */
  async function syncedFolderWithAnEdit(name: string, keychain: Keychain): Promise<string> {
    const dir = join(temp.path, name);
    const core = await startTestCore(dir, createTestPlatform(keychain), options);
    try {
      await signIn(core);
      await waitForIdle(core);
      proxy.down();
      await core.handlers['contacts.save']({ contact: { firstName: 'Kim', lastName: `Waiting ${name}` } });
    } finally {
      await core.stop();
      proxy.up();
    }
    return dir;
  }

  /** What a fresh client bootstraps from the service now. */
  async function serviceData(): Promise<Record<string, unknown[]>> {
    const dir = join(temp.path, `reference-${Date.now()}`);
    const core = await startTestCore(dir, createTestPlatform(), options);
    await core.handlers['session.signIn']({ serverUrl: service.url, ...service.credentials });
    await waitForIdle(core);
    await core.stop();
    return dumpSyncedTables(join(dir, 'data'));
  }

  /**
   * Starts a core on the damaged folder and checks what the user relies on: it starts, says where the
   * damaged file went, keeps the waiting edit, sends it, and ends with the service's data.
   */
  async function expectRebuilt(dir: string, lastName: string, keychain: Keychain, signInAgain: boolean) {
    const data = join(dir, 'data');
    const core = await startTestCore(dir, createTestPlatform(keychain), options);
    try {
      const [aside] = filesMatching(data, /^cache\.damaged-\d{8}T\d{6}Z\.db$/);
      expect(aside).toBeDefined();
      const notices = await core.handlers['storage.listNotices']({});
      expect(notices).toEqual([
        expect.objectContaining({
          kind: 'cacheRebuilt',
          file: join(data, aside),
          message: `The local copy of your data was damaged. It was set aside as ${join(data, aside)} and is being downloaded again from the service; your unsent changes are safe.`,
        }),
      ]);
      expect((await core.handlers['outbox.list']({})).map((e) => e.summary)).toEqual([`New contact Kim ${lastName}`]);
      if (signInAgain) await signIn(core);
      await waitForIdle(core);
      if ((await core.handlers['outbox.list']({})).length > 0) await core.handlers['sync.run']({});
      expect(await core.handlers['outbox.list']({})).toEqual([]);
      expect((await core.handlers['contacts.list']({ query: lastName, offset: 0, limit: 5 })).total).toBe(1);
    } finally {
      await core.stop();
    }
    expect(dumpSyncedTables(data)).toEqual(await serviceData());
  }

  it.each([
    ['garbage in the middle', writeGarbageInTheMiddle],
    ['a truncated file', truncateToAThird],
    ['an overwritten header', overwriteHeader],
  ])('starts again after %s, set aside and downloaded again, the outbox intact', async (damage, harm) => {
    const keychain = createMemoryKeychain();
    const name = damage.replaceAll(' ', '-');
    const dir = await syncedFolderWithAnEdit(name, keychain);
    const file = join(dir, 'data', 'cache.db');
    harm(file);
    expect(quickCheck(file)).not.toEqual([]);
    await expectRebuilt(dir, `Waiting ${name}`, keychain, false);
  });

  it('starts again after its -wal was removed following a SIGKILL, the outbox intact', async () => {
    const dir = join(temp.path, 'killed');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(__dirname, '../../helpers/edit-then-wait-child.ts'),
        dir,
        proxy.url,
        service.credentials.username,
        service.credentials.password,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('synced');
    proxy.down();
    child.stdin!.write('edit\n');
    expect((await lines.next()).value).toBe('queued');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    proxy.up();
    const wal = join(dir, 'data', 'cache.db-wal');
    expect(existsSync(wal)).toBe(true);
    rmSync(wal);
    await expectRebuilt(dir, 'Killed', createMemoryKeychain(), true);
  });

  it('is repaired while the app runs when the full check finds damage the quick check does not', async () => {
    const keychain = createMemoryKeychain();
    const dir = await syncedFolderWithAnEdit('index', keychain);
    const data = join(dir, 'data');
    desyncIndex(join(data, 'cache.db'));
    expect(quickCheck(join(data, 'cache.db'))).toEqual([]);

    const core = await startTestCore(dir, createTestPlatform(keychain), options);
    try {
      const told = await waitForEvent(core, 'storage.notices', (notices) =>
        notices.some((n) => n.kind === 'cacheRebuilt'),
      );
      const [aside] = filesMatching(data, /^cache\.damaged-\d{8}T\d{6}Z\.db$/);
      expect(told).toEqual([expect.objectContaining({ kind: 'cacheRebuilt', file: join(data, aside) })]);
      await waitForEvent(core, 'sync.status', (s) => s.state === 'idle' && s.phase === 'bootstrap');
      // The waiting edit was sent (before or after the repair) and shows once.
      if ((await core.handlers['outbox.list']({})).length > 0) await core.handlers['sync.run']({});
      expect(await core.handlers['outbox.list']({})).toEqual([]);
      expect((await core.handlers['contacts.list']({ query: 'Waiting index', offset: 0, limit: 5 })).total).toBe(1);
    } finally {
      await core.stop();
    }
    expect(quickCheck(join(data, 'cache.db'))).toEqual([]);
    expect(dumpSyncedTables(data)).toEqual(await serviceData());
  });
});
