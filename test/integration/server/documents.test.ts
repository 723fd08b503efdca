/** Folders, documents, search, streamed upload and resumable download. */
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from '@node-rs/crc32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type Folder = components['schemas']['Folder'];
type DocumentRecord = components['schemas']['Document'];
interface FolderPage {
  folder: Folder;
  folders: Folder[];
  items: DocumentRecord[];
  nextCursor: string | null;
}

let t: TestService;
let root: FolderPage;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  root = (await t.client.call('listFolderDocuments')).body as FolderPage;
});
afterAll(() => t.stop());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** CRC-32 of RFC 1952 as the contract writes it (8 lowercase hex digits). */
const crc32Hex = (b: Buffer) => crc32(b).toString(16).padStart(8, '0');

async function folderContents(
  folderId: string,
  limit: number,
): Promise<{ items: DocumentRecord[]; pages: FolderPage[] }> {
  const pages: FolderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = (await t.client.call('listFolderDocuments', { query: { folderId, limit, cursor } }))
      .body as FolderPage;
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { items: pages.flatMap((p) => p.items), pages };
}

function form(folderId: string | null, file: { name: string; bytes: Buffer } | null, fileFirst = false): FormData {
  const data = new FormData();
  const addFile = () => file && data.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  if (fileFirst) addFile();
  if (folderId) data.append('folderId', folderId);
  if (!fileFirst) addFile();
  return data;
}

