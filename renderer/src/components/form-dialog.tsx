/**
 * `FormDialog`: a dialog holding one form, with Cancel and the form's submit button at the bottom
 * (its words change while the action runs, and it is disabled then), and the refusal of the last try
 * under the fields. Enter in a field submits; nothing typed is lost when the action is refused.
 */
import { type ReactNode, useId } from 'react';
import { Dialog, type DialogProps } from './dialog';
import { FormMessage } from './forms/form-message';

export interface FormDialogProps extends Pick<DialogProps, 'title' | 'onClose' | 'size'> {
  /** Shown while true (default: true, for dialogs mounted only while shown). */
  open?: boolean;
  /** The submit button's words ("Save template"), and while busy ("Saving…"). */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** `danger` for an action that cannot be undone. */
  tone?: 'primary' | 'danger';
  /** Called when the form is submitted (button or Enter). */
  onSubmit(): void;
  /** The refusal of the last try, in words. */
  error?: string | null;
  /** The form's fields. */
  children: ReactNode;
  /** A class for the form's layout. */
  formClassName?: string;
}

/** Renders the dialog and its form. */
export function FormDialog({
  open = true,
  title,
  onClose,
  size,
  submitLabel,
  busyLabel,
  busy,
  tone = 'primary',
  onSubmit,
  error = null,
  children,
  formClassName,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      title={title}
      size={size}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={`button button-${tone}`} disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className={formClassName}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <FormMessage message={error} />
      </form>
    </Dialog>
  );
}
