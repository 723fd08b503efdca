/**
 * A document's workflow through the core against the reference service: edits through the write
 * path (offline, sent once, merged or offered on a conflict), the approval moves and a refused move
 * in words with the current state, clone and delete, related documents and unpacking a zip (with a
 * refusal), and the summary kept for offline with its age.
 */
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSchemas } from '../../../preload/contract/common';
import { createExtraUser, type ExtraUser } from '../../helpers/extra-user';
import type { TestService } from '../../helpers/server-client';
import {
  refusalOf,
  rootFolderOf,
  startWritePathRig,
  uploadOnService,
  type WritePathRig,
} from '../../helpers/write-path-harness';

type Document = ApiSchemas['Document'];
type Folder = ApiSchemas['Folder'];

const prose = [
  'The offer covers two hundred desks for the new Lisbon office.',
  'Delivery starts in March and ends before the summer holidays.',
  'Prices include assembly by our own team on site.',
  'Payment is due thirty days after each delivery.',
  'The customer may cancel an order up to two weeks before delivery.',
  'Our warranty on every desk lasts five full years.',
  'Spare parts stay available for ten years after the sale.',
].join(' ');

async function zipOf(entries: Array<{ name: string; text: string }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.text), e.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('document workflow through the core', () => {
  let rig: WritePathRig;
  let root: Folder;
  let reviewer: ExtraUser;

  /** Uploads `bytes` as `name` into the root folder on the service (as another device would). */
  async function upload(name: string, bytes: Buffer): Promise<Document> {
    return uploadOnService(rig, root.id, name, bytes);
  }
  async function onService(id: string): Promise<{ status: number; document: Document }> {
    const res = await rig.client.call('getDocumentDetail', { query: { id } });
    return { status: res.status, document: res.body as Document };
  }

  beforeAll(async () => {
    rig = await startWritePathRig();
    root = await rootFolderOf(rig);
    reviewer = await createExtraUser({ service: rig.service } as unknown as TestService, 'Reviewa', ['sales']);
  });
  afterAll(async () => {
    await rig.close();
  });

  it('edits a document offline; two edits are sent once as one save', async () => {
    const doc = await upload('Offer Lisbon.txt', Buffer.from(prose));
    await rig.comeBack();
    const { core } = rig;
    await rig.goOffline();
    const first = await core.handlers['documents.save']({ document: { id: doc.id, title: 'Offer Lisbon v2' } });
    expect(first).toMatchObject({ title: 'Offer Lisbon v2', syncState: 'pending' });
    await core.handlers['documents.save']({ document: { id: doc.id, name: 'Offer Lisbon final.txt' } });
    expect(await core.handlers['outbox.list']({})).toHaveLength(1);
    expect((await onService(doc.id)).document.title).toBe('Offer Lisbon');
    await rig.comeBack();
    const saved = (await onService(doc.id)).document;
    expect([saved.title, saved.name, saved.version]).toEqual([
      'Offer Lisbon v2',
      'Offer Lisbon final.txt',
      doc.version + 1,
    ]);
    expect(await core.handlers['documents.get']({ id: doc.id })).toMatchObject({
      syncState: 'synced',
      title: 'Offer Lisbon v2',
    });
  });

  it('refuses a name that changes the extension next to its field, before queueing', async () => {
    const doc = await upload('Terms.txt', Buffer.from(prose));
    await rig.comeBack();
    const err = (await refusalOf(
      rig.core.handlers['documents.save']({ document: { id: doc.id, name: 'Terms.pdf' } }),
    )) as { message: string; fields?: Array<{ pointer: string }> };
    expect(err.message).toContain('keep its extension (.txt)');
    expect(err.fields?.[0].pointer).toBe('/document/name');
    expect(await rig.core.handlers['outbox.list']({})).toEqual([]);
  });

  it('merges an edit of another field made on the service, and offers a same-field conflict', async () => {
    const doc = await upload('Price list.txt', Buffer.from(prose));
    await rig.comeBack();
    const { core } = rig;
    await rig.goOffline();
    await core.handlers['documents.save']({ document: { id: doc.id, name: 'Price list 2026.txt' } });
    await rig.client.call('saveDocument', { body: { id: doc.id, title: 'Prices (service)' } });
    await rig.comeBack();
    const merged = (await onService(doc.id)).document;
    expect([merged.name, merged.title]).toEqual(['Price list 2026.txt', 'Prices (service)']);

    await rig.goOffline();
    await core.handlers['documents.save']({ document: { id: doc.id, title: 'Prices (mine)' } });
    await rig.client.call('saveDocument', { body: { id: doc.id, title: 'Prices (theirs)' } });
    await rig.comeBack();
    const [conflict] = await core.handlers['outbox.list']({});
    expect(conflict).toMatchObject({ state: 'conflict', recordType: 'document' });
    expect(conflict.conflict?.kind === 'fields' && conflict.conflict.fields).toEqual([
      { field: 'title', base: 'Prices (service)', mine: 'Prices (mine)', theirs: 'Prices (theirs)' },
    ]);
    expect((await core.handlers['documents.get']({ id: doc.id }))?.syncState).toBe('conflict');
    await core.handlers['outbox.resolve']({ id: conflict.id, choices: { title: 'mine' } });
    await core.handlers['sync.run']({});
    expect((await onService(doc.id)).document.title).toBe('Prices (mine)');
  });

  it('submits, rejects with a comment, refuses an illegal move in words, and approves after the fix', async () => {
    const doc = await upload('Contract Porto.txt', Buffer.from(prose));
    await rig.comeBack();
    const { core } = rig;
    const submitted = await core.handlers['documents.submit']({
      id: doc.id,
      request: { approverId: reviewer.id, comment: 'Please check the terms.' },
    });
    expect(submitted.state).toBe('pendingApproval');
    const detail = await core.handlers['documents.detail']({ id: doc.id });
    expect(detail.value?.approval).toMatchObject({
      approverId: reviewer.id,
      approverName: 'Reviewa Tester',
      requestComment: 'Please check the terms.',
      decidedBy: null,
    });
    expect(detail.fetchedAt).not.toBeNull();

    const rejected = await reviewer.client.call('rejectDocument', {
      body: { id: doc.id, comment: 'Payment terms must be 30 days.' },
    });
    expect(rejected.status).toBe(200);
    await rig.comeBack();
    expect((await core.handlers['documents.get']({ id: doc.id }))?.state).toBe('rejected');
    const refused = await refusalOf(core.handlers['documents.approve']({ id: doc.id }));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toBe(
      'Approving was refused: the document is rejected on the service now. Change it and submit it for approval again.',
    );
    const afterReject = await core.handlers['documents.detail']({ id: doc.id });
    expect(afterReject.value?.approval?.comment).toBe('Payment terms must be 30 days.');

    await core.handlers['documents.save']({ document: { id: doc.id, title: 'Contract Porto (30 days)' } });
    await rig.comeBack();
    await core.handlers['documents.submit']({ id: doc.id, request: { approverId: reviewer.id } });
    // The demo user is a manager: a manager may decide for the approver (api/openapi.yaml approveDocument).
    const approved = await core.handlers['documents.approve']({ id: doc.id, comment: 'Good to go.' });
    expect(approved.state).toBe('approved');
    expect((await onService(doc.id)).document).toMatchObject({ state: 'approved', title: 'Contract Porto (30 days)' });
    const rejectApproved = await refusalOf(core.handlers['documents.reject']({ id: doc.id, comment: 'Too late.' }));
    expect(rejectApproved.message).toContain('the document is approved on the service now');
  });

  it('keeps the service’s refusal of a title locked by approval with its words, and a discard restores it', async () => {
    const doc = await upload('Locked offer.txt', Buffer.from(prose));
    await rig.comeBack();
    const { core } = rig;
    await core.handlers['documents.submit']({ id: doc.id, request: { approverId: reviewer.id } });
    await rig.goOffline();
    await core.handlers['documents.save']({ document: { id: doc.id, title: 'Changed while pending' } });
    await rig.comeBack();
    const [entry] = await core.handlers['outbox.list']({});
    expect(entry).toMatchObject({ state: 'refused', recordId: doc.id, summary: 'Edit document Changed while pending' });
    expect(entry.message).toContain('409');
    expect(await core.handlers['documents.get']({ id: doc.id })).toMatchObject({ syncState: 'refused' });
    expect((await onService(doc.id)).document.title).toBe('Locked offer');
    await core.handlers['outbox.discard']({ id: entry.id });
    await rig.comeBack();
    expect(await core.handlers['documents.get']({ id: doc.id })).toMatchObject({
      title: 'Locked offer',
      syncState: 'synced',
    });
  });

  it('rejects as the approver and says offline that a decision needs the service', async () => {
    const doc = await upload('Quote Faro.txt', Buffer.from(prose));
    await rig.comeBack();
    const { core } = rig;
    await core.handlers['documents.submit']({ id: doc.id, request: { approverId: reviewer.id } });
    await rig.goOffline();
    const offline = await refusalOf(core.handlers['documents.reject']({ id: doc.id, comment: 'Wrong customer.' }));
    expect(offline.code).toBe('offline');
    expect(offline.message).toContain(
      'Rejecting needs the BRM service, which cannot be reached now; nothing was changed.',
    );
    await rig.comeBack();
    const rejected = await core.handlers['documents.reject']({ id: doc.id, comment: 'Wrong customer.' });
    expect(rejected.state).toBe('rejected');
    expect((await onService(doc.id)).document.approval?.comment).toBe('Wrong customer.');
  });

  it('clones (the copy arrives with sync, related to the original) and deletes offline (a tombstone when synced)', async () => {
    const doc = await upload('Brochure.txt', Buffer.from(prose));
    await rig.comeBack();
    const { core } = rig;
    await rig.goOffline();
    await core.handlers['documents.clone']({ id: doc.id });
    expect((await core.handlers['outbox.list']({}))[0]).toMatchObject({ summary: 'Clone document Brochure' });
    await rig.comeBack();
    const copies = await core.handlers['documents.list']({
      folderId: root.id,
      query: 'Brochure',
      offset: 0,
      limit: 10,
    });
    const copy = copies.rows.find((r) => r.name === 'Brochure (copy).txt');
    expect(copy).toMatchObject({ title: 'Brochure (copy)', state: 'draft' });
    const related = await core.handlers['documents.related']({ id: doc.id });
    expect(related.value.map((r) => [r.kind, r.document.id])).toEqual([['clone', copy?.id]]);

    await rig.goOffline();
    await core.handlers['documents.delete']({ id: copy!.id });
    expect(await core.handlers['documents.get']({ id: copy!.id })).toBeNull();
    expect((await onService(copy!.id)).status).toBe(200);
    await rig.comeBack();
    expect((await onService(copy!.id)).status).toBe(404);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    expect(await core.handlers['documents.get']({ id: copy!.id })).toBeNull();
  });

  it('unpacks a zip into related documents, and says why a file that is not a zip is refused', async () => {
    const zip = await upload(
      'Kit.zip',
      await zipOf([
        { name: 'kit/readme.txt', text: 'Read me first.' },
        { name: 'kit/prices.csv', text: 'sku,price\r\nA-1,10\r\n' },
      ]),
    );
    const text = await upload('Not a zip.txt', Buffer.from(prose));
    await rig.comeBack();
    const { core } = rig;
    const result = await core.handlers['documents.unpack']({ id: zip.id });
    expect(result).toMatchObject({ count: 2, folderName: 'Kit', folderCreated: true });
    const inFolder = await core.handlers['documents.list']({ folderId: result.folderId, offset: 0, limit: 10 });
    expect(inFolder.rows.map((r) => r.name)).toEqual(['prices.csv', 'readme.txt']);
    const related = await core.handlers['documents.related']({ id: zip.id });
    expect(related.value.map((r) => r.kind)).toEqual(['archiveEntry', 'archiveEntry']);
    const refused = await refusalOf(core.handlers['documents.unpack']({ id: text.id }));
    expect(refused.message).toBe('Not a zip.txt is not a zip file; only a zip file can be unpacked.');
  });

  it('keeps the summary for offline with its age, and says when a document has none', async () => {
    const doc = await upload('Summary source.txt', Buffer.from(prose));
    const zip = await upload('Plain.zip', await zipOf([{ name: 'a.txt', text: 'A file.' }]));
    await rig.comeBack();
    const { core } = rig;
    const online = await core.handlers['documents.summary']({ id: doc.id });
    expect(online.fetchedAt).not.toBeNull();
    expect(online.value.summary?.sentences.length).toBeGreaterThanOrEqual(3);
    const text = await core.handlers['documents.summaryText']({ id: doc.id });
    expect(text.value).toBe(online.value.summary?.summary);
    await rig.goOffline();
    const offline = await core.handlers['documents.summary']({ id: doc.id, refresh: true });
    expect(offline).toEqual(online);
    expect((await core.handlers['documents.summaryText']({ id: doc.id })).fetchedAt).toBe(text.fetchedAt);
    const never = await core.handlers['documents.summary']({ id: zip.id });
    expect(never).toEqual({ value: { summary: null, unavailable: null }, fetchedAt: null });
    await rig.comeBack();
    const none = await core.handlers['documents.summary']({ id: zip.id });
    expect(none.value.summary).toBeNull();
    expect(none.value.unavailable).toMatch(/^The service cannot summarize this document/);
  });
});
