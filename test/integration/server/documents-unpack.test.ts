/** Unpack Zip file Related Documents: unpacking, relations, and refusing unsafe zips all or nothing. */
import { createHash } from 'node:crypto';
import { crc32 } from '@node-rs/crc32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { components } from '../../../api/generated/schema';
import { smallDemo, startTestService, type TestService, type Problem } from '../../helpers/server-client';

type DocumentRecord = components['schemas']['Document'];
type Folder = components['schemas']['Folder'];
type RelatedDocument = components['schemas']['RelatedDocument'];
type UnpackZipResult = components['schemas']['UnpackZipResult'];

let t: TestService;
let root: Folder;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  root = ((await t.client.call('listFolderDocuments')).body as { folder: Folder }).folder;
});
afterAll(() => t.stop());

interface ZipEntry {
  name: string;
  content: Buffer;
  mode?: number;
  compress?: boolean;
}

/** Builds a zip with yazl. */
async function buildZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.content, e.name, { mode: e.mode, compress: e.compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Replaces every occurrence of a file name in a zip (local and central headers; names are outside CRCs). */
function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  expect(to.length).toBe(from.length);
  const out = Buffer.from(zip);
  let at = out.indexOf(from);
  expect(at).toBeGreaterThan(-1);
  while (at !== -1) {
    out.write(to, at, 'latin1');
    at = out.indexOf(from, at + 1);
  }
  return out;
}

/** Sets the "encrypted" general-purpose flag bit on every local and central header. */
function markEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (const [signature, flagOffset] of [
    [0x04034b50, 6],
    [0x02014b50, 8],
  ] as const) {
    for (let i = 0; i + 4 <= out.length; i++) {
      if (out.readUInt32LE(i) === signature) out.writeUInt16LE(out.readUInt16LE(i + flagOffset) | 1, i + flagOffset);
    }
  }
  return out;
}

/** Uploads bytes as a document named `name` into the root folder. */
async function upload(name: string, bytes: Buffer): Promise<DocumentRecord> {
  const form = new FormData();
  form.append('folderId', root.id);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await t.client.call('uploadDocument', { rawBody: form });
  expect(res.status).toBe(201);
  return res.body as DocumentRecord;
}

const counts = () => t.service.store.documents.counts();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const crc32Hex = (b: Buffer) => crc32(b).toString(16).padStart(8, '0');

