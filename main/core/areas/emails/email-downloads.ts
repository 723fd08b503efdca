/**
 * Downloads of the e-mails area (docs/ARCHITECTURE.md, "Transfers"). An attachment goes through the
 * durable download queue like a document (transfers/email-attachment-download.ts takes it out of the
 * message and checks it against its size and SHA-256), is recorded like a document's download (the
 * `downloads` table, by the attachment's id) and marked as the OS marks downloads. The whole message
 * as an Internet message file (`downloadEmail`, `.eml`, RFC 5322) is a download transfer of one
 * attempt, as an export is (areas/service-file.ts `downloadServiceFile`): it is made by the service on
 * each request and has no length or checksum to check or resume against, and it needs the service:
 * offline it is refused in words.
 */
import { existsSync } from 'node:fs';
import type { EmailAttachmentRow, Transfer } from '../../../../preload/contract';
import type { HandlerContext } from '../context';
import { downloadServiceFile } from '../service-file';

/** The words of an e-mail download that cannot reach the service at `serverUrl`. */
export function emailNeedsService(what: string, serverUrl: string): string {
  return `Downloading ${what} needs the BRM service, which cannot be reached at ${serverUrl}. Check your network connection and download it again once it is back.`;
}

/** An `.eml` file (RFC 5322 Internet message). */
const emlKind = { label: 'E-mail message', extensions: ['eml'] };

/** The suggested file name of a message: its subject (`email-<id>` when empty), as api/openapi.yaml `downloadEmail` names it. */
export function messageFileName(subject: string, id: string): string {
  const base = subject.trim() === '' ? `email-${id}` : subject.trim();
  return `${base}.eml`;
}

/**
 * Saves message `id` (subject `subject`) as an `.eml` file where the user chooses (the downloads
 * folder when the host cannot ask). Resolves null when the user closed the save dialog. Throws
 * BridgeError('offline') while the service cannot be reached, 'unauthorized' when signed out.
 */
export function downloadMessage(ctx: HandlerContext, id: string, subject: string): Promise<Transfer | null> {
  return downloadServiceFile(ctx, {
    suggestedName: messageFileName(subject, id),
    kind: emlKind,
    verb: 'Downloading',
    request: (signal) => ctx.session.api().open('downloadEmail', { body: { id }, signal, timeoutMs: null }),
    offline: (serverUrl) => emailNeedsService('this e-mail', serverUrl),
    needsService: (name, serverUrl) => emailNeedsService(name, serverUrl),
  });
}

/** Where attachment `attachment` was downloaded on this computer, when its file with the same content is still there. */
export function attachmentLocalPath(
  ctx: HandlerContext,
  attachment: Pick<EmailAttachmentRow, 'id' | 'sha256'>,
): string | null {
  const record = ctx.cache.state.getDownload(attachment.id);
  return record?.localPath && record.sha256 === attachment.sha256 && existsSync(record.localPath)
    ? record.localPath
    : null;
}

/**
 * Downloads `attachment` of e-mail `emailId` through the durable download queue
 * (transfers/email-attachment-download.ts): the message is fetched, the attachment's part taken out
 * and checked against its size and SHA-256, and saved at a free name in the downloads folder. Offline
 * it waits in the queue with the reason and goes by itself when the service is back, also after a
 * restart. An attachment already downloaded with the same content is `done` at once.
 */
export function downloadAttachment(
  ctx: HandlerContext,
  emailId: string,
  attachment: EmailAttachmentRow,
): Promise<Transfer> {
  ctx.session.api();
  return ctx.downloads.enqueue({
    id: attachment.id,
    name: attachment.fileName,
    size: attachment.size,
    sha256: attachment.sha256,
    emailId,
  });
}
