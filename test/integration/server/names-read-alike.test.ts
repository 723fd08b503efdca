/**
 * Names compared as people read them (the "Names" convention of `api/openapi.yaml`): names that must be
 * unique are refused with 409 naming the record that has the name when they only differ in case,
 * normalization, full-width letters, invisible joiners or look-alike letters of another script; names
 * with invisible format characters or blank fillers are refused with 400 at the field; names are
 * stored in NFC; an uploaded file name is one name in NFC and NFD; a company website must be http(s).
 * Names stored before the rule that now clash are renamed once at start-up.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { startService } from '../../../server/start';
import { type Page, type Problem, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type Folder = components['schemas']['Folder'];
type Group = components['schemas']['Group'];
type Comment = components['schemas']['Comment'];
type CommentAttachment = components['schemas']['CommentAttachment'];

let t: TestService;
let root: string;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  root = ((await t.client.call('listFolderDocuments')).body as { folder: { id: string } }).folder.id;
});
afterAll(() => t.stop());

async function newFolder(parentId: string, name: string) {
  return t.client.call('saveFolder', { body: { parentId, name } });
}

async function newGroup(name: string, parentId: string | null = null) {
  return t.client.call('createGroup', { body: { name, parentId, kind: 'static' } });
}

/** Spellings of “Réports” that read the same as it. */
const folderVariants = [
  'RÉPORTS',
  'réports',
  'Re\u0301ports',
  'RE\u0301PORTS',
  '\uff32\u00e9\uff50\uff4f\uff52\uff54\uff53',
  'R\u0435\u0301ports',
  'Rép\u043erts',
  'Rép\u200corts',
  ' Réports',
];

describe('unique names', () => {
  it('refuses 9 spellings of a folder name that read the same, with 409 naming the existing folder', async () => {
    const parent = ((await newFolder(root, 'Names test')).body as Folder).id;
    const created = await newFolder(parent, 'Réports');
    expect(created.status).toBe(201);
    const existing = created.body as Folder;
    for (const name of folderVariants) {
      const res = await newFolder(parent, name);
      expect(res.status, JSON.stringify(name)).toBe(409);
      const problem = res.body as Problem;
      expect(problem.type).toBe('/problems/conflict');
      expect(problem.detail).toContain(`A folder named “Réports” already exists in that folder (id ${existing.id});`);
    }
    // A zero-width space or byte order mark does not get that far: the name itself is refused.
    for (const name of ['Réports\u200b', 'Réports\ufeff']) expect((await newFolder(parent, name)).status).toBe(400);
    const list = await t.client.call('listFolderDocuments', { query: { folderId: parent } });
    expect((list.body as { folders: Folder[] }).folders.map((f) => f.name)).toEqual(['Réports']);
    // A rename onto a name that reads the same is refused; names that read differently pass.
    const other = (await newFolder(parent, 'Muller')).body as Folder;
    const renamed = await t.client.call('saveFolder', { body: { id: other.id, name: 'RE\u0301PORTS' } });
    expect(renamed.status).toBe(409);
    for (const name of ['Müller', 'Reports', 'Re ports']) expect((await newFolder(parent, name)).status).toBe(201);
  });

  it('stores a name sent decomposed in NFC', async () => {
    const res = await newFolder(root, 'Cafe\u0301 notes');
    expect(res.status).toBe(201);
    expect((res.body as Folder).name).toBe('Caf\u00e9 notes');
  });

  it('refuses 4 spellings of a group name among its siblings, with 409 naming the existing group', async () => {
    const created = await newGroup('Key accounts EMEA');
    expect(created.status).toBe(201);
    const existing = created.body as Group;
    for (const name of [
      'KEY ACCOUNTS EMEA',
      'Key accounts \uff25\uff2d\uff25\uff21',
      'K\u0435y accounts EMEA',
      'Key  accounts EMEA',
    ]) {
      const res = await newGroup(name);
      expect(res.status, JSON.stringify(name)).toBe(409);
      expect((res.body as Problem).detail).toContain(
        `A group named “Key accounts EMEA” already exists at that place in the tree (id ${existing.id})`,
      );
    }
    // A look-alike only in capitals: Cyrillic Н and Latin H.
    expect((await newGroup('HR partners')).status).toBe(201);
    expect((await newGroup('\u041dR partners')).status).toBe(409);
    // Under another parent the same name is free.
    expect((await newGroup('Key accounts EMEA', existing.id)).status).toBe(201);
  });

  it('refuses an export template named like another of its target', async () => {
    const body = { name: 'Straße list', target: 'contacts', columns: ['firstName', 'lastName'] };
    const first = await t.client.call('saveExportTemplate', { body });
    expect(first.status).toBe(201);
    const clash = await t.client.call('saveExportTemplate', { body: { ...body, name: 'STRASSE LIST' } });
    expect(clash.status).toBe(409);
    expect((clash.body as Problem).detail).toContain('A contacts export template named “Straße list” already exists');
    expect((clash.body as Problem).detail).toContain('“STRASSE LIST” reads the same');
  });
});

