/** In-app toasts: `app.notify` messages when desktop notifications are not allowed. Each leaves after 8 s. */
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
    const timer = setTimeout(() => dismissToast(toast.id), toastLifetimeMs);
    return () => clearTimeout(timer);
  }, [toast.id, dismissToast]);
  return (
    <div className="toast">
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        <p className="toast-body">{toast.body}</p>
      </div>
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
