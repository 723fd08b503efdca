/** `ErrorBanner`: an error the user should read (role="alert"), with optional retry and dismiss. */

export interface ErrorBannerProps {
  /** What happened and what to do. */
  message: string;
  onRetry?: () => void;
  /** Label of the retry button (default "Try again"). */
  retryLabel?: string;
  onDismiss?: () => void;
}

/** Renders the error message with its buttons. */
export function ErrorBanner({ message, onRetry, retryLabel = 'Try again', onDismiss }: ErrorBannerProps) {
  return (
    <div className="error-banner" role="alert">
      <span className="error-banner-icon" aria-hidden="true">
        !
      </span>
      <p className="error-banner-message">{message}</p>
      {onRetry ? (
        <button type="button" className="button button-small" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
      {onDismiss ? (
        <button type="button" className="button button-small button-quiet" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
