/** `LoadingState`: a spinner and a line saying what is loading. */

/** Renders "`label`" with a spinner; the container is marked busy for assistive technology. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="loading-state" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
