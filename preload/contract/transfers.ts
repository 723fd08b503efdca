/** Bridge calls and events of transfers: uploads and downloads with their progress. */
import { z } from 'zod';
import { call, empty } from './common';

/** An upload or a download. Progress in bytes. `queued` uploads wait for the service (offline or after an outage). */
export interface Transfer {
  id: string;
  kind: 'upload' | 'download';
  name: string;
  folderId: string | null;
  documentId: string | null;
  bytesDone: number;
  bytesTotal: number;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  /** What went wrong and what to do, when `state` is `failed` (or why a queued one waits). */
  error: string | null;
  /** The downloaded file, when a download is `done`. */
  localPath: string | null;
}

export const transfersCalls = {
  'transfers.list': call<Transfer[]>()(empty),
  'transfers.cancel': call<Transfer | null>()(z.object({ id: z.string().min(1).max(64) }).strict()),
} as const;

export interface TransferEvents {
  'transfer.progress': Transfer;
}
