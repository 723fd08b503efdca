/**
 * `documents.open` (docs/SECURITY.md, "Opening downloaded files"): opens a downloaded document with
 * the host (the OS's viewer, or a host URL in browser mode), after its download mark is written;
 * a file that can run code is opened only once the user confirmed a warning naming its type.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { BridgeError, type CallParsed, type CallResult } from '../../../../preload/contract';
import type { HandlerContext } from '../context';
import type { DownloadMarks } from './download-marks';
import { runnableKind, runnableWarning } from './runnable-files';

/**
 * Opens document `id`'s downloaded file. Answers `{ url: null, warning }` without opening when the
 * file can run code (runnable-files.ts) and `confirm` is not true. Throws BridgeError('not_found')
 * when the document is unknown or its file is not on this computer.
 */
export async function openDownloadedDocument(
  ctx: Pick<HandlerContext, 'cache' | 'stores' | 'options'>,
  marks: DownloadMarks,
  { id, confirm }: CallParsed<'documents.open'>,
): Promise<CallResult<'documents.open'>> {
  const document = ctx.stores.documents.get(id);
  const local = ctx.cache.state.getDownload(id);
  const localPath = local?.localPath;
  if (!document || !localPath || !existsSync(localPath)) {
    const name = document ? document.name : 'This document';
    throw new BridgeError('not_found', `${name} is not on this computer yet. Download it first.`);
  }
  await marks.settled(localPath);
  return openLocalFile(ctx, localPath, { name: document.name, contentType: document.contentType, confirm });
}

/**
 * Opens the downloaded file `localPath` with the host, unless it can run code (runnable-files.ts,
 * judged by its file name, the `name` it had on the service, its `contentType` and its mode) and
 * `confirm` is not true: then answers `{ url: null, warning }` without opening. Shared by documents
 * and e-mail attachments (docs/SECURITY.md, "Opening downloaded files").
 */
export async function openLocalFile(
  ctx: Pick<HandlerContext, 'options'>,
  localPath: string,
  { name, contentType, confirm }: { name: string; contentType: string; confirm?: boolean },
): Promise<CallResult<'documents.open'>> {
  if (confirm !== true) {
    const fileName = basename(localPath);
    const kind = runnableKind({
      names: [fileName, name],
      contentType,
      mode: process.platform === 'win32' ? null : await fileMode(localPath),
    });
    if (kind)
      return { url: null, warning: { fileName, fileType: kind.label, message: runnableWarning(fileName, kind) } };
  }
  return ctx.options.platform.openPath(localPath);
}

async function fileMode(path: string): Promise<number | null> {
  try {
    return (await stat(path)).mode;
  } catch {
    return null;
  }
}
