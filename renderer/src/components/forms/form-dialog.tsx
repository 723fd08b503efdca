/**
 * `FormDialog`: the dialog every record form lives in (contact, company, calendar event), so they
 * all behave alike:
 * - a draft restored from an earlier session says so, with "Discard draft";
 * - Cancel throws away what was typed; Escape and × close and keep it as a draft for next time;
 * - the submit button says "Saving…" while the edit is applied, and is disabled meanwhile;
 * - a message about the whole form shows above the buttons; after a refused save the first field
 *   with a message takes the focus;
 * - the first field takes the focus when the dialog opens.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Dialog } from '../dialog';
import type { FormValues, RecordForm } from './use-record-form';
import './form-dialog.css';
import { FormMessage } from './form-message';

export interface FormDialogProps {
  title: string;
  /** The form's state (`useRecordForm`). */
  form: Pick<RecordForm<FormValues>, 'saving' | 'restoredDraft' | 'formError' | 'discard'>;
  /** The submit button's words ("Save changes", "Create contact"). */
  submitLabel: string;
  /** Validates and saves; resolves true when saved. */
  onSubmit(): Promise<boolean>;
  /** Closes the dialog (the draft is kept unless Cancel discarded it first). */
  onClose(): void;
  /** Notes above the fields (e.g. the service's refusal of the last change). */
  notes?: ReactNode;
  /** Class of the form element (its field layout). */
  className?: string;
  children: ReactNode;
}

/** Renders the dialog with its form. */
export function FormDialog({
  title,
  form,
  submitLabel,
  onSubmit,
  onClose,
  notes,
  className,
  children,
}: FormDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const first = formRef.current?.querySelector<HTMLElement>('input, select, textarea');
    if (first && !formRef.current?.contains(document.activeElement)) first.focus();
  }, []);

  async function submit() {
    if (await onSubmit()) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      actions={
        <>
          {form.restoredDraft ? (
            <button type="button" className="button button-quiet form-dialog-discard" onClick={form.discard}>
              Discard draft
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            onClick={() => {
              form.discard();
              onClose();
            }}
          >
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={form.saving}>
            {form.saving ? 'Saving…' : submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        className={className}
        aria-label={title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {form.restoredDraft ? (
          <p className="form-dialog-note" role="note">
            Restored the changes you had not saved yet. Save them, or discard the draft.
          </p>
        ) : null}
        {notes}
        {children}
        <FormMessage message={form.formError} className="form-dialog-error" />
      </form>
    </Dialog>
  );
}
