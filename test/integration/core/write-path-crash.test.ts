/**
 * Exactly once across a crash: a core killed with SIGKILL after the service accepted an edit but
 * before the core recorded the answer sends it again after the restart with the same
 * Idempotency-Key, and the service keeps exactly one record.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSchemas } from '../../../preload/contract/common';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, createTestPlatform, startTestCore, waitForIdle } from '../../helpers/core-harness';
import { ServerClient, smallDemo } from '../../helpers/server-client';
import { type SwitchableProxy, startSwitchableProxy } from '../../helpers/switchable-proxy';

describe('the write path across a crash', () => {
  const temp = createTempDir('brm-crash-');
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

  it('keeps an edit sent just before a SIGKILL exactly once on the service', async () => {
    const dir = join(temp.path, 'client');
    const answered = proxy.holdNext((req) => req.method === 'POST' && (req.url ?? '').includes('saveUser'));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(__dirname, '../../helpers/write-path-child.ts'),
        dir,
        proxy.url,
        service.credentials.username,
        service.credentials.password,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await answered;
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const core = await startTestCore(dir, createTestPlatform(), { syncBackoff: { baseMs: 100, maxMs: 400 } });
    try {
      const [entry] = await core.handlers['outbox.list']({});
      expect(entry).toMatchObject({ summary: 'New contact Kai Crashtest', state: 'waiting' });
      await core.handlers['session.signIn']({ serverUrl: proxy.url, ...service.credentials });
      await waitForIdle(core);
      if ((await core.handlers['outbox.list']({})).length > 0) await core.handlers['sync.run']({});
      expect(await core.handlers['outbox.list']({})).toEqual([]);

      const client = new ServerClient(service.url);
      await client.signIn(service.credentials);
      const found = (await client.call('listContacts', { query: { q: 'Crashtest' } })).body as {
        items: ApiSchemas['Contact'][];
      };
      expect(found.items).toHaveLength(1);
      const here = await core.handlers['contacts.list']({ query: 'crashtest', offset: 0, limit: 5 });
      expect(here.rows.map((r) => [r.id, r.syncState])).toEqual([[found.items[0].id, 'synced']]);
    } finally {
      await core.stop();
    }
  });
});
