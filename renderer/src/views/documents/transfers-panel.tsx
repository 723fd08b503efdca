/**
 * The transfers panel: every upload and download with its progress bar, state, error and
 * "Cancel" while it runs or waits, plus the files that were refused before they could start. A
 * waiting upload says why it waits ("Waiting for the service — …"); a refused upload offers
 * "Retry" and "Cancel", since the core keeps its file until the user decides.
 */
import type { Transfer } from '../../../../preload/contract';
import { Icon } from '../../components/icon';
import { formatBytes, percentOf, pluralize } from '../../lib/format';
import { transferStateLabel } from '../../lib/labels';
import { useTransfers } from '../../stores/stores-context';
import { awaitsDecision, isActive, isSettled, type Refusal } from '../../stores/transfers-store';

/** Renders the panel (region "Transfers"). */
export function TransfersPanel() {
  const order = useTransfers((state) => state.order);
  const refusals = useTransfers((state) => state.refusals);
  const preparing = useTransfers((state) => state.preparing);
  const error = useTransfers((state) => state.error);
  const clearFinished = useTransfers((state) => state.clearFinished);
  const hasFinished = useTransfers(
    (state) => state.refusals.length > 0 || state.order.some((id) => isSettled(state.byId[id])),
  );
  const empty = order.length === 0 && refusals.length === 0;

  return (
    <section className={empty ? 'transfers transfers-empty' : 'transfers'} aria-label="Transfers">
      <header className="transfers-header">
        <h2>Transfers</h2>
        {preparing > 0 ? <span className="muted">Preparing {pluralize(preparing, 'file')}…</span> : null}
        {empty && preparing === 0 ? (
          <span className="muted">No uploads or downloads yet. Drop files on a folder or use Upload.</span>
        ) : null}
        {hasFinished ? (
          <button type="button" className="button button-small button-quiet" onClick={clearFinished}>
            Clear finished
          </button>
        ) : null}
      </header>
      {error ? (
        <p className="note note-error" role="alert">
          {error}
        </p>
      ) : null}
      {empty ? null : (
        <ul className="transfer-list">
          {refusals.map((refusal) => (
            <RefusalItem key={refusal.id} refusal={refusal} />
          ))}
          {order.map((id) => (
            <TransferItem key={id} id={id} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TransferItem({ id }: { id: string }) {
  const transfer = useTransfers((state) => state.byId[id]);
  const cancel = useTransfers((state) => state.cancel);
  const retry = useTransfers((state) => state.retry);
  if (!transfer) return null;
  const waitReason = transfer.state === 'queued' ? transfer.error : null;
  const percent = transfer.state === 'done' ? 100 : percentOf(transfer.bytesDone, transfer.bytesTotal);
  const nameId = `transfer-name-${transfer.id}`;
  return (
    <li className={`transfer transfer-${transfer.state}`}>
      <span className="transfer-icon" aria-hidden="true">
        <Icon name={transfer.kind === 'upload' ? 'upload' : 'download'} size={16} />
      </span>
      <div className="transfer-main">
        <div className="transfer-line">
          <span className="transfer-name" id={nameId} title={transfer.name}>
            {transfer.name}
          </span>
          <span className="transfer-state">{describe(transfer, percent)}</span>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label={transfer.name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%, ${transferStateLabel[transfer.state]}`}
        >
          <div className="progress-fill" style={{ width: `${percent}%` }} />
        </div>
        {transfer.state === 'failed' && transfer.error ? <p className="transfer-error">{transfer.error}</p> : null}
        {waitReason ? <p className="transfer-note">{waitReason}</p> : null}
      </div>
      {awaitsDecision(transfer) ? (
        <button
          type="button"
          className="button button-small"
          aria-describedby={nameId}
          onClick={() => void retry(transfer.id)}
        >
          Retry
        </button>
      ) : null}
      {isActive(transfer) || awaitsDecision(transfer) ? (
        <button
          type="button"
          className="button button-small"
          aria-describedby={nameId}
          onClick={() => void cancel(transfer.id)}
        >
          Cancel
        </button>
      ) : null}
    </li>
  );
}

function describe(transfer: Transfer, percent: number): string {
  const verb = transfer.kind === 'upload' ? 'Upload' : 'Download';
  switch (transfer.state) {
    case 'queued':
      return `${verb} waiting · ${formatBytes(transfer.bytesTotal)}`;
    case 'running':
      // An export is streamed without a length: only what has arrived is known.
      if (!(transfer.bytesTotal > 0)) return `${formatBytes(transfer.bytesDone)} so far`;
      return `${percent}% · ${formatBytes(transfer.bytesDone)} of ${formatBytes(transfer.bytesTotal)}`;
    case 'done':
      return `${verb}ed · ${formatBytes(transfer.bytesTotal)}`;
    case 'failed':
      return `${verb} failed`;
    case 'cancelled':
      return `${verb} cancelled`;
  }
}

function RefusalItem({ refusal }: { refusal: Refusal }) {
  const dismissRefusal = useTransfers((state) => state.dismissRefusal);
  return (
    <li className="transfer transfer-refused">
      <span className="transfer-icon" aria-hidden="true">
        <Icon name="close" size={16} />
      </span>
      <div className="transfer-main">
        <div className="transfer-line">
          <span className="transfer-name" title={refusal.name}>
            {refusal.name}
          </span>
          <span className="transfer-state">Not uploaded</span>
        </div>
        <p className="transfer-error" role="alert">
          {refusal.reason}
        </p>
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={`Dismiss message about ${refusal.name}`}
        onClick={() => dismissRefusal(refusal.id)}
      >
        <Icon name="close" size={14} />
      </button>
    </li>
  );
}
