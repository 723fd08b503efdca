/** Clone, Delete, Save a folder, Delete Folder, View Document, List Related Documents and thumbnails. */
import { createHash } from 'node:crypto';
import { crc32 } from '@node-rs/crc32';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import {
  smallDemo,
  startTestService,
  type TestService,
  type Problem,
  unknownId as unknown,
} from '../../helpers/server-client';

type DocumentRecord = components['schemas']['Document'];
type Folder = components['schemas']['Folder'];
type RelatedDocument = components['schemas']['RelatedDocument'];

let t: TestService;
let root: Folder;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  root = ((await t.client.call('listFolderDocuments')).body as { folder: Folder }).folder;
});
afterAll(() => t.stop());

/** A stored document of the given content type. */
function anyDocument(contentType: string): DocumentRecord {
  const json = t.service.store.db
    .prepare("SELECT data FROM documents WHERE json_extract(data, '$.contentType') = ? LIMIT 1")
    .pluck()
    .get(contentType) as string;
  return JSON.parse(json) as DocumentRecord;
}

async function newFolder(name: string, parentId = root.id): Promise<Folder> {
  const res = await t.client.call('saveFolder', { body: { parentId, name } });
  expect(res.status).toBe(201);
  return res.body as Folder;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const crc32Hex = (b: Buffer) => crc32(b).toString(16).padStart(8, '0');

describe('clone and delete', () => {
  it('clones file and metadata into a new draft related to the original', async () => {
    const original = anyDocument('application/pdf');
    const res = await t.client.call('cloneDocument', { body: { id: original.id } });
    expect(res.status).toBe(201);
    const copy = res.body as DocumentRecord;
    expect(copy).toMatchObject({
      folderId: original.folderId,
      title: `${original.title} (copy)`,
      contentType: 'application/pdf',
      sha256: original.sha256,
      crc32: original.crc32,
      state: 'draft',
      ownerId: t.service.store.demoUserId,
      approval: null,
    });
    expect(copy.name).toMatch(/ \(copy\)\.pdf$/);
    const bytes = (await t.client.call('downloadDocument', { query: { id: copy.id } })).body as Buffer;
    expect(sha256(bytes)).toBe(original.sha256);
    expect(crc32Hex(bytes)).toBe(copy.crc32);
    const related = (await t.client.call('listRelatedDocuments', { query: { id: copy.id } })).body as {
      items: RelatedDocument[];
    };
    expect(related.items.map((r) => [r.kind, r.document.id])).toEqual([['original', original.id]]);
    const back = (await t.client.call('listRelatedDocuments', { query: { id: original.id, kind: 'clone' } })).body as {
      items: RelatedDocument[];
    };
    expect(back.items.map((r) => r.document.id)).toContain(copy.id);
  });

  it('clones into another folder with a new title; 404 for an unknown document or folder', async () => {
    const original = anyDocument('text/plain');
    const folder = await newFolder('Clone target');
    const res = await t.client.call('cloneDocument', {
      body: { id: original.id, folderId: folder.id, title: 'My notes' },
    });
    expect(res.body).toMatchObject({ folderId: folder.id, title: 'My notes', name: original.name });
    expect((await t.client.call('cloneDocument', { body: { id: unknown } })).status).toBe(404);
    expect((await t.client.call('cloneDocument', { body: { id: original.id, folderId: unknown } })).status).toBe(404);
  });

  it('deletes a document: 204, file gone, relations gone, tombstone in the change feed', async () => {
    const start = (await t.client.call('getChanges')).body as { nextCursor: string; hasMore: boolean };
    let cursor = start.nextCursor;
    for (let more = start.hasMore; more; ) {
      const page = (await t.client.call('getChanges', { query: { cursor } })).body as {
        nextCursor: string;
        hasMore: boolean;
      };
      cursor = page.nextCursor;
      more = page.hasMore;
    }
    const original = anyDocument('application/pdf');
    const copy = (await t.client.call('cloneDocument', { body: { id: original.id } })).body as DocumentRecord;
    const res = await t.client.call('deleteDocument', { query: { id: copy.id } });
    expect(res.status).toBe(204);
    expect(existsSync(t.service.store.files.path(copy.id))).toBe(false);
    expect((await t.client.call('getDocumentDetail', { query: { id: copy.id } })).status).toBe(404);
    const related = (await t.client.call('listRelatedDocuments', { query: { id: original.id } })).body as {
      items: RelatedDocument[];
    };
    expect(related.items.some((r) => r.document.id === copy.id)).toBe(false);
    const changes = (await t.client.call('getChanges', { query: { cursor } })).body as {
      changes: Array<{ id: string; op: string; type: string }>;
    };
    expect(changes.changes).toContainEqual(expect.objectContaining({ id: copy.id, op: 'delete', type: 'document' }));
    expect((await t.client.call('deleteDocument', { query: { id: copy.id } })).status).toBe(404);
  });

  it('refuses a stale If-Match on delete (412)', async () => {
    const copy = (await t.client.call('cloneDocument', { body: { id: anyDocument('text/csv').id } }))
      .body as DocumentRecord;
    const res = await t.client.call('deleteDocument', { query: { id: copy.id }, headers: { 'If-Match': '"99"' } });
    expect(res.status).toBe(412);
  });
});

describe('folders', () => {
  it('creates, renames and moves a folder', async () => {
    const a = await newFolder('Alpha');
    const b = await newFolder('Beta');
    const renamed = await t.client.call('saveFolder', {
      headers: { 'If-Match': `"${a.version}"` },
      body: { id: a.id, name: 'Alpha 2' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Alpha 2', parentId: root.id, version: 2 });
    const moved = await t.client.call('saveFolder', { body: { id: a.id, parentId: b.id } });
    expect(moved.body).toMatchObject({ parentId: b.id });
    const list = (await t.client.call('listFolderDocuments', { query: { folderId: b.id } })).body as {
      folders: Folder[];
    };
    expect(list.folders.map((f) => f.name)).toEqual(['Alpha 2']);
  });

  it('refuses duplicates, cycles, moving the root, stale versions and missing fields', async () => {
    const parent = await newFolder('Gamma');
    const child = await newFolder('Child', parent.id);
    const dup = await t.client.call('saveFolder', { body: { parentId: root.id, name: 'gamma' } });
    expect(dup.status).toBe(409);
    const cycle = await t.client.call('saveFolder', { body: { id: parent.id, parentId: child.id } });
    expect(cycle.status).toBe(409);
    const self = await t.client.call('saveFolder', { body: { id: parent.id, parentId: parent.id } });
    expect(self.status).toBe(409);
    const rootMove = await t.client.call('saveFolder', { body: { id: root.id, parentId: child.id } });
    expect(rootMove.status).toBe(409);
    const stale = await t.client.call('saveFolder', {
      headers: { 'If-Match': '"42"' },
      body: { id: parent.id, name: 'x' },
    });
    expect(stale.status).toBe(412);
    const missing = await t.client.call('saveFolder', { body: { name: 'No parent' } });
    expect(missing.status).toBe(400);
    expect((missing.body as Problem).errors?.map((e) => e.pointer)).toEqual(['/body/parentId']);
    expect((await t.client.call('saveFolder', { body: { parentId: unknown, name: 'x' } })).status).toBe(404);
  });

  it('deletes an empty folder, refuses a non-empty one unless recursive, never the root', async () => {
    const empty = await newFolder('Empty');
    expect((await t.client.call('deleteFolder', { query: { id: empty.id } })).status).toBe(204);
    expect(t.service.store.documents.folder(empty.id)).toBeUndefined();
    const full = await newFolder('Full');
    const sub = await newFolder('Sub', full.id);
    const copy = (await t.client.call('cloneDocument', { body: { id: anyDocument('text/csv').id, folderId: sub.id } }))
      .body as DocumentRecord;
    const refused = await t.client.call('deleteFolder', { query: { id: full.id } });
    expect(refused.status).toBe(409);
    expect((refused.body as Problem).detail).toContain('1 document(s) and 1 subfolder(s)');
    const res = await t.client.call('deleteFolder', { query: { id: full.id, recursive: true } });
    expect(res.status).toBe(204);
    expect(t.service.store.documents.get(copy.id)).toBeUndefined();
    expect(t.service.store.documents.folder(sub.id)).toBeUndefined();
    expect(existsSync(t.service.store.files.path(copy.id))).toBe(false);
    expect((await t.client.call('deleteFolder', { query: { id: root.id } })).status).toBe(409);
    expect((await t.client.call('deleteFolder', { query: { id: unknown } })).status).toBe(404);
  });
});

describe('view', () => {
  it('serves inline with the content type, sandbox CSP and nosniff; ranges resume', async () => {
    const pdf = anyDocument('application/pdf');
    const res = await t.client.call('viewDocument', { query: { id: pdf.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="/);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha256(res.body as Buffer)).toBe(pdf.sha256);
    const part = await t.client.call('viewDocument', { query: { id: pdf.id }, headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect((part.body as Buffer).equals((res.body as Buffer).subarray(10, 20))).toBe(true);
    const outside = await t.client.call('viewDocument', {
      query: { id: pdf.id },
      headers: { Range: `bytes=${pdf.size}-` },
    });
    expect(outside.status).toBe(416);
    expect((await t.client.call('viewDocument', { query: { id: unknown } })).status).toBe(404);
  });
});

describe('related documents', () => {
  it('pages through the related documents of the demo zip; 404 for an unknown document', async () => {
    const zip = anyDocument('application/zip');
    const first = await t.client.call('listRelatedDocuments', { query: { id: zip.id, limit: 2 } });
    const page1 = first.body as { items: RelatedDocument[]; nextCursor: string };
    expect(page1.items).toHaveLength(2);
    const page2 = (
      await t.client.call('listRelatedDocuments', { query: { id: zip.id, limit: 2, cursor: page1.nextCursor } })
    ).body as { items: RelatedDocument[] };
    const all = [...page1.items, ...page2.items];
    expect(all.every((r) => r.kind === 'archiveEntry')).toBe(true);
    expect(all.map((r) => r.document.name).sort()).toEqual([
      'Booth.png',
      'Contact.txt',
      'Exhibits.csv',
      'Press release.pdf',
    ]);
    expect((await t.client.call('listRelatedDocuments', { query: { id: unknown } })).status).toBe(404);
  });
});

describe('thumbnails', () => {
  it.each([
    ['image/png', 'png', 256],
    ['image/png', 'webp', 64],
    ['application/pdf', 'png', 512],
    ['application/pdf', 'webp', 128],
  ] as const)('makes a %s thumbnail as %s of %i px', async (contentType, format, size) => {
    const d = anyDocument(contentType);
    const res = await t.client.call('getDocumentThumbnail', { query: { id: d.id, size, format } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`image/${format}`);
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([format, size, size]);
    const { data, info } = await sharp(res.body as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const centre = ((size / 2) * size + size / 2) * info.channels;
    expect(data[centre + 3]).toBe(255);
    const etag = res.headers.get('etag') as string;
    const again = await t.client.call('getDocumentThumbnail', {
      query: { id: d.id, size, format },
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    const cached = await t.client.call('getDocumentThumbnail', { query: { id: d.id, size, format } });
    expect((cached.body as Buffer).equals(res.body as Buffer)).toBe(true);
  });

  it('answers 415 for other types, 400 for a bad size, 404 for unknown documents', async () => {
    const text = anyDocument('text/plain');
    const res = await t.client.call('getDocumentThumbnail', { query: { id: text.id } });
    expect(res.status).toBe(415);
    expect((res.body as Problem).detail).toContain('text/plain');
    expect((await t.client.call('getDocumentThumbnail', { query: { id: text.id, size: 2000 } })).status).toBe(400);
    expect((await t.client.call('getDocumentThumbnail', { query: { id: unknown } })).status).toBe(404);
  });
});
