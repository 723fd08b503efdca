/**
 * E-mails (`emails.*`) against the reference service: a contact's and a company's e-mails newest
 * first and paged as the service pages them; one e-mail with its body and its attachments; an
 * attachment downloaded into the downloads folder with exactly the bytes the service holds (its
 * size and SHA-256), marked as a download and opened; the whole message saved as an `.eml`; offline,
 * the kept answers with their age, what was never read said so, the message refused in words, and
 * attachments waiting in the download queue with the reason (also across a restart) until the
 * service is back, or failing in words when the file that arrives is not the attachment listed;
 * unknown e-mails and attachments not on this computer refused in words.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import type { Core } from '../../../main/core/platform';
import { emailPageSize } from '../../../preload/contract';
import { downloadWaitingWords } from '../../../main/core/transfers/download-queue';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  readCacheDirectly,
  startTestCore,
  readLocalDirectly,
  waitForEvent,
  waitForIdle,
  writeCacheDirectly,
} from '../../helpers/core-harness';
import { transferEnded } from '../../helpers/core-waits';
import { ServerClient, smallDemo } from '../../helpers/server-client';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';

type Email = components['schemas']['Email'];
type EmailAttachment = components['schemas']['EmailAttachment'];

describe('e-mails', () => {
  const dir = createTempDir();
  const platform = createTestPlatform();
  const downloads = join(dir.path, 'client', 'downloads');
  const data = join(dir.path, 'client', 'data');
  let service: RunningService;
  let core: Core;
  let direct: ServerClient;
  /** Every e-mail of the service, newest first. */
  let all: Email[];
  /** An e-mail logged against a contact, with attachments. */
  let email: Email;
  let attachments: EmailAttachment[];

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo, platform }));
    direct = new ServerClient(service.url);
    await direct.signIn(service.credentials);
    all = await direct.allPages<Email>('getEmails', { query: { limit: 500 } });
    const withFiles = all.find((e) => e.attachmentCount > 0 && e.contactId !== null);
    if (!withFiles) throw new Error('The demo data has no e-mail with attachments logged against a contact.');
    email = withFiles;
    attachments = (
      (await direct.call('getEmailAttachments', { query: { emailId: email.id } })).body as {
        items: EmailAttachment[];
      }
    ).items;
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it("lists a contact's and a company's e-mails newest first, page by page as the service pages them", async () => {
    const contactId = email.contactId!;
    const ofContact = all.filter((e) => e.contactId === contactId);
    const first = await core.handlers['emails.list']({ contactId });
    expect(first.fetchedAt).not.toBeNull();
    expect(first.value.emails.map((e) => e.id)).toEqual(ofContact.slice(0, emailPageSize).map((e) => e.id));
    const row = first.value.emails.find((e) => e.id === email.id)!;
    expect(row).toEqual({
      id: email.id,
      subject: email.subject,
      from: email.from,
      to: email.to,
      cc: email.cc,
      sentAt: email.sentAt,
      direction: email.direction,
      attachmentCount: email.attachmentCount,
      contactId: email.contactId,
      companyId: email.companyId,
    });

    // The company with the most e-mails, read to its last page.
    const counts = new Map<string, number>();
    for (const e of all) if (e.companyId) counts.set(e.companyId, (counts.get(e.companyId) ?? 0) + 1);
    const [companyId, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await core.handlers['emails.list']({ companyId, ...(cursor ? { cursor } : {}) });
      expect(page.value.emails.length).toBeLessThanOrEqual(emailPageSize);
      ids.push(...page.value.emails.map((e) => e.id));
      cursor = page.value.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(ids).toEqual(all.filter((e) => e.companyId === companyId).map((e) => e.id));
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(count / emailPageSize));
  });

  it('reads one e-mail with its body and attachments, and refuses an unknown one in words', async () => {
    const one = await core.handlers['emails.get']({ id: email.id });
    expect(one.value).toEqual(email);
    const listed = await core.handlers['emails.attachments']({ emailId: email.id });
    expect(listed.value).toEqual(attachments.map((a) => ({ ...a, localPath: null })));
    await expect(core.handlers['emails.get']({ id: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/\w+ \w+/),
    });
    await expect(
      core.handlers['emails.openAttachment']({ emailId: email.id, attachmentId: attachments[0].id }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: `${attachments[0].fileName} is not on this computer yet. Download it first.`,
    });
  });

  it("downloads an attachment with exactly the service's bytes, marks it, lists it as downloaded and opens it", async () => {
    const attachment = attachments[0];
    const started = await core.handlers['emails.downloadAttachment']({
      emailId: email.id,
      attachmentId: attachment.id,
    });
    expect(started).toMatchObject({ kind: 'download', name: attachment.fileName });
    const ended = await transferEnded(core, started.id);
    expect(ended).toMatchObject({ state: 'done', bytesDone: attachment.size, error: null });
    const saved = await readFile(ended.localPath!);
    expect(saved.byteLength).toBe(attachment.size);
    expect(createHash('sha256').update(saved).digest('hex')).toBe(attachment.sha256);
    // The same bytes as the attachment in the message the service sends.
    const raw = (await direct.call('downloadEmail', { body: { id: email.id } })).body as Buffer;
    const parts = (await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' })).attachments;
    const part = parts.find((p) => p.filename === attachment.fileName)!;
    expect(Buffer.from(part.content as ArrayBuffer).equals(saved)).toBe(true);
    expect(platform.marked.map((m) => m.path)).toContain(ended.localPath);
    // Only the attachment's file is left in the downloads folder: the message it came in is gone.
    expect((await readdir(downloads)).filter((name) => name.endsWith('.part') || name.endsWith('.eml'))).toEqual([]);

    const listed = await core.handlers['emails.attachments']({ emailId: email.id });
    expect(listed.value?.find((a) => a.id === attachment.id)?.localPath).toBe(ended.localPath);
    // Asked again, it is done at once with the same file.
    const again = await core.handlers['emails.downloadAttachment']({ emailId: email.id, attachmentId: attachment.id });
    expect(again).toMatchObject({ state: 'done', localPath: ended.localPath });

    expect(await core.handlers['emails.openAttachment']({ emailId: email.id, attachmentId: attachment.id })).toEqual({
      url: null,
    });
    expect(platform.opened).toContain(ended.localPath);
  });

  it('saves the whole message as an .eml file named after its subject', async () => {
    const started = await core.handlers['emails.downloadMessage']({ id: email.id });
    const ended = await transferEnded(core, started!.id);
    expect(ended.state).toBe('done');
    expect(basename(ended.localPath!)).toMatch(/\.eml$/);
    const parsed = await PostalMime.parse(await readFile(ended.localPath!));
    expect(parsed.subject).toBe(email.subject);
    expect(parsed.messageId).toBe(email.messageId);
    expect(parsed.attachments.map((a) => a.filename).sort()).toEqual(attachments.map((a) => a.fileName).sort());
  });

  it('offline gives the kept answers with their age, says what was never read, and refuses the message in words', async () => {
    const list = await core.handlers['emails.list']({ contactId: email.contactId! });
    const one = await core.handlers['emails.get']({ id: email.id });
    const files = await core.handlers['emails.attachments']({ emailId: email.id });
    const never = all.find((e) => e.contactId !== null && e.contactId !== email.contactId && e.attachmentCount > 0)!;
    await service.stop();

    expect(await core.handlers['emails.list']({ contactId: email.contactId! })).toEqual(list);
    await waitForEvent(core, 'sync.status', (s) => s.state === 'offline', 10_000).catch(() => undefined);
    expect(await core.handlers['emails.get']({ id: email.id })).toEqual(one);
    expect(await core.handlers['emails.attachments']({ emailId: email.id })).toEqual(files);
    expect(await core.handlers['emails.list']({ contactId: never.contactId! })).toEqual({
      value: { emails: [], nextCursor: null },
      fetchedAt: null,
    });
    expect(await core.handlers['emails.get']({ id: never.id })).toEqual({ value: null, fetchedAt: null });

    await expect(core.handlers['emails.downloadMessage']({ id: email.id })).rejects.toMatchObject({
      code: 'offline',
      message: `Downloading this e-mail needs the BRM service, which cannot be reached at ${service.url}. Check your network connection and download it again once it is back.`,
    });
    await expect(
      core.handlers['emails.downloadAttachment']({ emailId: never.id, attachmentId: crypto.randomUUID() }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message:
        "This e-mail's attachments have not been read from the service yet. Open the e-mail again once the service can be reached.",
    });
    // A downloaded attachment still opens.
    await expect(
      core.handlers['emails.openAttachment']({ emailId: email.id, attachmentId: attachments[0].id }),
    ).resolves.toEqual({ url: null });
    service = await startService({ dataDir: `${dir.path}/service`, port: Number(new URL(service.url).port) });
    await waitForIdle(core);
  });

  it('queues attachments asked for offline with the reason; they land by themselves when the service is back, or fail in words when what arrives is not the attachment listed', async () => {
    // Two more e-mails with attachments, their lists read while the service is there.
    const [good, bad] = all.filter((e) => e.attachmentCount > 0 && e.id !== email.id).slice(0, 2);
    const goodFile = (await core.handlers['emails.attachments']({ emailId: good.id })).value![0];
    const badFile = (await core.handlers['emails.attachments']({ emailId: bad.id })).value![0];
    const port = Number(new URL(service.url).port);
    await service.stop();
    await core.handlers['emails.list']({ contactId: email.contactId! });
    await waitForEvent(core, 'sync.status', (s) => s.state === 'offline', 10_000).catch(() => undefined);
    // The kept list says another SHA-256 than the service's file has (as a broken service might).
    const key = `emailAttachments:${bad.id}`;
    const [{ value }] = readCacheDirectly(data, 'SELECT value FROM query_cache WHERE key = ?', key) as {
      value: string;
    }[];
    const listed = JSON.parse(value) as EmailAttachment[];
    listed[0].sha256 = '0'.repeat(64);
    writeCacheDirectly(data, 'UPDATE query_cache SET value = ? WHERE key = ?', JSON.stringify(listed), key);

    const waiting = await core.handlers['emails.downloadAttachment']({ emailId: good.id, attachmentId: goodFile.id });
    const refused = await core.handlers['emails.downloadAttachment']({ emailId: bad.id, attachmentId: badFile.id });
    for (const transfer of [waiting, refused]) {
      expect(transfer).toMatchObject({ kind: 'download', state: 'queued', error: downloadWaitingWords.service });
    }
    const landed = transferEnded(core, waiting.id);
    const failed = transferEnded(core, refused.id);
    service = await startService({ dataDir: `${dir.path}/service`, port });

    const done = await landed;
    expect(done.state).toBe('done');
    const bytes = await readFile(done.localPath!);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(goodFile.sha256);
    expect(platform.marked).toContainEqual({ path: done.localPath, sourceUrl: `${service.url}/api/email/download` });

    const gone = await failed;
    expect(gone.state).toBe('failed');
    expect(gone.error).toBe(
      `Downloading ${badFile.fileName} failed. The file ${badFile.fileName} in the message the BRM service sent does not match the attachment's size and SHA-256 checksum, so it was not saved. Try again later; if it keeps happening, contact your administrator.`,
    );
    expect((await readdir(downloads)).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(readLocalDirectly(data, 'SELECT id FROM download_queue')).toEqual([]);
  });

  it('keeps an attachment asked for offline across a restart, and downloads it once the service is back', async () => {
    const third = all.filter((e) => e.attachmentCount > 0 && e.id !== email.id)[2];
    const file = (await core.handlers['emails.attachments']({ emailId: third.id })).value![0];
    const port = Number(new URL(service.url).port);
    await service.stop();
    await core.handlers['emails.list']({ contactId: email.contactId! });
    await waitForEvent(core, 'sync.status', (s) => s.state === 'offline', 10_000).catch(() => undefined);
    const queued = await core.handlers['emails.downloadAttachment']({ emailId: third.id, attachmentId: file.id });
    expect(queued.state).toBe('queued');

    await core.stop();
    core = await startTestCore(join(dir.path, 'client'), platform);
    expect((await core.handlers['transfers.list']({})).find((t) => t.id === queued.id)).toMatchObject({
      name: file.fileName,
      state: 'queued',
    });
    const ended = transferEnded(core, queued.id);
    service = await startService({ dataDir: `${dir.path}/service`, port });
    await core.handlers['sync.run']({});
    const done = await ended;
    expect(done.state).toBe('done');
    const bytes = await readFile(done.localPath!);
    expect(bytes.byteLength).toBe(file.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
  });
});
