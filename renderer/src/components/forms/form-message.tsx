/** `FormMessage`: a message about a form or an action that failed, read out when it appears (nothing when empty). */

/** Renders `message` as an alert, or nothing when it is null or empty. */
export function FormMessage({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `form-field-error ${className}` : 'form-field-error'} role="alert">
      {message}
    </p>
  );
}
