/**
 * An e-mail's attachments (`emails.attachments`, `getEmailAttachments`), by file name with their type
 * and size: "Download" puts one in the durable download queue (`emails.downloadAttachment`; the file
 * is taken out of the message and checked against the attachment's size and SHA-256; progress here
 * and under Transfers), "Open" opens it once on this computer (`emails.openAttachment`). A file that
 * can run code is opened only after a warning naming its type, as documents are (docs/SECURITY.md).
 * Offline a download waits with its reason and starts by itself when the connection is back; a
 * downloaded attachment still opens.
 */
import { useEffect, useState } from 'react';
import type { EmailAttachmentRow, OpenWarning } from '../../../../preload/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { KeptAgeNote } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { TransferState, useLatestDownload } from '../../components/transfer-state';
import { errorMessage } from '../../lib/errors';
import { formatBytes } from '../../lib/format';
import { openUrl } from '../../lib/safe-href';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useBridge, useStores } from '../../stores/stores-context';
import { isActive } from '../../stores/transfers-store';

/** Renders the attachments of e-mail `emailId`. */
export function EmailAttachments({ emailId }: { emailId: string }) {
  const { data, error, reload } = useBridgeQuery('emails.attachments', { emailId });
  const online = useOnline();
  return (
    <section className="email-attachments" aria-label="Attachments">
      <h3 className="company-section-title">Attachments</h3>
      {error && !data ? (
        <ErrorBanner message={`The attachments could not be loaded: ${error}`} onRetry={reload} />
      ) : null}
      {!data && !error ? <LoadingState label="Loading attachments…" /> : null}
      {data ? <KeptAgeNote subject="Attachments" fetchedAt={data.fetchedAt} /> : null}
      {data && data.value === null ? (
        <p className="muted">Not fetched yet: the attachments show once the service can be reached.</p>
      ) : null}
      {online ? null : (
        <p className="note">
          You are offline: an attachment you download waits and starts by itself when the connection is back.
          Attachments already on this computer still open.
        </p>
      )}
      {data?.value ? (
        <ul className="email-attachment-list">
          {data.value.map((attachment) => (
            <AttachmentItem key={attachment.id} emailId={emailId} attachment={attachment} onSaved={reload} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

interface AttachmentItemProps {
  emailId: string;
  attachment: EmailAttachmentRow;
  /** A download of it ended saved: the list is read again for its place on this computer. */
  onSaved(): void;
}

/** One attachment: its name, type and size, Download, Open, and the state of its download. */
function AttachmentItem({ emailId, attachment, onSaved }: AttachmentItemProps) {
  const bridge = useBridge();
  const { transfers } = useStores();
  const [actionError, setActionError] = useState<string | null>(null);
  const [warning, setWarning] = useState<OpenWarning | null>(null);
  const transfer = useLatestDownload(attachment.id);
  const running = transfer !== undefined && isActive(transfer);
  const saved = transfer?.state === 'done';
  const ref = { emailId, attachmentId: attachment.id };

  useEffect(() => {
    if (saved) onSaved();
  }, [saved, onSaved]);

  async function download() {
    setActionError(null);
    try {
      transfers.getState().upsert([await bridge.call('emails.downloadAttachment', ref)]);
    } catch (reason) {
      setActionError(`${attachment.fileName} could not be downloaded: ${errorMessage(reason)}`);
    }
  }

  async function open(confirm = false) {
    setActionError(null);
    setWarning(null);
    try {
      const result = await bridge.call('emails.openAttachment', confirm ? { ...ref, confirm } : ref);
      if (result.warning) setWarning(result.warning);
      else if (result.url) openUrl(result.url);
    } catch (reason) {
      setActionError(`${attachment.fileName} could not be opened: ${errorMessage(reason)}`);
    }
  }

  const onComputer = attachment.localPath !== null || saved;
  return (
    <li className="email-attachment">
      <div className="email-attachment-name">
        <span className="breakable">{attachment.fileName}</span>
        <span className="company-table-sub">
          {attachment.contentType} · {formatBytes(attachment.size)}
          {onComputer ? ' · on this computer' : ''}
        </span>
      </div>
      <div className="email-attachment-actions">
        <button
          type="button"
          className="button button-small"
          disabled={running}
          aria-label={`Download ${attachment.fileName}`}
          onClick={() => void download()}
        >
          Download
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={!onComputer}
          aria-label={`Open ${attachment.fileName}`}
          title={onComputer ? undefined : 'Download the attachment first'}
          onClick={() => void open()}
        >
          Open
        </button>
      </div>
      <TransferState id={transfer?.id ?? null} />
      {actionError ? <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} /> : null}
      <ConfirmDialog
        open={warning !== null}
        title={warning ? `Open ${warning.fileName}?` : 'Open this file?'}
        message={warning?.message ?? ''}
        confirmLabel="Open anyway"
        onConfirm={() => void open(true)}
        onCancel={() => setWarning(null)}
      />
    </li>
  );
}
