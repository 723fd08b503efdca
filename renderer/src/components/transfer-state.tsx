/**
 * One line on a download the user started from a record's page: waiting (with the reason),
 * progress while it runs, where the file is once saved, or why it failed, in words. The transfer
 * is read from the transfers store (`transfer.progress`), so the line follows it live; the same
 * transfer is listed under Transfers in the Documents view.
 */
import type { Transfer } from '../../../preload/contract';
import { formatBytes, percentOf } from '../lib/format';
import { useTransfers } from '../stores/stores-context';

/** The transfer `id` as the store has it now; undefined when `id` is null or unknown. */
export function useTransfer(id: string | null): Transfer | undefined {
  return useTransfers((state) => (id ? state.byId[id] : undefined));
}

/** The most recent download of `documentId` (a document, or an e-mail attachment by its id), if any; none for null. */
export function useLatestDownload(documentId: string | null): Transfer | undefined {
  return useTransfers((state) => {
    if (documentId === null) return undefined;
    for (const transferId of state.order) {
      const transfer = state.byId[transferId];
      if (transfer.kind === 'download' && transfer.documentId === documentId) return transfer;
    }
    return undefined;
  });
}

/** The words of `transfer`'s state: "Downloading… 40% (4 MB of 10 MB)", "Saved on this computer: …", "Download failed: …". */
export function transferWords(transfer: Transfer): string {
  switch (transfer.state) {
    case 'queued':
      return transfer.error ?? 'Waiting to start…';
    case 'running':
      return transfer.bytesTotal > 0
        ? `Downloading… ${percentOf(transfer.bytesDone, transfer.bytesTotal)}% (${formatBytes(transfer.bytesDone)} of ${formatBytes(transfer.bytesTotal)})`
        : `Downloading… ${formatBytes(transfer.bytesDone)} so far`;
    case 'done':
      return `Saved on this computer: ${transfer.localPath ?? transfer.name}`;
    case 'failed':
      return `Download failed: ${transfer.error ?? 'try again.'}`;
    case 'cancelled':
      return 'Download cancelled.';
  }
}

/** Renders the state of transfer `id` in words, or nothing when there is none. */
export function TransferState({ id }: { id: string | null }) {
  const transfer = useTransfer(id);
  if (!transfer) return null;
  return (
    <p className={transfer.state === 'failed' ? 'note note-error' : 'note'} aria-live="polite">
      {transferWords(transfer)}
    </p>
  );
}