describe('unpacking', () => {
  it('unpacks every file into a new folder beside the zip, related to it, names flattened and unique', async () => {
    const files = [
      { name: 'kit/readme.txt', content: Buffer.from('Read me first.\n') },
      { name: 'kit/docs/readme.txt', content: Buffer.from('Another readme.\n') },
      { name: 'kit/prices.csv', content: Buffer.from('sku,price\r\nA-1,10\r\n') },
      { name: 'kit/empty.txt', content: Buffer.alloc(0) },
      { name: '__MACOSX/kit/._prices.csv', content: Buffer.from('resource fork') },
    ];
    const zip = await upload('Sales kit.zip', await buildZip(files));
    const res = await t.client.call('unpackZipRelatedDocuments', { body: { id: zip.id } });
    expect(res.status).toBe(201);
    const result = res.body as UnpackZipResult;
    expect(result.folderCreated).toBe(true);
    expect(result.folder).toMatchObject({ name: 'Sales kit', parentId: root.id });
    expect(result.items.map((d) => d.name)).toEqual(['readme.txt', 'readme (2).txt', 'prices.csv']);
    expect(result.items.map((d) => d.contentType)).toEqual(['text/plain', 'text/plain', 'text/csv']);
    expect(result.items.every((d) => d.state === 'draft' && d.folderId === result.folder.id)).toBe(true);
    const unpacked = files.slice(0, 3).map((f) => f.content);
    expect(result.items.map((d) => [d.size, d.sha256, d.crc32])).toEqual(
      unpacked.map((b) => [b.length, sha256(b), crc32Hex(b)]),
    );
    const bytes = (await t.client.call('downloadDocument', { query: { id: result.items[2].id } })).body as Buffer;
    expect(sha256(bytes)).toBe(sha256(files[2].content));
    const related = (await t.client.call('listRelatedDocuments', { query: { id: zip.id } })).body as {
      items: RelatedDocument[];
    };
    expect(related.items.map((r) => r.document.id).sort()).toEqual(result.items.map((d) => d.id).sort());
    const back = (await t.client.call('listRelatedDocuments', { query: { id: result.items[0].id } })).body as {
      items: RelatedDocument[];
    };
    expect(back.items.map((r) => [r.kind, r.document.id])).toEqual([['archive', zip.id]]);

    const again = await t.client.call('unpackZipRelatedDocuments', { body: { id: zip.id } });
    expect((again.body as UnpackZipResult).folder.name).toBe('Sales kit (2)');
  });

  it('unpacks into a given folder; 404 for unknown documents and folders', async () => {
    const zip = await upload('one.zip', await buildZip([{ name: 'a.txt', content: Buffer.from('A') }]));
    const res = await t.client.call('unpackZipRelatedDocuments', { body: { id: zip.id, folderId: root.id } });
    expect(res.body).toMatchObject({ folderCreated: false, folder: { id: root.id } });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.client.call('unpackZipRelatedDocuments', { body: { id: unknown } })).status).toBe(404);
    const badFolder = await t.client.call('unpackZipRelatedDocuments', { body: { id: zip.id, folderId: unknown } });
    expect(badFolder.status).toBe(404);
  });

  it('answers 415 for a document that is not a zip', async () => {
    const text = await upload('plain.txt', Buffer.from('not a zip'));
    const res = await t.client.call('unpackZipRelatedDocuments', { body: { id: text.id } });
    expect(res.status).toBe(415);
  });
});

describe('refused zips create nothing (422)', () => {
  const good = { name: 'good.txt', content: Buffer.from('fine') };
  const cases: Array<[string, () => Promise<Buffer>, RegExp]> = [
    [
      'path traversal',
      async () =>
        renameInZip(
          await buildZip([good, { name: 'xx/evil.txt', content: Buffer.from('x') }]),
          'xx/evil.txt',
          '../evil.txt',
        ),
      /"\.\.\/evil\.txt" has an unsafe path/,
    ],
    [
      'an absolute path',
      async () =>
        renameInZip(
          await buildZip([good, { name: 'xetc/passwd', content: Buffer.from('x') }]),
          'xetc/passwd',
          '/etc/passwd',
        ),
      /"\/etc\/passwd" has an unsafe path/,
    ],
    [
      'a symbolic link',
      () => buildZip([good, { name: 'link', content: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
      /"link" is a symbolic link/,
    ],
    ['an encrypted entry', async () => markEncrypted(await buildZip([good])), /"good.txt" is encrypted/],
    [
      'too many entries',
      () => buildZip(Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.txt`, content: Buffer.from(`${i}`) }))),
      /1001 entries; at most 1000/,
    ],
    [
      'a zip bomb entry',
      () => buildZip([{ name: 'bomb.bin', content: Buffer.alloc(8 * 1024 ** 2) }]),
      /"bomb.bin" expands from \d+ to 8388608 bytes/,
    ],
    ['a damaged zip', async () => (await buildZip([good])).subarray(0, 40), /damaged or not a zip/],
    ['a zip without files', () => buildZip([{ name: 'dir/empty.txt', content: Buffer.alloc(0) }]), /holds no file/],
  ];

  it.each(cases)('refuses %s', async (_label, make, detail) => {
    const zip = await upload('suspicious.zip', await make());
    const before = counts();
    const res = await t.client.call('unpackZipRelatedDocuments', { body: { id: zip.id } });
    expect(res.status).toBe(422);
    const problem = res.body as Problem;
    expect(problem.type).toBe('/problems/unprocessable');
    expect(problem.detail).toMatch(detail);
    expect(counts()).toEqual(before);
  });
});
