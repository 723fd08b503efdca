/**
 * The service's search beside the cache's (`contacts.searchService`, `companies.searchService`,
 * `documents.searchService`) against the reference service: records created on the service after
 * the client's last sync are found by the service, kept in the cache (so they open on their page
 * and the cache's search lists them), and marked as not matched here before; records the cache had
 * are marked as matched here; an unknown folder and the offline state are answered in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import type { ServiceSearchAnswer } from '../../../preload/contract';
import type { RunningService } from '../../../server/start';
import { createTempDir } from '../../helpers/core-harness';
import { ServerClient, smallDemo, unknownId } from '../../helpers/server-client';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';

function answered<T>(answer: ServiceSearchAnswer<T>) {
  if (answer.state !== 'answered') throw new Error(`expected an answer, got ${answer.state}: ${answer.message}`);
  return answer;
}

describe('the service search beside the local one', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;
  let client: ServerClient;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo, liveChanges: false }));
    client = new ServerClient(service.url);
    await client.signIn(service.credentials);
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it('finds a contact created on the service since the last sync, keeps it and marks it new here', async () => {
    const created = await client.call('saveUser', { body: { firstName: 'Quillon', lastName: 'Zephyrine' } });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    expect((await core.handlers['contacts.list']({ query: 'Zephyrine', offset: 0, limit: 10 })).total).toBe(0);

    const answer = answered(await core.handlers['contacts.searchService']({ q: 'Zephyrine' }));
    expect(answer.hits.map((hit) => hit.row.id)).toEqual([id]);
    expect(answer.hits[0]).toMatchObject({ matchedHere: false, listedHere: true });
    expect(answer.hits[0].row).toMatchObject({ firstName: 'Quillon', lastName: 'Zephyrine', syncState: 'synced' });
    expect(answer.complete).toBe(true);
    // Kept in the cache: it opens on its page and the cache's own search lists it from now on.
    expect((await core.handlers['contacts.get']({ id }))?.lastName).toBe('Zephyrine');
    const local = await core.handlers['contacts.list']({ query: 'Zephyrine', offset: 0, limit: 10 });
    expect(local.rows.map((row) => row.id)).toEqual([id]);
  });

  it('marks a contact the cache had matched as found here and on the service', async () => {
    const [known] = (await core.handlers['contacts.list']({ offset: 0, limit: 1 })).rows;
    const answer = answered(
      await core.handlers['contacts.searchService']({ q: `${known.firstName} ${known.lastName}` }),
    );
    const hit = answer.hits.find((candidate) => candidate.row.id === known.id);
    expect(hit).toMatchObject({ matchedHere: true, listedHere: true });
  });

  it('finds a company created on the service since the last sync', async () => {
    const created = await client.call('saveCompany', { body: { name: 'Zephyrine Holdings' } });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const answer = answered(await core.handlers['companies.searchService']({ q: 'zephyrine hold' }));
    expect(answer.hits.map((hit) => [hit.row.id, hit.row.name, hit.matchedHere])).toEqual([
      [id, 'Zephyrine Holdings', false],
    ]);
    expect((await core.handlers['companies.get']({ id }))?.name).toBe('Zephyrine Holdings');
  });

  it('finds a document uploaded on the service into the folder searched, and says an unknown folder in words', async () => {
    const folder = (await core.handlers['documents.listFolders']({}))[0];
    const form = new FormData();
    form.append('folderId', folder.id);
    form.append('file', new Blob([new TextEncoder().encode('The plan.\n')]), 'zephyrine-plan.txt');
    const uploaded = await client.call('uploadDocument', { rawBody: form });
    expect(uploaded.status).toBe(201);
    const id = (uploaded.body as { id: string }).id;

    const answer = answered(await core.handlers['documents.searchService']({ q: 'zephyrine', folderId: folder.id }));
    expect(answer.hits.map((hit) => [hit.row.id, hit.row.folderId, hit.matchedHere, hit.listedHere])).toEqual([
      [id, folder.id, false, true],
    ]);
    const listed = await core.handlers['documents.list']({
      folderId: folder.id,
      query: 'zephyrine',
      offset: 0,
      limit: 5,
    });
    expect(listed.rows.map((row) => row.id)).toEqual([id]);

    const unknown = await core.handlers['documents.searchService']({ q: 'zephyrine', folderId: unknownId });
    expect(unknown).toMatchObject({ state: 'failed' });
    expect(unknown.state === 'failed' && unknown.message).toMatch(/folder is not on the service/);
  });

  it('answers "offline" in words while the service cannot be reached, and keeps the last answer briefly', async () => {
    await service.stop();
    const offline = await core.handlers['contacts.searchService']({ q: 'Someone never searched' });
    expect(offline).toMatchObject({ state: 'offline' });
    expect(offline.state === 'offline' && offline.message).toMatch(/^Offline: only this computer's records/);
    // The answer of a moment ago is still given for the same text.
    expect(answered(await core.handlers['contacts.searchService']({ q: 'Zephyrine' })).hits).toHaveLength(1);
  });
});
