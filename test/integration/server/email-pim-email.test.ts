/** The Email group: lists with filters and paging, detail, attachments and the RFC 5322 download. */
import { createHash } from 'node:crypto';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { smallDemo, startTestService, type TestService, unknownId as unknown } from '../../helpers/server-client';

type Email = components['schemas']['Email'];
type EmailAttachment = components['schemas']['EmailAttachment'];

let t: TestService;
let all: Email[];

async function everyEmail(query: Record<string, string | number> = {}): Promise<Email[]> {
  return t.client.allPages<Email>('getEmails', { query: { ...query, limit: 25 } });
}

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  all = await everyEmail();
});
afterAll(() => t.stop());

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('Get Emails', () => {
  it('pages through every demo e-mail once, newest first', () => {
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const times = all.map((e) => e.sentAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by contact, company, direction, text and time range', async () => {
    const sample = all[3];
    const byContact = await everyEmail({ contactId: sample.contactId as string });
    expect(byContact.length).toBe(all.filter((e) => e.contactId === sample.contactId).length);
    const byCompany = await everyEmail({ companyId: sample.companyId as string, direction: 'inbound' });
    expect(byCompany).toEqual(all.filter((e) => e.companyId === sample.companyId && e.direction === 'inbound'));
    const word = sample.subject.replace(/^Re: /, '').split(' ')[0];
    const byText = await everyEmail({ q: word.toLowerCase() });
    expect(byText.map((e) => e.id)).toContain(sample.id);
    expect(
      byText.every((e) => `${e.subject} ${e.from.name} ${e.from.email}`.toLowerCase().includes(word.toLowerCase())),
    ).toBe(true);
    const [from, to] = [all[20].sentAt, all[5].sentAt];
    const inRange = await everyEmail({ from, to });
    expect(inRange).toEqual(all.filter((e) => e.sentAt >= from && e.sentAt < to));
  });

  it('sorts by subject', async () => {
    const bySubject = await everyEmail({ sort: 'subject' });
    const subjects = bySubject.map((e) => e.subject.toLowerCase());
    expect(subjects).toEqual([...subjects].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(bySubject).toHaveLength(all.length);
  });

  it('refuses a bad sort, a foreign cursor and a missing token', async () => {
    expect((await t.client.call('getEmails', { query: { sort: 'from' } })).status).toBe(400);
    const contacts = await t.client.call('listContacts', { query: { limit: 1 } });
    const foreign = (contacts.body as { nextCursor: string }).nextCursor;
    const res = await t.client.call('getEmails', { query: { cursor: foreign } });
    expect(res.status).toBe(400);
    expect((res.body as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe('/query/cursor');
    expect((await t.client.call('getEmails', { token: null })).status).toBe(401);
  });
});

describe('Get Email and Get Attachments', () => {
  it('answers one e-mail with its ETag, 404 for an unknown id', async () => {
    const res = await t.client.call('getEmail', { query: { id: all[0].id } });
    expect(res.body).toEqual(all[0]);
    expect(res.headers.get('etag')).toBe(`"${all[0].version}"`);
    expect((await t.client.call('getEmail', { query: { id: unknown } })).status).toBe(404);
    expect((await t.client.call('getEmail', { query: { id: 'nope' } })).status).toBe(400);
  });

  it('lists the attachments an e-mail counts; 404 for an unknown e-mail', async () => {
    const withFiles = all.filter((e) => e.attachmentCount > 0);
    expect(withFiles.length).toBeGreaterThan(0);
    for (const email of withFiles.slice(0, 5)) {
      const res = await t.client.call('getEmailAttachments', { query: { emailId: email.id } });
      const items = (res.body as { items: EmailAttachment[] }).items;
      expect(items).toHaveLength(email.attachmentCount);
      expect(items.every((a) => a.emailId === email.id && a.size > 0)).toBe(true);
    }
    const none = all.find((e) => e.attachmentCount === 0) as Email;
    expect((await t.client.call('getEmailAttachments', { query: { emailId: none.id } })).body).toEqual({ items: [] });
    expect((await t.client.call('getEmailAttachments', { query: { emailId: unknown } })).status).toBe(404);
    expect((await t.client.call('getEmailAttachments')).status).toBe(400);
  });
});

describe('Download', () => {
  it('answers an RFC 5322 message that parses back to the e-mail and its attachment bytes', async () => {
    const email = all.find((e) => e.attachmentCount > 0 && e.cc.length === 0) ?? all.find((e) => e.attachmentCount > 0);
    if (!email) throw new Error('the demo has no e-mail with attachments');
    const res = await t.client.call('downloadEmail', { body: { id: email.id } });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('message/rfc822');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(
      `${email.subject.replace(/[:/]/g, ' ').replace(/\s+/g, ' ').trim()}.eml`,
    );
    const raw = res.body as Buffer;
    expect(raw.toString('latin1')).toMatch(/Content-Type: multipart\/mixed/);
    const parsed = await PostalMime.parse(raw);
    expect(parsed.subject).toBe(email.subject);
    expect(parsed.messageId).toBe(email.messageId);
    expect(parsed.from).toMatchObject({ address: email.from.email, name: email.from.name });
    expect(parsed.to?.map((a) => a.address)).toEqual(email.to.map((a) => a.email));
    expect(new Date(parsed.date as string).getTime()).toBe(Math.floor(Date.parse(email.sentAt) / 1000) * 1000);
    expect(parsed.text?.trim()).toBe(email.text.trim());
    const expected = (await t.client.call('getEmailAttachments', { query: { emailId: email.id } })).body as {
      items: EmailAttachment[];
    };
    expect(parsed.attachments.map((a) => a.filename)).toEqual(expected.items.map((a) => a.fileName));
    for (const [i, a] of parsed.attachments.entries()) {
      const bytes = typeof a.content === 'string' ? Buffer.from(a.content) : new Uint8Array(a.content);
      expect(sha256(bytes)).toBe(expected.items[i].sha256);
      expect(a.mimeType).toBe(expected.items[i].contentType);
    }
  });

  it('carries the HTML body and the Cc recipients', async () => {
    const email = all.find((e) => e.html !== null && e.cc.length > 0) ?? all.find((e) => e.html !== null);
    if (!email) throw new Error('the demo has no e-mail with an HTML body');
    const parsed = await PostalMime.parse(
      (await t.client.call('downloadEmail', { body: { id: email.id } })).body as Buffer,
    );
    expect(parsed.html?.trim()).toBe(email.html);
    expect((parsed.cc ?? []).map((a) => a.address)).toEqual(email.cc.map((a) => a.email));
  });

  it('answers 404 for an unknown e-mail and 400 for a bad body', async () => {
    expect((await t.client.call('downloadEmail', { body: { id: unknown } })).status).toBe(404);
    expect((await t.client.call('downloadEmail', { body: { id: all[0].id, extra: 1 } })).status).toBe(400);
    expect((await t.client.call('downloadEmail', { body: {} })).status).toBe(400);
  });
});
