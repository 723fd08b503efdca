/** Bridge calls and events of transfers: uploads and downloads with their progress. */
import { z } from 'zod';
import { call, empty } from './common';

/**
 * An upload or a download. Progress in bytes. A `queued` upload is kept on this computer and waits
 * for its turn or for the service (offline, during an outage, or until the same user signs in
 * again), with the reason in `error`; it is sent by itself, also after a restart. A `failed` upload
 * was refused by the service and stays kept until it is sent again (`transfers.retry`) or cancelled.
 */
export interface Transfer {
  id: string;
  kind: 'upload' | 'download';
  name: string;
  folderId: string | null;
  documentId: string | null;
  bytesDone: number;
  bytesTotal: number;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  /** What went wrong and what to do, when `state` is `failed`; why it waits, when a `queued` upload waits for the service. */
  error: string | null;
  /** The downloaded file, when a download is `done`. */
  localPath: string | null;
}

const transferId = z.object({ id: z.string().min(1).max(64) }).strict();

export const transfersCalls = {
  /** The transfers of this app session, plus the uploads still queued or failed from earlier ones. */
  'transfers.list': call<Transfer[]>()(empty),
  /** Cancels a transfer; a queued or failed upload is removed with its kept file. Null when unknown. */
  'transfers.cancel': call<Transfer | null>()(transferId),
  /** Sends a failed upload again (same Idempotency-Key); null when `id` is not a failed upload. */
  'transfers.retry': call<Transfer | null>()(transferId),
} as const;

export interface TransferEvents {
  'transfer.progress': Transfer;
}
