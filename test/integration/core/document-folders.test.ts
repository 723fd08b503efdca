/**
 * Document folders through the core against the reference service: create, rename, move and
 * delete through the write path (online, and offline queued and sent once; a concurrent edit on the
 * service merged), a move into the
 * folder's own subfolder and the delete of a folder that holds anything refused in words before
 * anything is queued, and a document moved to another folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSchemas } from '../../../preload/contract/common';
import { refusalOf, startWritePathRig, type WritePathRig } from '../../helpers/write-path-harness';

type Folder = ApiSchemas['Folder'];
type Page = ApiSchemas['FolderDocumentPage'];

describe('document folders through the core', () => {
  let rig: WritePathRig;
  let root: Folder;

  /** The folder `folderId` on the service (null: root) with its subfolders and documents. */
  async function onService(folderId?: string): Promise<Page> {
    const res = await rig.client.call('listFolderDocuments', { query: folderId ? { folderId } : {} });
    expect(res.status).toBe(200);
    return res.body as Page;
  }
  const subfolderNamed = async (parentId: string, name: string) =>
    (await onService(parentId)).folders.filter((f) => f.name === name);
  const saveFolderRequests = () => rig.proxy.requests.filter((r) => r.url.includes('/api/documents/saveFolder')).length;

  beforeAll(async () => {
    rig = await startWritePathRig();
    root = (await onService()).folder;
  });
  afterAll(async () => {
    await rig.close();
  });

  it('creates, renames, moves and deletes a folder online', async () => {
    const { core } = rig;
    const made = await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Offers 2026' } });
    expect(made).toMatchObject({ name: 'Offers 2026', parentId: root.id, documentCount: 0 });
    await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Archive' } });
    await rig.comeBack();
    const [offers] = await subfolderNamed(root.id, 'Offers 2026');
    const [archive] = await subfolderNamed(root.id, 'Archive');
    expect(offers && archive).toBeTruthy();
    const folders = await core.handlers['documents.listFolders']({});
    expect(folders.find((f) => f.id === offers.id)).toMatchObject({ syncState: 'synced', parentId: root.id });

    await core.handlers['documents.saveFolder']({ folder: { id: offers.id, name: 'Offers (signed)' } });
    await core.handlers['documents.saveFolder']({ folder: { id: offers.id, parentId: archive.id } });
    await rig.comeBack();
    expect(await subfolderNamed(archive.id, 'Offers (signed)')).toHaveLength(1);
    expect(await subfolderNamed(root.id, 'Offers 2026')).toHaveLength(0);

    await core.handlers['documents.deleteFolder']({ id: offers.id });
    expect((await core.handlers['documents.listFolders']({})).some((f) => f.id === offers.id)).toBe(false);
    await rig.comeBack();
    expect((await onService(archive.id)).folders).toEqual([]);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
  });

  it('creates a folder and one inside it offline, renames and moves, each sent once', async () => {
    const { core } = rig;
    await rig.comeBack();
    const before = saveFolderRequests();
    await rig.goOffline();
    const parent = await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Trips' } });
    expect(parent).toMatchObject({ name: 'Trips', parentId: root.id, syncState: 'pending' });
    const child = await core.handlers['documents.saveFolder']({ folder: { parentId: parent.id, name: 'Lisbon' } });
    await core.handlers['documents.saveFolder']({ folder: { id: child.id, name: 'Lisbon 2026' } });
    const other = await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Travel' } });
    await core.handlers['documents.saveFolder']({ folder: { id: parent.id, parentId: other.id } });
    expect(await subfolderNamed(root.id, 'Trips')).toHaveLength(0);
    const pending = await core.handlers['documents.listFolders']({});
    expect(pending.find((f) => f.id === parent.id)).toMatchObject({ parentId: other.id, syncState: 'pending' });

    await rig.comeBack();
    await rig.comeBack();
    const [travel] = await subfolderNamed(root.id, 'Travel');
    const [trips] = await subfolderNamed(travel.id, 'Trips');
    expect(await subfolderNamed(trips.id, 'Lisbon 2026')).toHaveLength(1);
    // Three creates, each with its later edits folded in: three saves, none sent twice.
    expect(saveFolderRequests() - before).toBe(3);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    const synced = await core.handlers['documents.listFolders']({});
    expect(synced.filter((f) => ['Travel', 'Trips', 'Lisbon 2026'].includes(f.name)).map((f) => f.syncState)).toEqual([
      'synced',
      'synced',
      'synced',
    ]);
  });

  it('renames and deletes a folder offline, sent once when back', async () => {
    const { core } = rig;
    await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Drafts' } });
    await rig.comeBack();
    const [drafts] = await subfolderNamed(root.id, 'Drafts');
    await rig.goOffline();
    await core.handlers['documents.saveFolder']({ folder: { id: drafts.id, name: 'Old drafts' } });
    await rig.comeBack();
    expect(await subfolderNamed(root.id, 'Old drafts')).toHaveLength(1);

    const before = rig.proxy.requests.filter((r) => r.url.includes('/api/documents/deleteFolder')).length;
    await rig.goOffline();
    await core.handlers['documents.deleteFolder']({ id: drafts.id });
    await rig.comeBack();
    expect(await subfolderNamed(root.id, 'Old drafts')).toHaveLength(0);
    expect(rig.proxy.requests.filter((r) => r.url.includes('/api/documents/deleteFolder')).length - before).toBe(1);
  });

  it('merges a rename made here with a move made on the service meanwhile (If-Match, 412)', async () => {
    const { core } = rig;
    await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Quotes' } });
    await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Customers' } });
    await rig.comeBack();
    const [quotes] = await subfolderNamed(root.id, 'Quotes');
    const [customers] = await subfolderNamed(root.id, 'Customers');
    await rig.goOffline();
    await core.handlers['documents.saveFolder']({ folder: { id: quotes.id, name: 'Quotes 2026' } });
    const moved = await rig.client.call('saveFolder', { body: { id: quotes.id, parentId: customers.id } });
    expect(moved.status).toBe(200);
    await rig.comeBack();
    await rig.comeBack();
    expect(await subfolderNamed(customers.id, 'Quotes 2026')).toHaveLength(1);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    const here = (await core.handlers['documents.listFolders']({})).find((f) => f.id === quotes.id);
    expect(here).toMatchObject({ name: 'Quotes 2026', parentId: customers.id, syncState: 'synced' });
  });

  it('refuses a move into the folder itself or its own subfolder, and of the top folder, before queueing', async () => {
    const { core } = rig;
    const outer = await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Outer' } });
    const inner = await core.handlers['documents.saveFolder']({ folder: { parentId: outer.id, name: 'Inner' } });
    await rig.comeBack();
    const queued = (await core.handlers['outbox.list']({})).length;
    for (const parentId of [outer.id, inner.id]) {
      const err = await refusalOf(core.handlers['documents.saveFolder']({ folder: { id: outer.id, parentId } }));
      expect(err.message).toBe(
        '"Outer" cannot go into itself or one of its own subfolders. Choose a folder outside it.',
      );
    }
    const top = await refusalOf(core.handlers['documents.saveFolder']({ folder: { id: root.id, parentId: outer.id } }));
    expect(top.message).toBe('The top folder cannot be moved.');
    const taken = await refusalOf(
      core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'outer' } }),
    );
    expect(taken.message).toContain('already has a folder named "Outer", which reads like "outer"');
    expect(await core.handlers['outbox.list']({})).toHaveLength(queued);
  });

  it('refuses to delete a folder that holds a document or a subfolder, saying what it holds', async () => {
    const { core } = rig;
    const full = await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Full' } });
    await core.handlers['documents.saveFolder']({ folder: { parentId: full.id, name: 'Sub' } });
    await rig.comeBack();
    const [served] = await subfolderNamed(root.id, 'Full');
    const form = new FormData();
    form.append('folderId', served.id);
    form.append('file', new Blob([new TextEncoder().encode('Quarterly plan')]), 'Plan.txt');
    expect((await rig.client.call('uploadDocument', { rawBody: form })).status).toBe(201);
    await rig.comeBack();
    const err = await refusalOf(core.handlers['documents.deleteFolder']({ id: served.id }));
    expect(err.message).toBe(
      '"Full" holds 1 document and 1 subfolder. Only an empty folder can be deleted: move or delete what it holds first.',
    );
    const top = await refusalOf(core.handlers['documents.deleteFolder']({ id: root.id }));
    expect(top.message).toBe('The top folder cannot be deleted.');
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    expect(await subfolderNamed(root.id, 'Full')).toHaveLength(1);
  });

  it('moves a document to another folder through the document write path, offline too', async () => {
    const { core } = rig;
    await core.handlers['documents.saveFolder']({ folder: { parentId: root.id, name: 'Signed' } });
    const form = new FormData();
    form.append('folderId', root.id);
    form.append('file', new Blob([new TextEncoder().encode('Signed contract')]), 'Contract.txt');
    const doc = (await rig.client.call('uploadDocument', { rawBody: form })).body as ApiSchemas['Document'];
    await rig.comeBack();
    const [signed] = await subfolderNamed(root.id, 'Signed');
    await rig.goOffline();
    const moved = await core.handlers['documents.save']({ document: { id: doc.id, folderId: signed.id } });
    expect(moved).toMatchObject({ folderId: signed.id, syncState: 'pending' });
    const listed = await core.handlers['documents.list']({ folderId: signed.id, offset: 0, limit: 10 });
    expect(listed.rows.map((r) => r.name)).toEqual(['Contract.txt']);
    await rig.comeBack();
    expect((await onService(signed.id)).items.map((d) => d.id)).toEqual([doc.id]);
  });
});
