/**
 * The selected document: its fields, its notes, "Download" (progress shown while it runs; offline, or
 * while the service is away, the download waits with the reason and starts by itself when the
 * connection is back, docs/ARCHITECTURE.md "Transfers") and "Open" once the file is on this computer. In browser mode
 * `documents.open` answers with a URL that the page opens. A file that can run code (a program,
 * script, installer…) answers with a warning instead; the page asks first, naming its type, and
 * opens it only when the user chooses "Open anyway" (docs/SECURITY.md). Below: edit, clone,
 * delete and unpack (document-workflow-bar.tsx), the approval (document-approval.tsx), the related
 * documents and the summary.
 */
import { useEffect, useId, useState } from 'react';
import type { DocumentDetail as DocumentDetailData, Transfer } from '../../../../preload/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { Icon } from '../../components/icon';
import { LoadingState } from '../../components/loading-state';
import { useLatestDownload } from '../../components/transfer-state';
import { NotesTimeline } from '../../components/notes/notes-timeline';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatBytes, formatDateTime, percentOf } from '../../lib/format';
import { documentStateLabel } from '../../lib/labels';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { isActive } from '../../stores/transfers-store';
import { DocumentApproval } from './document-approval';
import { DocumentSummary } from './document-summary';
import { DocumentWorkflowBar } from './document-workflow-bar';
import { DocumentPreview } from './preview/document-preview';
import { RelatedDocuments } from './related-documents';
import { useDocumentFile } from './use-document-file';

/** Renders document `id`'s details and actions, or a hint when none is selected. */
export function DocumentDetail({ id }: { id: string | null }) {
  const { data: document, error, reload } = useBridgeQuery('documents.get', id ? { id } : null, ['document']);
  const download = useLatestDownload(id);
  const downloadDone = download?.state === 'done';

  // A finished download sets the document's local path: read it again.
  useEffect(() => {
    if (downloadDone) reload();
  }, [downloadDone, reload]);

  if (!id) {
    return (
      <EmptyState title="No document selected" size="compact">
        Pick a document in the list to see its details, download it and open it.
      </EmptyState>
    );
  }
  if (error && !document)
    return <ErrorBanner message={`The document could not be loaded: ${error}`} onRetry={reload} />;
  if (document === undefined) return <LoadingState label="Loading document…" />;
  if (document === null) {
    return (
      <EmptyState title="This document no longer exists" size="compact">
        It was deleted or moved on the server. Pick another document.
      </EmptyState>
    );
  }
  return <DocumentCard document={document} download={download} />;
}

function DocumentCard({ document, download }: { document: DocumentDetailData; download: Transfer | undefined }) {
  const [actionError, setActionError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const file = useDocumentFile(document.id, setActionError);
  const warning = file.warning;
  const online = useOnline();
  const offlineNoteId = useId();
  const running = download !== undefined && isActive(download);
  const localPath = document.localPath ?? (download?.state === 'done' ? download.localPath : null);

  async function startDownload() {
    setActionError(null);
    setStarting(true);
    await file.download();
    setStarting(false);
  }

  /** Opens the file; a file that can run code comes back with a warning, shown before it opens (`confirm`). */
  async function openDocument(confirm = false) {
    setActionError(null);
    await file.open(confirm);
  }

  return (
    <article className="detail">
      <header className="detail-header-stacked">
        <h2>{document.title}</h2>
        <p className="detail-subline">
          <span className={`pill pill-${document.state}`}>{documentStateLabel[document.state]}</span>
          <span className="muted breakable">{document.name}</span>
          <SyncStateBadge state={document.syncState} />
        </p>
      </header>

      <div className="detail-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void startDownload()}
          disabled={running || starting}
          aria-describedby={online ? undefined : offlineNoteId}
        >
          <Icon name="download" size={16} />
          <span>Download</span>
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void openDocument()}
          disabled={!localPath}
          title={localPath ? `Open ${document.name}` : 'Download the document first'}
        >
          Open
        </button>
        <DocumentPreview document={document} />
      </div>
      {online ? null : (
        <p id={offlineNoteId} className="note">
          You are offline: a download waits and starts by itself when the connection is back. A file already on this
          computer still opens.
        </p>
      )}
      <DownloadState download={download} localPath={localPath} />
      {actionError ? <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} /> : null}
      <ConfirmDialog
        open={warning !== null}
        title={warning ? `Open ${warning.fileName}?` : 'Open this file?'}
        message={warning?.message ?? ''}
        confirmLabel="Open anyway"
        onConfirm={() => void openDocument(true)}
        onCancel={file.dismissWarning}
      />

      <DocumentWorkflowBar document={document} />
      <DocumentApproval document={document} />

      <FieldList
        fields={[
          { label: 'Title', value: document.title },
          { label: 'File name', value: document.name },
          { label: 'Size', value: formatBytes(document.size) },
          { label: 'Type', value: document.contentType },
          { label: 'State', value: documentStateLabel[document.state] },
          { label: 'Owner', value: document.ownerName ?? 'Unknown' },
          { label: 'Created', value: formatDateTime(document.createdAt) },
          { label: 'Updated', value: formatDateTime(document.updatedAt) },
          { label: 'SHA-256', value: <span className="mono breakable">{document.sha256}</span> },
        ]}
      />
      <DocumentSummary id={document.id} />
      <RelatedDocuments id={document.id} />
      <NotesTimeline recordType="document" recordId={document.id} />
    </article>
  );
}

/** One line on the download: progress while it runs, the error if it failed, where it is when saved. */
function DownloadState({ download, localPath }: { download: Transfer | undefined; localPath: string | null }) {
  if (download && isActive(download)) {
    const percent = percentOf(download.bytesDone, download.bytesTotal);
    return (
      <p className="note" aria-live="polite">
        {download.state === 'queued'
          ? `${download.error ?? 'Download waiting to start…'}${download.bytesDone > 0 ? ` ${formatBytes(download.bytesDone)} of ${formatBytes(download.bytesTotal)} so far.` : ''}`
          : `Downloading… ${percent}% (${formatBytes(download.bytesDone)} of ${formatBytes(download.bytesTotal)})`}
      </p>
    );
  }
  if (download?.state === 'failed') {
    return <p className="note note-error">Download failed: {download.error ?? 'try again.'}</p>;
  }
  if (localPath) {
    return (
      <p className="note">
        Saved on this computer: <span className="mono breakable">{localPath}</span>
      </p>
    );
  }
  return <p className="note">Not downloaded yet. Download it to open it.</p>;
}
