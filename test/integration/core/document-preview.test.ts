/**
 * Document previews through the core against the reference service (docs/SECURITY.md, "Document
 * previews"): PDF, image and text documents answer their kind and their exact bytes (text cut to
 * its first part), the preview is kept for offline and answered from there with its time, a
 * downloaded file is previewed without the service, unsupported and too-large documents are
 * refused in words, and bytes that do not match the document's SHA-256 are refused and not kept.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPreview } from '../../../preload/contract';
import type { ApiSchemas } from '../../../preload/contract/common';
import { waitForEvent, waitForIdle } from '../../helpers/core-harness';
import {
  refusalOf,
  rootFolderOf,
  startWritePathRig,
  uploadOnService,
  type WritePathRig,
} from '../../helpers/write-path-harness';

type Document = ApiSchemas['Document'];
type Folder = ApiSchemas['Folder'];

/** A small but real PDF (one page), as a service would store it. */
const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('document previews through the core', () => {
  let rig: WritePathRig;
  let root: Folder;

  /** Uploads `bytes` as `name` on the service (as another device would) and syncs the core. */
  async function upload(name: string, bytes: Buffer): Promise<Document> {
    const document = await uploadOnService(rig, root.id, name, bytes);
    await rig.core.handlers['sync.run']({});
    await waitForIdle(rig.core);
    return document;
  }
  const preview = (id: string) => rig.core.handlers['documents.preview']({ id });
  const bytesOf = (answer: DocumentPreview) => Buffer.from(answer.base64 ?? '', 'base64');

  beforeAll(async () => {
    rig = await startWritePathRig();
    root = await rootFolderOf(rig);
  });
  afterAll(async () => {
    await rig.close();
  });

  it('previews a PDF, an image and a text document with their kind and exact bytes, and keeps them', async () => {
    const pdf = await upload('Offer preview.pdf', pdfBytes);
    const first = await preview(pdf.id);
    expect(first).toMatchObject({
      kind: 'pdf',
      contentType: 'application/pdf',
      size: pdfBytes.length,
      shownBytes: pdfBytes.length,
      refusal: null,
      source: 'service',
    });
    expect(bytesOf(first).equals(pdfBytes)).toBe(true);
    // The same content again: from the kept preview, with the time the service sent it.
    expect(await preview(pdf.id)).toMatchObject({ source: 'kept', fetchedAt: first.fetchedAt, base64: first.base64 });

    const png = await upload('Booth photo.png', pngBytes);
    const image = await preview(png.id);
    expect(image).toMatchObject({ kind: 'image', contentType: 'image/png', source: 'service' });
    expect(bytesOf(image).equals(pngBytes)).toBe(true);

    const notes = Buffer.from('Meeting notes\nCall Dana back on Friday.\n');
    const text = await preview((await upload('Notes.txt', notes)).id);
    expect(text).toMatchObject({ kind: 'text', contentType: 'text/plain', shownBytes: notes.length });
    expect(bytesOf(text).toString()).toBe(notes.toString());
  });

  it('shows the first megabyte of a long text and says how much there is', async () => {
    const line = 'Prices in € for the Lisbon office;\n';
    const long = Buffer.from(line.repeat(Math.ceil(1_300_000 / Buffer.byteLength(line))));
    const answer = await preview((await upload('Price list.csv', long)).id);
    expect(answer).toMatchObject({ kind: 'text', contentType: 'text/csv', size: long.length });
    expect(answer.shownBytes).toBeLessThanOrEqual(1_000_000);
    expect(answer.shownBytes).toBeGreaterThan(999_990);
    const shown = bytesOf(answer);
    expect(shown.equals(long.subarray(0, answer.shownBytes))).toBe(true);
    // Cut on a character: no replacement character at the end.
    expect(shown.toString('utf8').endsWith('\uFFFD')).toBe(false);
  });

  it('refuses unsupported and too-large documents in words, without fetching them', async () => {
    const word = await upload('Contract.docx', Buffer.from('PK\x03\x04 not really a Word file'));
    expect(await preview(word.id)).toMatchObject({
      kind: 'unsupported',
      base64: null,
      refusal: 'Word documents cannot be previewed here. Download the document and open it with its own program.',
    });
    const big = await upload('Server log.txt', Buffer.alloc(20_000_001, 'a'));
    expect(await preview(big.id)).toMatchObject({
      kind: 'text',
      base64: null,
      refusal:
        'This document is too large to preview here (20 MB; previews go up to 20 MB). Download it and open it with its own program.',
    });
  });

  it('refuses bytes that do not match the document’s SHA-256 and keeps nothing of them', async () => {
    const doc = await upload('Altered.txt', Buffer.from('the true content of the file\n'));
    // Same length, other bytes: only the checksum can tell.
    writeFileSync(rig.service.store.files.path(doc.id), Buffer.from('THE TRUE CONTENT OF THE FILE\n'));
    const refused = await refusalOf(preview(doc.id));
    expect(refused.code).toBe('server_error');
    expect(refused.message).toContain("do not match the document's size and SHA-256 checksum");
    await rig.goOffline();
    try {
      expect((await refusalOf(preview(doc.id))).code).toBe('offline');
    } finally {
      await rig.comeBack();
    }
  });

  it('offline: answers the kept preview with its time, previews a downloaded file, and says a new one needs the service', async () => {
    const kept = await upload('Kept offer.pdf', pdfBytes);
    const online = await preview(kept.id);
    const saved = await upload('Saved minutes.txt', Buffer.from('Minutes saved on this computer.\n'));
    const transfer = await rig.core.handlers['documents.download']({ id: saved.id });
    const done = await waitForEvent(
      rig.core,
      'transfer.progress',
      (t) => t.id === transfer.id && ['done', 'failed'].includes(t.state),
    );
    expect(done.state).toBe('done');
    const never = await upload('Never previewed.pdf', pdfBytes);

    await rig.goOffline();
    try {
      expect(await preview(kept.id)).toMatchObject({
        kind: 'pdf',
        source: 'kept',
        fetchedAt: online.fetchedAt,
        base64: online.base64,
      });
      const local = await preview(saved.id);
      expect(local).toMatchObject({ kind: 'text', source: 'download', fetchedAt: null });
      expect(bytesOf(local).toString()).toBe('Minutes saved on this computer.\n');
      const refused = await refusalOf(preview(never.id));
      expect(refused.code).toBe('offline');
      expect(refused.message).toContain('This preview needs the BRM service');
    } finally {
      await rig.comeBack();
    }
  });

  it('deletes the kept previews at sign-out, with the user’s other kept answers', async () => {
    const folder = join(rig.dir, 'data', 'document-previews');
    const kept = () => (existsSync(folder) ? readdirSync(folder) : []);
    expect(kept().length).toBeGreaterThan(0);
    await rig.core.handlers['session.signOut']({});
    await expect.poll(kept).toEqual([]);
  });
});
