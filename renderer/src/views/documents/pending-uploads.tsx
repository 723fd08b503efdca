/**
 * The banner above a folder's documents while files are on their way into it: "2 files wait to
 * upload" with the reason when they wait for the service (the core keeps them and sends them by
 * itself, docs/ARCHITECTURE.md "Transfers"), or "Uploading 2 files…" while they go. Once they land
 * they are documents of the list and the banner goes.
 */
import { Icon } from '../../components/icon';
import { pluralize } from '../../lib/format';
import { useTransfers } from '../../stores/stores-context';
import { isActive, type TransfersStoreState } from '../../stores/transfers-store';

/** The unfinished uploads into `folderId`, oldest last (the store's order). */
function pendingInto(state: TransfersStoreState, folderId: string) {
  return state.order
    .map((id) => state.byId[id])
    .filter((t) => t !== undefined && t.kind === 'upload' && t.folderId === folderId && isActive(t));
}

/** Renders the banner for `folderId`, or nothing when no upload into it is under way. */
export function PendingUploads({ folderId }: { folderId: string }) {
  const count = useTransfers((state) => pendingInto(state, folderId).length);
  const reason = useTransfers(
    (state) => pendingInto(state, folderId).find((t) => t.state === 'queued' && t.error)?.error ?? null,
  );
  if (count === 0) return null;
  // The core words a reason for one upload ("Waiting for the service — it uploads by itself …"):
  // the banner keeps its first part and speaks of all of them.
  const why = reason
    ? `${reason.split(' — ')[0]}. ${count === 1 ? 'It uploads by itself.' : 'They upload by themselves.'}`
    : null;
  return (
    <div
      className={why ? 'pending-uploads pending-uploads-waiting' : 'pending-uploads'}
      role="status"
      aria-label="Uploads into this folder"
    >
      <Icon name="upload" size={16} />
      <p>
        <strong>
          {why
            ? `${pluralize(count, 'file')} wait${count === 1 ? 's' : ''} to upload`
            : `Uploading ${pluralize(count, 'file')}…`}
        </strong>
        {why ? <span className="pending-uploads-reason">{why}</span> : null}
      </p>
    </div>
  );
}
