/**
 * In-app toasts: `app.notify` messages when desktop notifications are not allowed, and short
 * confirmations with an action ("Undo"). Each leaves after its duration (8 s unless it says otherwise).
 */
import { useEffect } from 'react';
import { Icon } from '../../components/icon';
import { useUi } from '../../stores/stores-context';
import type { Toast } from '../../stores/ui-store';

const toastLifetimeMs = 8_000;

/** Renders the toast stack (a polite live region). */
export function Toasts() {
  const toasts = useUi((state) => state.toasts);
  return (
    <section className="toasts" aria-label="Messages" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dismissToast = useUi((state) => state.dismissToast);
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs ?? toastLifetimeMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, dismissToast]);
  return (
    <div className="toast">
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        <p className="toast-body">{toast.body}</p>
      </div>
      {toast.action ? (
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            toast.action?.run();
            dismissToast(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="icon-button"
        aria-label={`Close message: ${toast.title}`}
        onClick={() => dismissToast(toast.id)}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
