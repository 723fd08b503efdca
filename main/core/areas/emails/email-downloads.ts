/**
 * Downloads of the e-mails area (docs/ARCHITECTURE.md, "Transfers"): the whole message as an
 * Internet message file (`downloadEmail`, `.eml`, RFC 5322), and one attachment taken out of it
 * (attachment-part.ts). Both are download transfers in the shared registry, with progress and
 * cancel and the shared concurrency limit (transfers/export-download.ts `startExport`): the message
 * is made by the service on each request and has no length or checksum to resume against, so each
 * download is one attempt, not an entry of the durable download queue, and it needs the service:
 * offline it is refused in words. A downloaded attachment is recorded like a document's download
 * (the `downloads` table, by the attachment's id, with its SHA-256) and marked as the OS marks downloads.
 */
import { existsSync } from 'node:fs';
import { readFile, unlink, writeFile as writeBytes } from 'node:fs/promises';
import { operations } from '../../../../api/generated/operations';
import { BridgeError, type EmailAttachmentRow, type Transfer } from '../../../../preload/contract';
import type { ApiClient } from '../../api/client';
import { startExport } from '../../transfers/export-download';
import {
  chooseDestination,
  dropPart,
  type FileDestination,
  fileWriteError,
  finishPart,
  reservePart,
} from '../../transfers/file-destination';
import { safeFileName } from '../../transfers/safe-file-name';
import type { HandlerContext } from '../context';
import { attachmentBytes, messageByteBudget } from './attachment-part';

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

/** The URL messages are downloaded from on `serverUrl` (the contract's `downloadEmail`), without credentials: what a download mark records. */
function messageSourceUrl(serverUrl: string): string {
  const url = new URL(serverUrl + operations.downloadEmail.path);
  url.username = '';
  url.password = '';
  return url.href;
}

/** Tells the core whether a download's attempt reached the service (for its online state). */
function outcomeOf(ctx: HandlerContext) {
  return (reached: boolean | null, err?: unknown) => {
    if (reached === true) ctx.reachedService();
    else if (reached === false) ctx.lostService(err);
  };
}

/** Refuses with `offline` in words while the app knows the service cannot be reached. */
function needOnline(ctx: HandlerContext, api: ApiClient, what: string): void {
  if (!ctx.online()) throw new BridgeError('offline', emailNeedsService(what, api.serverUrl));
}

/** The request of message `id` (`downloadEmail`), streamed. */
function messageRequest(ctx: HandlerContext, id: string) {
  return (signal: AbortSignal) => ctx.session.api().open('downloadEmail', { body: { id }, signal, timeoutMs: null });
}

/**
 * Saves message `id` (subject `subject`) as an `.eml` file where the user chooses (the downloads
 * folder when the host cannot ask). Resolves null when the user closed the save dialog. Throws
 * BridgeError('offline') while the service cannot be reached, 'unauthorized' when signed out.
 */
export async function downloadMessage(ctx: HandlerContext, id: string, subject: string): Promise<Transfer | null> {
  const api = ctx.session.api();
  needOnline(ctx, api, 'this e-mail');
  const destination = await chooseDestination(
    ctx.options.platform,
    ctx.options.downloadsDir,
    messageFileName(subject, id),
    emlKind,
  );
  if (!destination) return null;
  return startExport(
    ctx.transfers,
    {
      name: destination.name,
      destination,
      verb: 'Downloading',
      request: messageRequest(ctx, id),
      needsService: (serverUrl) => emailNeedsService(destination.name, serverUrl),
    },
    outcomeOf(ctx),
  );
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

/** Writes `bytes` to a free name for `destination` (through a `.part`), returns the final path. */
async function writeFile(destination: FileDestination, bytes: Uint8Array): Promise<string> {
  const partPath = await reservePart(destination);
  try {
    await writeBytes(partPath, bytes);
    return await finishPart(destination, partPath);
  } catch (err) {
    await dropPart(partPath);
    throw fileWriteError(err, destination.dir) ?? err;
  }
}

/**
 * Downloads `attachment` of e-mail `emailId` (whose attachments are `all`) into the downloads folder:
 * the message is fetched within its byte budget, the attachment's part is taken and checked, then
 * saved at a free name, recorded and marked. An attachment already downloaded with the same content
 * is `done` at once. Throws BridgeError('offline') while the service cannot be reached.
 */
export function downloadAttachment(
  ctx: HandlerContext,
  emailId: string,
  attachment: EmailAttachmentRow,
  all: readonly EmailAttachmentRow[],
): Transfer {
  const api = ctx.session.api();
  const localPath = attachmentLocalPath(ctx, attachment);
  const describe = { kind: 'download', name: attachment.fileName, folderId: null, documentId: null } as const;
  if (localPath) {
    const handle = ctx.registry.create({ ...describe, bytesTotal: attachment.size });
    handle.update({ state: 'done', bytesDone: attachment.size, localPath });
    return { ...handle.transfer };
  }
  needOnline(ctx, api, attachment.fileName);
  const destination: FileDestination = {
    dir: ctx.options.downloadsDir,
    name: safeFileName(attachment.fileName),
    path: null,
  };
  return startExport(
    ctx.transfers,
    {
      name: attachment.fileName,
      // The message lands beside the attachment's file as `<name>.eml.part` while it arrives.
      destination: { ...destination, name: safeFileName(`${attachment.fileName}.eml`) },
      verb: 'Downloading',
      maxBytes: messageByteBudget(all),
      request: messageRequest(ctx, emailId),
      needsService: (serverUrl) => emailNeedsService(attachment.fileName, serverUrl),
      land: async (messagePart) => {
        const bytes = await attachmentBytes(await readFile(messagePart), attachment);
        const saved = await writeFile(destination, bytes);
        await unlink(messagePart).catch(() => undefined);
        ctx.cache.state.putDownload({
          documentId: attachment.id,
          sha256: attachment.sha256,
          localPath: saved,
          partPath: null,
        });
        const serverUrl = ctx.session.state().serverUrl;
        if (serverUrl) {
          await ctx.options.platform
            .markDownloaded(saved, messageSourceUrl(serverUrl))
            .catch((error: unknown) => console.error(`BRM Desktop could not mark ${saved} as downloaded:`, error));
        }
        return { localPath: saved, bytes: bytes.byteLength };
      },
    },
    outcomeOf(ctx),
  );
}
