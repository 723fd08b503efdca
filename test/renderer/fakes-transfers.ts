/** Transfers as the fake bridge's handlers answer them, for the renderer tests. */
import type { Transfer } from '../../preload/contract';

/**
 * A download as the core registers it before any byte arrived (`queued`, sizes 0, in no folder and
 * of no document: an export's or a service file's), named `name`, with `patch` laid over it.
 */
export function queuedDownload(name: string, patch: Partial<Transfer> = {}): Transfer {
  return {
    id: crypto.randomUUID(),
    kind: 'download',
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
