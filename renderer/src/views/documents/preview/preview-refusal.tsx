/**
 * What the preview shows for a document it does not draw (a type it cannot show, or too large):
 * the core's words, and Download, or Open once the file is on this computer. A file that can run
 * code comes back from `documents.open` with a warning, shown here before "Open anyway"
 * (docs/SECURITY.md, "Opening downloaded files").
 */
import { useState } from 'react';
import type { DocumentDetail, OpenWarning } from '../../../../../preload/contract';
import { errorMessage } from '../../../lib/errors';
import { needsServiceMessage, useOnline } from '../../../lib/use-online';
import { useBridge, useStores } from '../../../stores/stores-context';

/** Props of `PreviewRefusal`. */
export interface PreviewRefusalProps {
  document: DocumentDetail;
  /** Why it is not previewed, in the core's words. */
  refusal: string;
}

/** Renders the refusal with Download / Open. */
export function PreviewRefusal({ document, refusal }: PreviewRefusalProps) {
  const bridge = useBridge();
  const { transfers } = useStores();
  const online = useOnline();
  const [note, setNote] = useState<string | null>(null);
  const [warning, setWarning] = useState<OpenWarning | null>(null);

  async function download() {
    setNote(null);
    try {
      transfers.getState().upsert([await bridge.call('documents.download', { id: document.id })]);
      setNote('The download has started; it shows on the document page and under Transfers.');
    } catch (reason) {
      setNote(`The download could not start: ${errorMessage(reason)}`);
    }
  }

  async function open(confirm: boolean) {
    setNote(null);
    setWarning(null);
    try {
      const result = await bridge.call('documents.open', confirm ? { id: document.id, confirm } : { id: document.id });
      if (result.warning) setWarning(result.warning);
      else if (result.url) window.open(result.url, '_blank', 'noopener');
    } catch (reason) {
      setNote(`The document could not be opened: ${errorMessage(reason)}`);
    }
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
