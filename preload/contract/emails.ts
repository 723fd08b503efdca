/**
 * Bridge calls of the e-mails area: e-mails logged against a contact or a company (api/openapi.yaml,
 * tag Email). They are not in the change feed, so each call asks the service on demand and the last
 * answer is kept for offline use with its age (`KeptAnswer`, see main/core/areas/kept.ts). The
 * contract has no download of one attachment: an attachment's bytes are part of the whole message
 * (`downloadEmail`), so an attachment is downloaded by fetching the message and taking its part,
 * checked against the attachment's size and SHA-256. Downloads need the service: offline they are
 * refused in words.
 */
import { z } from 'zod';
import { type ApiSchemas, byId, call, type KeptAnswer, uuid } from './common';
import type { DocumentOpenResult } from './documents';
import type { Transfer } from './transfers';

export type EmailAddress = ApiSchemas['EmailAddress'];
export type EmailDirection = ApiSchemas['EmailDirection'];

/** An e-mail in a list: the message without its bodies (api/openapi.yaml `Email`). */
export type EmailRow = Pick<
  ApiSchemas['Email'],
  'id' | 'subject' | 'from' | 'to' | 'cc' | 'sentAt' | 'direction' | 'attachmentCount' | 'contactId' | 'companyId'
>;

/** One e-mail with its bodies (api/openapi.yaml `Email`): `text` is plain text, `html` the HTML body or null. */
export type EmailMessage = ApiSchemas['Email'];

/** An attachment (api/openapi.yaml `EmailAttachment`) and where it was downloaded on this computer, if it was. */
export type EmailAttachmentRow = ApiSchemas['EmailAttachment'] & { localPath: string | null };

/** One page of a record's e-mails, newest first; `nextCursor` asks for the next page (null: none). */
export interface EmailPage {
  emails: EmailRow[];
  nextCursor: string | null;
}

/** E-mails per page the client asks for (api/openapi.yaml `Limit` allows up to 500). */
export const emailPageSize = 25;

const cursor = z.string().min(1).max(512);

/** Whose e-mails: exactly one contact or one company, and the page (`cursor` from the previous page). */
const emailsOf = z.union([
  z.object({ contactId: uuid, cursor: cursor.optional() }).strict(),
  z.object({ companyId: uuid, cursor: cursor.optional() }).strict(),
]);

const attachmentRef = z.object({ emailId: uuid, attachmentId: uuid }).strict();

export const emailsCalls = {
  /** A page of a contact's or a company's e-mails, newest first (`getEmails`). */
  'emails.list': call<KeptAnswer<EmailPage>>()(emailsOf),
  /** One e-mail with its bodies (`getEmail`); `value` is null only offline when it was never fetched. Unknown: `not_found`. */
  'emails.get': call<KeptAnswer<EmailMessage | null>>()(byId),
  /** An e-mail's attachments (`getEmailAttachments`), by file name; `value` is null only offline when never fetched. */
  'emails.attachments': call<KeptAnswer<EmailAttachmentRow[] | null>>()(z.object({ emailId: uuid }).strict()),
  /**
   * Downloads one attachment into the downloads folder: the message is fetched (`downloadEmail`),
   * the attachment's part taken and checked against its size and SHA-256. Answers the transfer
   * (shown with the other transfers); refused with `offline` in words while the service cannot be reached.
   */
  'emails.downloadAttachment': call<Transfer>()(attachmentRef),
  /**
   * Opens a downloaded attachment, as `documents.open` opens a document: a file that can run code
   * answers `{ url: null, warning }` until called again with `confirm: true`.
   */
  'emails.openAttachment': call<DocumentOpenResult>()(attachmentRef.extend({ confirm: z.boolean().optional() })),
  /**
   * Saves the whole message as an Internet message file (`.eml`, RFC 5322; `downloadEmail`) where the
   * user chooses (the downloads folder in browser mode). Null when the user closed the save dialog;
   * refused with `offline` in words while the service cannot be reached.
   */
  'emails.downloadMessage': call<Transfer | null>()(byId),
} as const;