describe('folders and documents', () => {
  it('lists the root folder with its subfolders', () => {
    expect(root.folder.parentId).toBeNull();
    expect(root.folders.map((f) => f.name)).toEqual(
      expect.arrayContaining(['Contracts', 'Proposals', 'Price lists', 'Marketing', 'Photos']),
    );
  });

  it('pages through every document of the tree once; subfolders only on the first page', async () => {
    const seen: DocumentRecord[] = [];
    const queue = [root.folder.id];
    while (queue.length) {
      const id = queue.shift() as string;
      const { items, pages } = await folderContents(id, 3);
      seen.push(...items);
      expect(items.every((d) => d.folderId === id)).toBe(true);
      for (const later of pages.slice(1)) expect(later.folders).toEqual([]);
      queue.push(...pages[0].folders.map((f) => f.id));
    }
    expect(seen).toHaveLength(t.service.store.documents.counts().documents);
    expect(new Set(seen.map((d) => d.id)).size).toBe(seen.length);
  });

  it('answers document detail with ETag, 404 for unknown ids and folders', async () => {
    const contracts = root.folders.find((f) => f.name === 'Proposals') as Folder;
    const { items } = await folderContents(contracts.id, 50);
    const res = await t.client.call('getDocumentDetail', { query: { id: items[0].id } });
    expect(res.body).toEqual(items[0]);
    expect(res.headers.get('etag')).toBe(`"${items[0].version}"`);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.client.call('getDocumentDetail', { query: { id: unknown } })).status).toBe(404);
    expect((await t.client.call('listFolderDocuments', { query: { folderId: unknown } })).status).toBe(404);
  });

  it('serves demo files that are real PDFs and PNGs', async () => {
    const pdf = (await t.client.call('searchDocuments', { body: { query: 'proposal', limit: 1 } })).body as {
      items: DocumentRecord[];
    };
    expect(pdf.items[0].contentType).toBe('application/pdf');
    const bytes = (await t.client.call('downloadDocument', { query: { id: pdf.items[0].id } })).body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(bytes)).toBe(pdf.items[0].sha256);
    const photos = root.folders.find((f) => f.name === 'Photos') as Folder;
    const sub = ((await t.client.call('listFolderDocuments', { query: { folderId: photos.id } })).body as FolderPage)
      .folders;
    const png = (await folderContents(sub[0].id, 50)).items.concat((await folderContents(sub[1].id, 50)).items)[0];
    const image = (await t.client.call('downloadDocument', { query: { id: png.id } })).body as Buffer;
    expect(image.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('searchDocuments', () => {
  it('finds documents by word starts, pages without repeats, scoped to a folder', async () => {
    type SearchPage = { items: DocumentRecord[]; nextCursor: string | null };
    const all = (await t.client.call('searchDocuments', { body: { query: 'pr', limit: 500 } })).body as SearchPage;
    expect(all.items.length).toBeGreaterThan(2);
    expect(all.items.every((d) => /\bpr/i.test(`${d.name} ${d.title}`))).toBe(true);
    const paged = await t.client.allPages<DocumentRecord>('searchDocuments', { body: { query: 'pr', limit: 2 } });
    expect(paged.map((d) => d.id)).toEqual(all.items.map((d) => d.id));
    const both = (await t.client.call('searchDocuments', { body: { query: 'price list', limit: 500 } }))
      .body as SearchPage;
    expect(
      both.items.every((d) => /\bprice/i.test(`${d.name} ${d.title}`) && /\blist/i.test(`${d.name} ${d.title}`)),
    ).toBe(true);
    const proposals = root.folders.find((f) => f.name === 'Proposals') as Folder;
    const scoped = (
      await t.client.call('searchDocuments', { body: { query: 'pr', folderId: proposals.id, limit: 500 } })
    ).body as SearchPage;
    const archive = (
      (await t.client.call('listFolderDocuments', { query: { folderId: proposals.id } })).body as FolderPage
    ).folders[0];
    expect(scoped.items.length).toBeGreaterThan(0);
    expect(scoped.items.every((d) => d.folderId === proposals.id || d.folderId === archive.id)).toBe(true);
    const unknown = await t.client.call('searchDocuments', {
      body: { query: 'price', folderId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('upload and download', () => {
  const bytes = randomBytes(3 * 1024 * 1024 + 17);
  const name = 'Résumé – Q1 "final" 2026.pdf';
  let uploaded: DocumentRecord;

  it('streams an upload into a new draft document owned by the caller', async () => {
    const target = root.folders.find((f) => f.name === 'Templates') as Folder;
    const res = await t.client.call('uploadDocument', { rawBody: form(target.id, { name, bytes }) });
    expect(res.status).toBe(201);
    uploaded = res.body as DocumentRecord;
    expect(uploaded).toMatchObject({
      folderId: target.id,
      name,
      title: 'Résumé – Q1 "final" 2026',
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: sha256(bytes),
      crc32: crc32Hex(bytes),
      state: 'draft',
      ownerId: t.service.store.demoUserId,
      version: 1,
    });
    expect(res.headers.get('etag')).toBe('"1"');
  });

  it('downloads the same bytes with length, disposition and ETag', async () => {
    const res = await t.client.call('downloadDocument', { query: { id: uploaded.id } });
    expect(res.status).toBe(200);
    expect(sha256(res.body as Buffer)).toBe(uploaded.sha256);
    expect(crc32Hex(res.body as Buffer)).toBe(uploaded.crc32);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('etag')).toBe(`"${uploaded.sha256}"`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _ Q1 _final_ 2026.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  });

  it('resumes a broken download with Range and If-Range', async () => {
    const etag = `"${uploaded.sha256}"`;
    const head = await t.client.call('downloadDocument', {
      query: { id: uploaded.id },
      headers: { range: 'bytes=0-1048575' },
    });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-1048575/${bytes.length}`);
    const rest = await t.client.call('downloadDocument', {
      query: { id: uploaded.id },
      headers: { range: 'bytes=1048576-', 'if-range': etag },
    });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-length')).toBe(String(bytes.length - 1048576));
    expect(sha256(Buffer.concat([head.body as Buffer, rest.body as Buffer]))).toBe(uploaded.sha256);
    const changed = await t.client.call('downloadDocument', {
      query: { id: uploaded.id },
      headers: { range: 'bytes=5-', 'if-range': '"other"' },
    });
    expect(changed.status).toBe(200);
    expect((changed.body as Buffer).length).toBe(bytes.length);
    const outside = await t.client.call('downloadDocument', {
      query: { id: uploaded.id },
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('serves a suffix range and ignores a Range of another unit or that does not parse (RFC 9110 §14)', async () => {
    const last = await t.client.call('downloadDocument', { query: { id: uploaded.id }, headers: { range: 'bytes=-5' } });
    expect(last.status).toBe(206);
    expect(last.headers.get('content-range')).toBe(`bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`);
    expect(Buffer.compare(last.body as Buffer, bytes.subarray(bytes.length - 5))).toBe(0);
    for (const range of ['items=0-5', 'bytes=9-3', 'bytes=0-1,4-5', 'bytes=x-']) {
      const whole = await t.client.call('downloadDocument', { query: { id: uploaded.id }, headers: { range } });
      expect(whole.status, range).toBe(200);
      expect((whole.body as Buffer).length).toBe(bytes.length);
    }
    const none = await t.client.call('downloadDocument', { query: { id: uploaded.id }, headers: { range: 'bytes=-0' } });
    expect(none.status).toBe(416);
    expect(none.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('refuses an empty file, a missing folder and a file before its folderId', async () => {
    const target = root.folder.id;
    const empty = await t.client.call('uploadDocument', {
      rawBody: form(target, { name: 'empty.txt', bytes: Buffer.alloc(0) }),
    });
    expect(empty.status).toBe(400);
    expect((empty.body as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe('/body/file');
    const missing = await t.client.call('uploadDocument', {
      rawBody: form('00000000-0000-4000-8000-000000000000', { name: 'a.txt', bytes: Buffer.from('x') }),
    });
    expect(missing.status).toBe(404);
    const order = await t.client.call('uploadDocument', {
      rawBody: form(target, { name: 'a.txt', bytes: Buffer.from('x') }, true),
    });
    expect(order.status).toBe(400);
    const noFile = await t.client.call('uploadDocument', { rawBody: form(target, null) });
    expect((noFile.body as { errors: Array<{ pointer: string }> }).errors.map((e) => e.pointer)).toEqual([
      '/body/file',
    ]);
  });

  it('replays an upload with the same Idempotency-Key instead of creating a second document', async () => {
    const folder = root.folders.find((f) => f.name === 'Meeting notes') as Folder;
    const before = (await folderContents(folder.id, 500)).items.length;
    const key = 'c1d3a7e2-upload-retry';
    const file = { name: 'notes.txt', bytes: Buffer.from('Agenda\n- prices\n') };
    const first = await t.client.call('uploadDocument', {
      rawBody: form(folder.id, file),
      headers: { 'idempotency-key': key },
    });
    const second = await t.client.call('uploadDocument', {
      rawBody: form(folder.id, file),
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await folderContents(folder.id, 500)).items.length).toBe(before + 1);
    const other = await t.client.call('uploadDocument', {
      rawBody: form(folder.id, file),
      headers: { 'idempotency-key': 'another-key-123' },
    });
    expect((other.body as DocumentRecord).id).not.toBe((first.body as DocumentRecord).id);
  });
});
