/**
 * A service killed while an upload with an `Idempotency-Key` was under way leaves its claim without
 * an answer; once started again (server/start.ts), a retry with that key must run, not be answered
 * 409 "still running" for the whole replay window. Answers stored before the restart are still
 * replayed. (The claim is staged as a killed run leaves it: a row without an answer.)
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../../server/start';
import { ServerClient, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

describe('idempotency keys across a restart of the service', () => {
  let first: TestService;
  let again: RunningService | null = null;
  let folderId: string;

  beforeAll(async () => {
    first = await startTestService({ demo: smallDemo });
    folderId = ((await first.client.call('listFolderDocuments')).body as { folder: { id: string } }).folder.id;
  });
  afterAll(async () => {
    await again?.stop();
    await first.service.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
  });

  const upload = (client: ServerClient, key: string) => {
    const data = new FormData();
    data.append('folderId', folderId);
    data.append('file', new Blob([new Uint8Array(Buffer.from(`content sent with ${key}`))]), `${key}.txt`);
    return client.call('uploadDocument', { rawBody: data, headers: { 'idempotency-key': key } });
  };

  it('lets a key left unanswered by the earlier run be sent again, and still replays stored answers', async () => {
    const userId = first.service.store.users.verifyAccessToken(first.client.token!)!;
    first.service.store.idempotency.claim(userId, 'cut-by-a-crash', 'uploadDocument');
    expect((await upload(first.client, 'cut-by-a-crash')).status).toBe(409);
    const stored = await upload(first.client, 'answered-before');
    expect(stored.status).toBe(201);
    await first.service.stop();

    again = await startService({ dataDir: first.dataDir, port: 0 });
    const client = new ServerClient(again.url);
    await client.signIn(again.credentials);
    const retried = await upload(client, 'cut-by-a-crash');
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ name: 'cut-by-a-crash.txt' });
    const replayed = await upload(client, 'answered-before');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(stored.body);
  });
});
