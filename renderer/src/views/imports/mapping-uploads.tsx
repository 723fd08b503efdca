/**
 * The import mapping files sent through the durable upload queue (`pim.uploadMapping`): uploads
 * that belong to no folder. Each says where it stands in words: waiting (with the reason, e.g. the
 * service cannot be reached: it goes by itself later), being sent, in the list, or refused in the
 * service's words with "Try again" (same Idempotency-Key) and "Remove".
 */
import { useEffect, useMemo } from 'react';
import type { Transfer } from '../../../../preload/contract';
import { useTransfers } from '../../stores/stores-context';

/** The mapping uploads the transfer store knows, newest first (cancelled ones left out). */
export function useMappingUploads(): Transfer[] {
  const order = useTransfers((state) => state.order);
  const byId = useTransfers((state) => state.byId);
  return useMemo(
    () =>
      order
        .map((id) => byId[id])
        .filter((t) => t && t.kind === 'upload' && t.folderId === null && t.state !== 'cancelled'),
    [order, byId],
  );
}

/** The words of a mapping upload's state. */
function uploadWords(transfer: Transfer): string {
  switch (transfer.state) {
    case 'queued':
      return transfer.error ?? 'Waiting to be sent…';
    case 'running':
      return 'Sending…';
    case 'done':
      return 'Uploaded: it is in the list of mappings.';
    case 'failed':
      return `Not uploaded. ${transfer.error ?? ''}`;
    default:
      return '';
  }
}

/** Lists the mapping uploads; calls `onLanded` when one more of them is done. */
export function MappingUploads({ onLanded }: { onLanded(): void }) {
  const retry = useTransfers((state) => state.retry);
  const cancel = useTransfers((state) => state.cancel);
  const uploads = useMappingUploads();
  const landed = uploads.filter((t) => t.state === 'done').length;
  useEffect(() => {
    if (landed > 0) onLanded();
  }, [landed, onLanded]);
  if (uploads.length === 0) return null;

  return (
    <ul className="mapping-uploads" aria-label="Mapping files sent">
      {uploads.slice(0, 5).map((transfer) => (
        <li key={transfer.id} className={transfer.state === 'failed' ? 'note note-error' : 'note'}>
          <strong>{transfer.name}</strong>: <span aria-live="polite">{uploadWords(transfer)}</span>
          {transfer.state === 'failed' ? (
            <span className="button-row">
              <button type="button" className="button" onClick={() => void retry(transfer.id)}>
                Try again
              </button>
              <button type="button" className="button" onClick={() => void cancel(transfer.id)}>
                Remove
              </button>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
