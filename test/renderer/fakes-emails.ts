/**
 * The e-mails area on the fake bridge, for renderer tests: e-mails and their attachments as the
 * service would answer `emails.list` (pages of `pageSize`, newest first, cursors naming the offset),
 * `emails.get` and `emails.attachments`, each answer with the time it was fetched (`fetchedAt`, which
 * a test sets to make it old or never fetched). Downloads and opening are left to each test.
 */
import type { EmailAttachmentRow, EmailMessage } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { fakeId } from './fixtures';

/** The e-mails state a test reads and changes. */
export interface FakeEmails {
  emails: EmailMessage[];
  attachments: Map<string, EmailAttachmentRow[]>;
  /** When every answer was fetched (ISO 8601), or null: never fetched. */
  fetchedAt: string | null;
  pageSize: number;
}

/** E-mail number `n` of `fields.contactId` / `companyId`, sent `n` hours before 24 Nov 2026 09:00 UTC. */
export function makeEmail(n: number, subject: string, fields: Partial<EmailMessage> = {}): EmailMessage {
  const sentAt = new Date(Date.UTC(2026, 10, 24, 9) - n * 3_600_000).toISOString();
  return {
    id: fakeId(0xe1, n),
    version: 1,
    messageId: `<m${n}@blueridge-mfg.example>`,
    from: { name: 'Avery Quinn', email: 'avery.quinn@blueridge-mfg.example' },
    to: [{ name: 'Dana Holt', email: 'dana.holt@acme.example' }],
    cc: [],
    subject,
    text: `Hello Dana,\n\nthis is message ${n}.\n\nAvery`,
    html: null,
    sentAt,
    direction: 'outbound',
    contactId: null,
    companyId: null,
    attachmentCount: 0,
    createdAt: sentAt,
    updatedAt: sentAt,
    ...fields,
  };
}

/** Attachment number `n` of e-mail `emailId`. */
export function makeAttachment(n: number, emailId: string, fileName: string, size: number): EmailAttachmentRow {
  return {
    id: fakeId(0xe2, n),
    version: 1,
    emailId,
    fileName,
    contentType: fileName.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
    size,
    sha256: 'a'.repeat(64),
    createdAt: '2026-11-02T09:14:00Z',
    updatedAt: '2026-11-02T09:14:00Z',
    localPath: null,
  };
}

/** Installs the e-mail read handlers over `emails` (every answer fetched now unless the test says otherwise). */
export function installEmails(bridge: FakeBridge, emails: EmailMessage[]): FakeEmails {
  const state: FakeEmails = { emails, attachments: new Map(), fetchedAt: new Date().toISOString(), pageSize: 25 };
  bridge.handle('emails.list', (input) => {
    if (state.fetchedAt === null) return { value: { emails: [], nextCursor: null }, fetchedAt: null };
    const mine = state.emails
      .filter((e) => ('contactId' in input ? e.contactId === input.contactId : e.companyId === input.companyId))
      .sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    const offset = input.cursor ? Number(input.cursor) : 0;
    const page = mine.slice(offset, offset + state.pageSize);
    const next = offset + state.pageSize < mine.length ? String(offset + state.pageSize) : null;
    return {
      value: {
        emails: page.map(({ id, subject, from, to, cc, sentAt, direction, attachmentCount, contactId, companyId }) => ({
          id,
          subject,
          from,
          to,
          cc,
          sentAt,
          direction,
          attachmentCount,
          contactId,
          companyId,
        })),
        nextCursor: next,
      },
      fetchedAt: state.fetchedAt,
    };
  });
  bridge.handle('emails.get', ({ id }) => ({
    value: state.fetchedAt === null ? null : (state.emails.find((e) => e.id === id) ?? null),
    fetchedAt: state.fetchedAt,
  }));
  bridge.handle('emails.attachments', ({ emailId }) => ({
    value: state.fetchedAt === null ? null : (state.attachments.get(emailId) ?? []),
    fetchedAt: state.fetchedAt,
  }));
  return state;
}
