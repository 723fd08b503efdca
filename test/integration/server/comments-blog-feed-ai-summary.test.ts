/** Document summaries ("Open ai" group): local extractive summaries of PDFs and text files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { makePdf } from '../../../server/demo/files';
import { smallDemo, startTestService, type TestService, unknownId as unknown } from '../../helpers/server-client';

type DocumentRecord = components['schemas']['Document'];
type DocumentSummary = components['schemas']['DocumentSummary'];

const report = [
  'The new conveyor line doubles the packing capacity of the plant.',
  'Our team installed the conveyor line in three weeks.',
  'The cafeteria now serves lunch from noon.',
  'Packing capacity matters because orders grew by a third this year.',
  'Maintenance of the conveyor line is planned every quarter to keep capacity high.',
  'Parking spaces are reserved for visitors.',
];
let t: TestService;
let rootFolder: string;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  rootFolder = ((await t.client.call('listFolderDocuments')).body as { folder: { id: string } }).folder.id;
});
afterAll(() => t.stop());

async function upload(name: string, bytes: Uint8Array): Promise<DocumentRecord> {
  const data = new FormData();
  data.append('folderId', rootFolder);
  data.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await t.client.call('uploadDocument', { rawBody: data });
  expect(res.status).toBe(201);
  return res.body as DocumentRecord;
}

function demoDocument(contentType: string): DocumentRecord {
  const json = t.service.store.db
    .prepare("SELECT data FROM documents WHERE json_extract(data, '$.contentType') = ? LIMIT 1")
    .pluck()
    .get(contentType) as string;
  return JSON.parse(json) as DocumentRecord;
}

async function summary(id: string, sentences?: number): Promise<DocumentSummary> {
  const res = await t.client.call('documentSummary', { query: { id, sentences } });
  expect(res.status).toBe(200);
  return res.body as DocumentSummary;
}

function expectWellFormed(s: DocumentSummary, n: number, sourceText: string) {
  expect(s.method).toBe('extractive');
  expect(s.sentences.length).toBeGreaterThan(0);
  expect(s.sentences.length).toBeLessThanOrEqual(n);
  const flat = sourceText.replace(/\s+/g, ' ');
  for (const sentence of s.sentences) expect(flat).toContain(sentence.text);
  const positions = s.sentences.map((x) => x.position);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(s.summary).toBe(s.sentences.map((x) => x.text).join(' '));
}

describe('documentSummary', () => {
  it('summarizes a text document: the N most central sentences, verbatim and in order', async () => {
    const document = await upload('report.txt', Buffer.from(report.join('\n\n')));
    const s = await summary(document.id, 3);
    expectWellFormed(s, 3, report.join(' '));
    expect(s.sentences.map((x) => x.text)).toEqual([report[0], report[1], report[4]]);
    expect(s).toMatchObject({ documentId: document.id, documentVersion: 1, language: 'en', truncated: false });
    expect(s.wordCount).toBe(report.join(' ').split(' ').length);
    expect(Math.max(...s.sentences.map((x) => x.score))).toBe(1);
  });

  it('summarizes a PDF the same way as its text', async () => {
    const pdf = await makePdf('Plant report', 'Operations', report, new Date('2026-01-01T00:00:00Z'));
    const document = await upload('report.pdf', pdf);
    const s = await summary(document.id, 3);
    expectWellFormed(s, 3, report.join(' '));
    expect(s.sentences.map((x) => x.text)).toEqual([report[0], report[1], report[4]]);
  });

  it('summarizes demo PDFs and text notes deterministically (cached per version)', async () => {
    for (const type of ['application/pdf', 'text/plain']) {
      const document = demoDocument(type);
      const first = await summary(document.id, 4);
      expect(first.wordCount).toBeGreaterThan(10);
      expect(first.sentences.length).toBeGreaterThan(0);
      expect(first.sentences.length).toBeLessThanOrEqual(4);
      expect(await summary(document.id, 4)).toEqual(first);
    }
  });

  it('answers 422 for an image, 404 for an unknown document, 400 for a sentence count out of 3..10', async () => {
    const image = demoDocument('image/png');
    const res = await t.client.call('documentSummary', { query: { id: image.id } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ type: '/problems/unprocessable' });
    expect((res.body as { detail: string }).detail).toContain('image/png');
    expect((await t.client.call('documentSummary', { query: { id: unknown } })).status).toBe(404);
    for (const sentences of [2, 11]) {
      const bad = await t.client.call('documentSummary', { query: { id: image.id, sentences } });
      expect(bad.status).toBe(400);
    }
  });

  it('answers 422 for a text without sentences', async () => {
    const document = await upload('numbers.txt', Buffer.from('12 34\n56 78\n'));
    expect((await t.client.call('documentSummary', { query: { id: document.id } })).status).toBe(422);
  });
});

describe('summaryText', () => {
  it('answers the summary as UTF-8 plain text', async () => {
    const document = await upload('report-2.txt', Buffer.from(report.join('\n\n')));
    const res = await t.client.call('summaryText', { query: { id: document.id, sentences: 3 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : String(res.body);
    expect(text).toBe([report[0], report[1], report[4]].join(' '));
  });

  it('answers 422 for an image and 404 for an unknown document', async () => {
    const image = demoDocument('image/png');
    expect((await t.client.call('summaryText', { query: { id: image.id } })).status).toBe(422);
    expect((await t.client.call('summaryText', { query: { id: unknown } })).status).toBe(404);
  });
});
