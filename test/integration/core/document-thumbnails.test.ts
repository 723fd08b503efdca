/**
 * Document thumbnails through the core against the reference service: a PNG and a PDF get a
 * picture, kept for offline use; a text document gets none (the 415 is kept, not asked again);
 * after a restart the kept picture is revalidated with If-None-Match and the service's 304 keeps it;
 * a new file (another sha256) gets a new picture. Avatars, kept by the same piece, are revalidated
 * the same way.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSchemas } from '../../../preload/contract/common';
import { rootFolderOf, startWritePathRig, uploadOnService, type WritePathRig } from '../../helpers/write-path-harness';

type Document = ApiSchemas['Document'];
type Folder = ApiSchemas['Folder'];

const fixtures = join(__dirname, '..', '..', 'fixtures');

describe('document thumbnails through the core', () => {
  let rig: WritePathRig;
  let root: Folder;
  let png: Document;
  let pdf: Document;
  let text: Document;
  let pngBytes: Buffer;

  /** Uploads `bytes` as `name` into the root folder on the service (as another device would). */
  async function upload(name: string, bytes: Buffer): Promise<Document> {
    return uploadOnService(rig, root.id, name, bytes);
  }
  /** The thumbnail requests that reached the service for `id`, in order. */
  function thumbnailRequests(id: string) {
    return rig.proxy.requests.filter((r) => r.url.includes('/getDocumentThumbnail') && r.url.includes(id));
  }
  const thumbnail = (id: string, size = 64) => rig.core.handlers['documents.thumbnail']({ id, size });

  beforeAll(async () => {
    rig = await startWritePathRig();
    root = await rootFolderOf(rig);
    pngBytes = await readFile(join(fixtures, 'sample.png'));
    png = await upload('Booth photo.png', pngBytes);
    pdf = await upload('Rebate summary.pdf', await readFile(join(fixtures, 'sample.pdf')));
    text = await upload('Call notes.txt', Buffer.from('Called about the Lisbon desks; call back Friday.'));
    await rig.comeBack();
  });
  afterAll(async () => {
    await rig.close();
  });

  it('gives a PNG and a PDF document a thumbnail picture', async () => {
    const picture = await thumbnail(png.id);
    expect(picture.dataUrl).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]{40,}/);
    expect((await thumbnail(pdf.id)).dataUrl).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]{40,}/);
    // Sizes are kept apart: the card picture is another, larger one.
    const card = await thumbnail(png.id, 256);
    expect(card.dataUrl).toMatch(/^data:image\/webp;base64,/);
    expect(card.dataUrl).not.toBe(picture.dataUrl);
    // Within the service's max-age, the kept picture is shown without asking again.
    await thumbnail(png.id);
    expect(thumbnailRequests(png.id).filter((r) => r.url.includes('size=64'))).toHaveLength(1);
  });

  it('gives a text document no thumbnail, without an error, and does not ask again', async () => {
    expect(await thumbnail(text.id)).toEqual({ dataUrl: null });
    expect(await thumbnail(text.id)).toEqual({ dataUrl: null });
    expect(thumbnailRequests(text.id)).toHaveLength(1);
  });

  it('still gives the kept thumbnails while the service cannot be reached', async () => {
    const online = await thumbnail(pdf.id);
    await rig.goOffline();
    expect(await thumbnail(pdf.id)).toEqual(online);
    expect((await thumbnail(png.id, 256)).dataUrl).toMatch(/^data:image\/webp;base64,/);
    expect(await thumbnail(text.id)).toEqual({ dataUrl: null });
    // Never fetched before: nothing to show, and no error either.
    expect(await thumbnail(pdf.id, 512)).toEqual({ dataUrl: null });
    await rig.comeBack();
  });

  it('revalidates a kept thumbnail after a restart with If-None-Match; the 304 keeps it', async () => {
    const before = await thumbnail(png.id);
    const asked = thumbnailRequests(png.id).length;
    await rig.restartCore();
    await rig.comeBack();
    expect(await thumbnail(png.id)).toEqual(before);
    const requests = thumbnailRequests(png.id);
    expect(requests).toHaveLength(asked + 1);
    const etag = requests[requests.length - 1].headers['if-none-match'];
    expect(etag).toMatch(/^".+"$/);
    // The ETag sent is the current one: the service answers it with 304 (and no picture).
    const answer = await rig.client.call('getDocumentThumbnail', {
      query: { id: png.id, size: 64, format: 'webp' },
      headers: { 'if-none-match': String(etag) },
    });
    expect(answer.status).toBe(304);
  });

  it('gives a document whose file changed (new sha256) a new thumbnail', async () => {
    const before = await thumbnail(png.id);
    // The service gets a new file for the document, as a new version would bring: a PDF's picture instead.
    const pdfBytes = await readFile(join(fixtures, 'sample.pdf'));
    const { digest, written } = rig.service.store.files.writeFile(png.id, pdfBytes);
    await written;
    const current = rig.service.store.documents.get(png.id) as Document;
    const { id: _id, version: _version, createdAt: _created, updatedAt: _updated, ...body } = current;
    rig.service.store.documents.save(png.id, { ...body, contentType: 'application/pdf', ...digest });
    await rig.comeBack();
    expect((await rig.core.handlers['documents.get']({ id: png.id }))?.sha256).toBe(digest.sha256);
    const after = await thumbnail(png.id);
    expect(after.dataUrl).toMatch(/^data:image\/webp;base64,/);
    expect(after.dataUrl).not.toBe(before.dataUrl);
    expect(after).toEqual(await thumbnail(pdf.id));
  });

  it('keeps avatars through the same piece: each read revalidates with If-None-Match and a 304 keeps the picture', async () => {
    const [contact] = (await rig.core.handlers['contacts.list']({ offset: 0, limit: 1 })).rows;
    const avatarRequests = () =>
      rig.proxy.requests.filter((r) => r.url.includes('/getAvatar') && r.url.includes(contact.id));
    const first = await rig.core.handlers['contacts.avatar']({ id: contact.id });
    expect(first.dataUrl).toMatch(/^data:image\/[a-z]+;base64,/);
    expect(await rig.core.handlers['contacts.avatar']({ id: contact.id })).toEqual(first);
    const [asked, revalidated] = avatarRequests();
    expect(asked.headers['if-none-match']).toBeUndefined();
    expect(revalidated.headers['if-none-match']).toMatch(/^".+"$/);
  });

  it('gives nothing, without an error, for a document the cache does not hold', async () => {
    expect(await thumbnail('00000000-0000-4000-8000-000000000000')).toEqual({ dataUrl: null });
  });
});
