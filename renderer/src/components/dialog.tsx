/**
 * `Dialog`: a modal dialog on the native `<dialog>` element (showModal gives the focus trap, Escape
 * and the inert page behind it), with a title, a body and a row of actions. Closing by Escape or
 * the close button calls `onClose`.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  title: string;
  /** Shown while true. */
  open: boolean;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom (primary last). */
  actions?: ReactNode;
  /** Width: 'small' (confirmations), 'medium' (forms, default), 'large' (side-by-side comparisons). */
  size?: 'small' | 'medium' | 'large';
}

/** Renders the dialog while `open`. */
export function Dialog({ title, open, onClose, children, actions, size = 'medium' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal; a plain open attribute is enough for tests there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="dialog-body">{children}</div>
      {actions ? <footer className="dialog-actions">{actions}</footer> : null}
    </dialog>
  );
}
