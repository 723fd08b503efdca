/**
 * Access rules that reach past the one record a request names: a recursive folder delete checks
 * every folder and document inside, Delete From Tree every child group, and a form's record is
 * refused before its file is read. Each refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, made, newFolder, uploadText } from '../../helpers/access-cases/common';
import { createMatrixUser, dumpTables, type MatrixUser } from '../../helpers/access-matrix';
import { type Problem, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

let t: TestService;
let owner: MatrixUser;
let other: MatrixUser;
let admin: MatrixUser;
let rootId: string;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  owner = await createMatrixUser(t, 'Olive', ['sales'], ['contacts.write', 'companies.write']);
  other = await createMatrixUser(t, 'Otto', ['sales'], ['contacts.write', 'companies.write']);
  admin = await createMatrixUser(t, 'Ada', ['admin'], []);
  rootId = ((await t.client.call('listFolderDocuments')).body as { folder: { id: string } }).folder.id;
});
afterAll(() => t.stop());

describe('a recursive folder delete', () => {
  it('is refused as a whole when another user’s document is inside, naming it; an administrator may', async () => {
    const folder = await newFolder(owner, rootId);
    const inner = await newFolder(owner, folder);
    const mine = await uploadText(owner, folder);
    const theirs = await uploadText(other, inner);
    const before = dumpTables(t);
    const refused = await owner.client.call('deleteFolder', { query: { id: folder, recursive: true } });
    expect(refused.status).toBe(403);
    expect((refused.body as Problem).detail).toContain(theirs);
    expect((refused.body as Problem).detail).toMatch(/nothing was changed/);
    expect(dumpTables(t)).toEqual(before);
    for (const id of [mine, theirs])
      expect((await owner.client.call('getDocumentDetail', { query: { id } })).status).toBe(200);

    expect((await admin.client.call('deleteFolder', { query: { id: folder, recursive: true } })).status).toBe(204);
    expect((await owner.client.call('getDocumentDetail', { query: { id: theirs } })).status).toBe(404);
  });

  it('lets the owner delete their folder with everything of theirs inside', async () => {
    const folder = await newFolder(owner, rootId);
    await uploadText(owner, await newFolder(owner, folder));
    expect((await owner.client.call('deleteFolder', { query: { id: folder, recursive: true } })).status).toBe(204);
  });

  it('keeps another user from renaming or moving a folder that is not theirs', async () => {
    const folder = await newFolder(owner, rootId);
    const target = await newFolder(other, rootId);
    for (const body of [
      { id: folder, name: 'Taken over' },
      { id: folder, parentId: target },
    ])
      expect((await other.client.call('saveFolder', { body })).status).toBe(403);
    expect((await owner.client.call('saveFolder', { body: { id: folder, parentId: target } })).status).toBe(200);
  });
});

describe('Delete From Tree', () => {
  it('is refused when a child group that would move up belongs to another user', async () => {
    const parent = await made<{ id: string }>(owner.client, 'createGroup', {
      body: { name: 'Key accounts north', parentId: null, kind: 'static' },
    });
    await made(other.client, 'createGroup', { body: { name: 'Otto’s list', parentId: parent.id, kind: 'static' } });
    const before = dumpTables(t);
    const refused = await owner.client.call('deleteFromTree', { query: { id: parent.id } });
    expect(refused.status).toBe(403);
    expect((refused.body as Problem).detail).toContain('Otto’s list');
    expect(dumpTables(t)).toEqual(before);
    expect((await admin.client.call('deleteFromTree', { query: { id: parent.id } })).status).toBe(204);
  });
});

describe('a form that names a record', () => {
  it('is refused at its id field, before the file part is read', async () => {
    const comment = await made<{ id: string }>(owner.client, 'addComment', {
      body: { resourceType: 'document', resourceId: await uploadText(owner, rootId), text: 'Mine.' },
    });
    const before = dumpTables(t);
    const big = new Uint8Array(8 * 1024 * 1024);
    const res = await other.client.call('uploadCommentAttachment', {
      rawBody: form({ commentId: comment.id }, { name: 'big.bin', bytes: big }),
    });
    expect(res.status).toBe(403);
    expect((res.body as Problem).detail).toBe('Only its author may change this comment.');
    expect(dumpTables(t)).toEqual(before);
  });
});
