/**
 * The Preview button of a document's page: opens the preview dialog (preview-dialog.tsx), and gives
 * the focus back to the button when it closes.
 */
import { useEffect, useRef, useState } from 'react';
import type { DocumentDetail } from '../../../../../preload/contract';
import { PreviewDialog } from './preview-dialog';

/** Renders the Preview button and, while open, the dialog. */
export function DocumentPreview({ document }: { document: DocumentDetail }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button"
        onClick={() => setOpen(true)}
        title={`Preview ${document.name} here`}
        aria-haspopup="dialog"
      >
        Preview
      </button>
      {open ? <PreviewDialog document={document} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
