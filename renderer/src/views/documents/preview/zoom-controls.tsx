/** The zoom buttons of a preview toolbar: Zoom out, the zoom in percent, Zoom in, Fit width. */
import type { Zoom } from './use-zoom';

/** Props of `ZoomControls`. */
export interface ZoomControlsProps {
  zoom: Zoom;
  /** The factor shown now (what "fit" amounts to when fitting). */
  factor: number;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}

/** Renders the zoom buttons with their keys in their titles. */
export function ZoomControls({ zoom, factor, zoomIn, zoomOut, fit }: ZoomControlsProps) {
  return (
    <div className="preview-zoom">
      <button type="button" className="button button-small" onClick={zoomOut} title="Zoom out (-)">
        Zoom out
      </button>
      <span className="preview-zoom-value" aria-live="polite">
        {`${Math.round(factor * 100)}%`}
      </span>
      <button type="button" className="button button-small" onClick={zoomIn} title="Zoom in (+)">
        Zoom in
      </button>
      <button
        type="button"
        className="button button-small"
        onClick={fit}
        aria-pressed={zoom === 'fit'}
        title="Fit the width of the pane (0)"
      >
        Fit width
      </button>
    </div>
  );
}