describe('invisible characters in names', () => {
  it('refuses contact names with U+200B, U+2060, U+180E or U+3164 with 400 at the field, in words', async () => {
    for (const ch of ['\u200b', '\u2060', '\u180e', '\u3164']) {
      const res = await t.client.call('saveUser', { body: { firstName: `Ann${ch}a`, lastName: 'Smith' } });
      expect(res.status, `U+${ch.codePointAt(0)?.toString(16)}`).toBe(400);
      const entry = (res.body as Problem).errors?.find((e) => e.pointer === '/body/firstName');
      expect(entry?.detail).toMatch(/^must not contain control characters, line separators or invisible characters/);
    }
    const alone = await t.client.call('saveUser', { body: { firstName: '\u3164', lastName: 'Smith' } });
    expect(alone.status).toBe(400);
  });

  it('takes a zero-width non-joiner inside a Persian word, not at its end', async () => {
    const ok = await t.client.call('saveCompany', { body: { name: 'نرم\u200cافزار پارس' } });
    expect(ok.status).toBe(201);
    const stray = await t.client.call('saveCompany', { body: { name: 'Acme\u200c' } });
    expect(stray.status).toBe(400);
    expect((stray.body as Problem).errors?.[0]).toEqual({
      pointer: '/body/name',
      detail: 'may hold a zero-width joiner or non-joiner only between two visible characters',
    });
  });
});

describe('uploaded file names', () => {
  it('stores an attachment named é.txt sent in NFC and then in NFD as one name', async () => {
    const company = ((await t.client.call('getCompanies', { query: { limit: 1 } })).body as Page<{ id: string }>)
      .items[0].id;
    const comment = (
      await t.client.call('addComment', { body: { resourceType: 'company', resourceId: company, text: 'Files' } })
    ).body as Comment;
    const names: string[] = [];
    for (const name of ['\u00e9.txt', 'e\u0301.txt']) {
      const data = new FormData();
      data.append('commentId', comment.id);
      data.append('file', new Blob(['hello']), name);
      const res = await t.client.call('uploadCommentAttachment', { rawBody: data });
      expect(res.status).toBe(201);
      names.push((res.body as CommentAttachment).fileName);
    }
    // A comment's attachments may share a name (the contract sets no rule); both are the same name in NFC.
    expect(names).toEqual(['\u00e9.txt', '\u00e9.txt']);
  });
});

describe('company websites', () => {
  it('refuses a javascript: website with 400 in words and takes http(s) ones', async () => {
    const res = await t.client.call('saveCompany', { body: { name: 'Evil Inc', website: 'javascript:alert(1)' } });
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors).toContainEqual({
      pointer: '/body/website',
      detail: 'must be a web address starting with http:// or https://',
    });
    for (const website of ['https://acme.example', 'HTTP://acme.example/a']) {
      expect((await t.client.call('saveCompany', { body: { name: 'Acme', website } })).status).toBe(201);
    }
  });
});

describe('names stored before the rule', () => {
  it('gives them keys at start-up and renames the ones that now clash, once', async () => {
    const service = await startTestService({ demo: smallDemo });
    const top = ((await service.client.call('listFolderDocuments')).body as { folder: { id: string } }).folder.id;
    const a = (await service.client.call('saveFolder', { body: { parentId: top, name: 'Réports' } })).body as Folder;
    const b = (await service.client.call('saveFolder', { body: { parentId: top, name: 'Quarterly' } })).body as Folder;
    const { dataDir } = service;
    await service.service.stop();
    // What a database of schema version 4 holds: no keys, and a second folder that only differs in case.
    const db = new Database(`${dataDir}/service.db`);
    db.exec('DELETE FROM name_keys');
    const stored = JSON.parse(db.prepare('SELECT data FROM folders WHERE id = ?').pluck().get(b.id) as string);
    db.prepare('UPDATE folders SET name = ?, data = ? WHERE id = ?').run(
      'RÉPORTS',
      JSON.stringify({ ...stored, name: 'RÉPORTS' }),
      b.id,
    );
    db.close();
    const again = await startService({ dataDir, port: 0, demo: smallDemo });
    try {
      expect(again.nameKeyRenames).toEqual([{ table: 'folders', id: b.id, from: 'RÉPORTS', to: 'RÉPORTS (2)' }]);
      expect(again.store.documents.folder(a.id)?.name).toBe('Réports');
      expect(again.store.documents.folder(b.id)).toMatchObject({ name: 'RÉPORTS (2)', version: b.version + 1 });
      const keyed = again.store.db.prepare('SELECT count(*) FROM name_keys WHERE record_id IN (?, ?)').pluck();
      expect(keyed.get(a.id, b.id)).toBe(6);
    } finally {
      await again.stop();
    }
    const third = await startService({ dataDir, port: 0, demo: smallDemo });
    expect(third.nameKeyRenames).toEqual([]);
    await third.stop();
    await service.stop();
  });
});
