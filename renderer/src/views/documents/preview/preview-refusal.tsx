/**
 * What the preview shows for a document it does not draw (a type it cannot show, or too large):
 * the core's words, and Download, or Open once the file is on this computer. A file that can run
 * code comes back from `documents.open` with a warning, shown here before "Open anyway"
 * (docs/SECURITY.md, "Opening downloaded files").
 */
import { useState } from 'react';
import type { DocumentDetail } from '../../../../../preload/contract';
import { needsServiceMessage, useOnline } from '../../../lib/use-online';
import { useDocumentFile } from '../use-document-file';

/** Props of `PreviewRefusal`. */
export interface PreviewRefusalProps {
  document: DocumentDetail;
  /** Why it is not previewed, in the core's words. */
  refusal: string;
}

/** Renders the refusal with Download / Open. */
export function PreviewRefusal({ document, refusal }: PreviewRefusalProps) {
  const online = useOnline();
  const [note, setNote] = useState<string | null>(null);
  const file = useDocumentFile(document.id, setNote);
  const warning = file.warning;

  async function download() {
    setNote(null);
    if (await file.download()) setNote('The download has started; it shows on the document page and under Transfers.');
  }

  async function open(confirm: boolean) {
    setNote(null);
    await file.open(confirm);
  }

  return (
    <div className="preview-refusal">
      <p>{refusal}</p>
      <div className="detail-actions">
        {document.localPath ? (
          <button type="button" className="button button-primary" onClick={() => void open(false)}>
            Open {document.name}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            onClick={() => void download()}
            title={online ? undefined : needsServiceMessage}
          >
            Download {document.name}
          </button>
        )}
      </div>
      {warning ? (
        <div className="preview-warning" role="alert">
          <p>{warning.message}</p>
          <button type="button" className="button button-small" onClick={() => void open(true)}>
            Open anyway
          </button>
        </div>
      ) : null}
      {note ? (
        <p className="note" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
