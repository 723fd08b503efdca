/**
 * The preview dialog of a document (docs/SECURITY.md, "Document previews"): asks the core for the
 * preview (`documents.preview`) and shows it with the renderer's own viewers, within the page's
 * Content Security Policy: a PDF drawn on a canvas, an image from a `data:` URL, text as text. Says
 * where a preview came from when that matters (the kept copy while offline, with its age), and
 * what to do when there is none. Escape or Close closes it.
 */
import type { DocumentDetail, DocumentPreview } from '../../../../../preload/contract';
import { Dialog } from '../../../components/dialog';
import { LoadingState } from '../../../components/loading-state';
import { formatAgo, formatDateTime } from '../../../lib/format';
import { useBridgeQuery } from '../../../lib/use-bridge-query';
import { useOnline } from '../../../lib/use-online';
import { useReloadOnReconnect } from '../../../lib/use-reload-on-reconnect';
import { ImageViewer } from './image-viewer';
import { PdfViewer } from './pdf-viewer';
import { PreviewRefusal } from './preview-refusal';
import { TextViewer } from './text-viewer';
import './preview.css';

/** Props of `PreviewDialog`. */
export interface PreviewDialogProps {
  document: DocumentDetail;
  onClose(): void;
}

/** Where a shown preview came from, in words; null when it needs no words (fresh from the service). */
function originWords(preview: DocumentPreview, online: boolean): string | null {
  if (preview.source === 'download') return 'Shown from the file downloaded on this computer.';
  if (preview.source !== 'kept' || !preview.fetchedAt) return null;
  return online ? null : `You are offline: this is the preview kept on this computer ${formatAgo(preview.fetchedAt)}.`;
}

/** The viewer of a shown preview. */
function Viewer({ preview, document }: { preview: DocumentPreview; document: DocumentDetail }) {
  const base64 = preview.base64 ?? '';
  if (preview.kind === 'pdf') return <PdfViewer base64={base64} name={preview.name} />;
  if (preview.kind === 'image')
    return <ImageViewer base64={base64} contentType={preview.contentType} alt={document.title} />;
  return <TextViewer base64={base64} name={preview.name} shownBytes={preview.shownBytes} size={preview.size} />;
}

/** Renders the dialog; it asks for the preview when it opens. */
export function PreviewDialog({ document, onClose }: PreviewDialogProps) {
  const online = useOnline();
  const { data: preview, error, loading, reload } = useBridgeQuery('documents.preview', { id: document.id });
  useReloadOnReconnect(reload);
  const origin = preview && preview.base64 !== null ? originWords(preview, online) : null;

  return (
    <Dialog
      title={`Preview of ${document.title}`}
      open
      onClose={onClose}
      size="large"
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="preview-body">
        {error && !preview ? (
          <div className="preview-refusal">
            <p className="note note-error" role="alert">
              {error}
            </p>
            {online ? (
              <button type="button" className="button" onClick={reload} disabled={loading}>
                Try again
              </button>
            ) : (
              <p className="note">It is asked for again by itself when the connection is back.</p>
            )}
          </div>
        ) : !preview ? (
          <LoadingState label={`Loading the preview of ${document.name}…`} />
        ) : preview.refusal !== null || preview.base64 === null ? (
          <PreviewRefusal document={document} refusal={preview.refusal ?? 'This document cannot be previewed here.'} />
        ) : (
          <>
            {origin ? (
              <p
                className="note"
                title={preview.fetchedAt ? `Fetched ${formatDateTime(preview.fetchedAt)}` : undefined}
              >
                {origin}
              </p>
            ) : null}
            <Viewer preview={preview} document={document} />
            <p className="preview-keys muted">
              {preview.kind === 'pdf' ? 'PageUp and PageDown turn pages; ' : ''}
              {preview.kind === 'text' ? '' : '+ and - zoom, 0 fits the width; '}Escape closes the preview.
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}
