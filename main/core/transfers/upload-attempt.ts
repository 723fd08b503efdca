/**
 * One attempt at sending a queued upload (docs/ARCHITECTURE.md, "Transfers"): checks that the file
 * is still whole (the kept copy) or still the one added (the user's file), streams it (upload.ts), and lands the answered document: written into the
 * cache and the queue row removed in one transaction, so a crash never leaves both or neither.
 * An import mapping file (local.db schema 4) lands by removing its row: mappings are not synced,
 * the Import view reads them again when its transfer is `done`.
 * The transfer stays `queued` until bytes move, then reports `running` with progress, then `done`.
 */
import type { TransferDeps } from './deps';
import { checkOriginal } from './kept-files';
import { fileSize } from './local-files';
import type { TransferHandle } from './registry';
import { sendImportMapping, sendUpload } from './upload';
import type { QueuedUpload, UploadQueueStore } from './upload-queue-store';

/**
 * Makes one attempt at `upload`, counted in its row. Resolves once the document landed (the kept
 * copy is then the caller's to remove). Throws what `sendUpload` throws, an Error when the kept
 * copy is gone or changed, OriginalChangedError when the user's file is not the one added, or the abort reason when `handle` is cancelled or `stop` aborts.
 */
export async function attemptUpload(
  deps: TransferDeps,
  store: UploadQueueStore,
  upload: QueuedUpload,
  handle: TransferHandle,
  stop: AbortSignal,
): Promise<void> {
  store.attempted(upload.id);
  let moving = false;
  const progress = (bytes: number) => {
    if (!moving) {
      moving = true;
      handle.update({ state: 'running', bytesDone: 0, error: null });
    }
    handle.progress(bytes);
  };
  if (upload.sourceMtimeMs !== null && upload.sourceMtimeMs !== undefined) {
    await checkOriginal(upload.filePath, upload.size, upload.sourceMtimeMs);
  } else if ((await fileSize(upload.filePath)) !== upload.size) {
    throw new Error(
      `The copy of ${upload.name} that BRM Desktop kept for uploading is gone or changed. Cancel this upload and add the file again.`,
    );
  }
  const signal = AbortSignal.any([handle.signal, stop]);
  if (upload.operation === 'uploadImportMapping') {
    await sendImportMapping(deps.api(), deps.io, upload, signal, progress);
    store.remove(upload.id);
    handle.update({ state: 'done', bytesDone: upload.size, error: null });
    return;
  }
  const document = await sendUpload(deps.api(), deps.io, upload, signal, progress);
  const result = deps.cache.db.transaction(() => {
    store.remove(upload.id);
    return deps.cache.applier.apply([
      { type: 'document', id: document.id, op: 'upsert', version: document.version, data: document },
    ]);
  })();
  handle.update({ state: 'done', bytesDone: upload.size, documentId: document.id, error: null });
  deps.notifier.changed(result.changedTypes);
}
