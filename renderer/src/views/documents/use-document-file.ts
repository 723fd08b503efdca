/**
 * `useDocumentFile`: Download and Open for one document, shared by the document page and the
 * preview's refusal. Download queues the file with `documents.download` and puts the transfer in the
 * transfers store (docs/ARCHITECTURE.md "Transfers"); Open asks `documents.open` and opens the URL it
 * answers, or keeps the warning it answers for a file that can run code, to be shown before "Open
 * anyway" (`open(true)`; docs/SECURITY.md, "Opening downloaded files").
 */
import { useState } from 'react';
import type { OpenWarning } from '../../../../preload/contract';
import { errorMessage } from '../../lib/errors';
import { openUrl } from '../../lib/safe-href';
import { useBridge, useStores } from '../../stores/stores-context';

/** The document's file actions; failures reach `onError` as a sentence the user can read. */
export function useDocumentFile(documentId: string, onError: (message: string) => void) {
  const bridge = useBridge();
  const { transfers } = useStores();
  const [warning, setWarning] = useState<OpenWarning | null>(null);

  /** Queues the download; true when it started, false when it could not (told to `onError`). */
  async function download(): Promise<boolean> {
    try {
      transfers.getState().upsert([await bridge.call('documents.download', { id: documentId })]);
      return true;
    } catch (reason) {
      onError(`The download could not start: ${errorMessage(reason)}`);
      return false;
    }
  }

  /** Opens the file; `confirm` after the user saw the warning and chose to open it anyway. */
  async function open(confirm = false) {
    setWarning(null);
    try {
      const result = await bridge.call('documents.open', confirm ? { id: documentId, confirm } : { id: documentId });
      if (result.warning) setWarning(result.warning);
      else if (result.url) openUrl(result.url);
    } catch (reason) {
      onError(`The document could not be opened: ${errorMessage(reason)}`);
    }
  }

  return { download, open, warning, dismissWarning: () => setWarning(null) };
}
