/** Transfers as the fake bridge's handlers answer them, for the renderer tests. */
import type { Transfer } from '../../preload/contract';

/**
 * A transfer of `kind` as the core registers it before any byte moved (`queued`, sizes 0, in no
 * folder and of no document), named `name`, with `patch` laid over it.
 */
function queuedTransfer(kind: Transfer['kind'], name: string, patch: Partial<Transfer>): Transfer {
  return {
    id: crypto.randomUUID(),
    kind,
    name,
    folderId: null,
    documentId: null,
    bytesDone: 0,
    bytesTotal: 0,
    state: 'queued',
    error: null,
    localPath: null,
    ...patch,
  };
}

/** A download just registered (an export's or a service file's unless `patch` says otherwise). */
export function queuedDownload(name: string, patch: Partial<Transfer> = {}): Transfer {
  return queuedTransfer('download', name, patch);
}

/** An upload just registered (a mapping file's unless `patch` says otherwise). */
export function queuedUpload(name: string, patch: Partial<Transfer> = {}): Transfer {
  return queuedTransfer('upload', name, patch);
}
