/** `ConfirmDialog`: asks before a destructive action ("Delete contact?"), naming what will happen. */
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words. */
  message: string;
  /** Label of the confirming button, a verb ("Delete", "Discard"). */
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Renders the confirmation; the cancel button takes the focus first, so Enter does not destroy by accident. */
export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      size="small"
      actions={
        <>
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a confirmation. */}
          <button type="button" className="button" onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
