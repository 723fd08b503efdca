/**
 * An e-mail record as an Internet message (RFC 5322 with MIME, RFC 2045-2049), composed by
 * nodemailer's MailComposer: `multipart/mixed` with the attachments as base64 parts when there are
 * any, `multipart/alternative` when there is an HTML body. Attachment bytes are read from their files
 * while the message streams.
 */
import type { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Email, EmailAttachment } from '../db/emails';
import { sanitizeFileName } from '../files/disposition';

/** The address as MailComposer takes it. */
function address(a: Email['from']): { name: string; address: string } {
  return { name: a.name ?? '', address: a.email };
}

/**
 * Streams the message of `email` with `attachments`, whose bytes are at `pathOf(attachment.id)`.
 * The stream errors when an attachment file cannot be read (check them before sending).
 */
export function emailMessageStream(
  email: Email,
  attachments: EmailAttachment[],
  pathOf: (attachmentId: string) => string,
): Readable {
  const composer = new MailComposer({
    from: address(email.from),
    to: email.to.map(address),
    cc: email.cc.length ? email.cc.map(address) : undefined,
    subject: email.subject,
    text: email.text,
    html: email.html ?? undefined,
    date: new Date(email.sentAt),
    messageId: email.messageId,
    attachments: attachments.map((a) => ({
      filename: a.fileName,
      contentType: a.contentType,
      contentTransferEncoding: 'base64',
      path: pathOf(a.id),
    })),
  });
  return composer.compile().createReadStream();
}

/** The download's file name: the subject (made safe for file systems) plus `.eml`; `email-<id>.eml` without one. */
export function emailFileName(email: Email): string {
  const base = sanitizeFileName(email.subject.replace(/[\\/:*?"<>|\s]+/g, ' '))
    .trim()
    .slice(0, 200);
  return `${base || `email-${email.id}`}.eml`;
}
