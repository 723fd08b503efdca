/**
 * The change feed knows which feed a cursor came from: a cursor of another service's data, one from
 * before feeds had ids, and one from a state the service's database no longer has (restored from an
 * earlier copy) answer 410 `/problems/cursor-from-another-feed`; cursors of the same data resume.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { type RunningService, startService } from '../../../server/start';
import { ServerClient, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type ChangePage = components['schemas']['ChangePage'];

async function drain(client: ServerClient, cursor?: string): Promise<string> {
  for (;;) {
    const res = await client.call('getChanges', { query: { cursor, limit: 2000 } });
    expect(res.status).toBe(200);
    const page = res.body as ChangePage;
    cursor = page.nextCursor;
    if (!page.hasMore) return cursor;
  }
}

function expectFromAnotherFeed(res: { status: number; body: unknown }, words: string): void {
  expect(res.status).toBe(410);
  expect(res.body).toMatchObject({
    type: '/problems/cursor-from-another-feed',
    status: 410,
    detail: expect.stringContaining(words),
  });
  expect((res.body as { detail: string }).detail).toContain('sync again from the start');
}

describe('cursors of another feed', () => {
  let a: TestService;
  let b: TestService;
  beforeAll(async () => {
    a = await startTestService({ demo: smallDemo });
    b = await startTestService({ demo: { ...smallDemo, seed: 7 } });
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
  });

  it('answers 410 to a cursor issued by another service’s data, and its own cursors resume', async () => {
    const fromA = await drain(a.client);
    const fromB = await drain(b.client);
    expectFromAnotherFeed(await b.client.call('getChanges', { query: { cursor: fromA } }), 'data was replaced');
    expect((await b.client.call('getChanges', { query: { cursor: fromB } })).status).toBe(200);
    expect((await a.client.call('getChanges', { query: { cursor: fromA } })).status).toBe(200);
  });

  it('answers 410 to a cursor issued before feeds had ids', async () => {
    const legacy = Buffer.from(JSON.stringify({ s: 10, h: 0 })).toString('base64url');
    expectFromAnotherFeed(await a.client.call('getChanges', { query: { cursor: legacy } }), 'data was replaced');
  });

  it('answers 410 to a cursor a bootstrap page of another feed issued', async () => {
    const first = (await b.client.call('getChanges', { query: { limit: 5 } })).body as ChangePage;
    expect(first.hasMore).toBe(true);
    expectFromAnotherFeed(
      await a.client.call('getChanges', { query: { cursor: first.nextCursor } }),
      'data was replaced',
    );
  });
});

describe('a database restored from an earlier copy', () => {
  const root = mkdtempSync(join(tmpdir(), 'brm-feed-restore-'));
  const dataDir = join(root, 'service');
  const copyDir = join(root, 'copy');
  let service: RunningService;
  const start = () => startService({ dataDir, port: 0, demo: smallDemo });
  const clientOf = async (s: RunningService) => {
    const client = new ServerClient(s.url);
    await client.signIn(s.credentials);
    return client;
  };
  afterAll(async () => {
    await service?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps the feed id, resumes cursors of the copy, and answers 410 to cursors issued after it', async () => {
    service = await start();
    const beforeCopy = await drain(await clientOf(service));
    await service.stop();
    cpSync(dataDir, copyDir, { recursive: true });

    service = await start();
    let client = await clientOf(service);
    const created = service.store.saveContact({ firstName: 'Only', lastName: 'After-The-Copy' });
    const afterCreate = await drain(client, beforeCopy);
    await service.stop();

    rmSync(dataDir, { recursive: true, force: true });
    cpSync(copyDir, dataDir, { recursive: true });
    service = await start();
    client = await clientOf(service);
    expect(service.store.contacts.get(created.id)).toBeUndefined();
    expect((await client.call('getChanges', { query: { cursor: beforeCopy } })).status).toBe(200);
    // The cursor delivered a record this database never had, from past the feed's highest seq.
    expectFromAnotherFeed(await client.call('getChanges', { query: { cursor: afterCreate } }), 'earlier state');

    // Even once the restored feed has moved past that seq with other changes, the cursor's last
    // change is not where it could be.
    for (let i = 0; i < 3; i++) service.store.saveContact({ firstName: 'Later', lastName: `Write ${i}` });
    expectFromAnotherFeed(await client.call('getChanges', { query: { cursor: afterCreate } }), 'earlier state');
  });
});
