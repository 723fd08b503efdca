/**
 * An image drawn from a `data:` URL (the CSP allows `img-src data:`), SVG too: as an `<img>` an SVG
 * runs no script and loads nothing. Zoom in and out (+ / -), fit width (0).
 */
import { useCallback, useRef, useState } from 'react';
import { imageDataUrl } from './preview-bytes';
import { usePreviewKeys } from './use-preview-keys';
import { useZoom } from './use-zoom';
import { ZoomControls } from './zoom-controls';

/** Props of `ImageViewer`. */
export interface ImageViewerProps {
  base64: string;
  contentType: string;
  /** The image's words for screen readers (the document's title). */
  alt: string;
}

/** Renders the image viewer. */
export function ImageViewer({ base64, contentType, alt }: ImageViewerProps) {
  const pane = useRef<HTMLElement>(null);
  const [natural, setNatural] = useState({ width: 0, height: 0 });
  const [broken, setBroken] = useState(false);
  const fitFactor = useCallback(() => {
    const paneWidth = pane.current?.clientWidth ?? 0;
    return natural.width > 0 && paneWidth > 0 ? Math.min(1, (paneWidth - 24) / natural.width) : 1;
  }, [natural.width]);
  const { zoom, zoomIn, zoomOut, fit, factor } = useZoom(fitFactor);
  usePreviewKeys({ zoomIn, zoomOut, fit });
  const scale = factor();

  if (broken)
    return (
      <p className="note note-error">This image could not be drawn. Download it and open it with an image viewer.</p>
    );
  return (
    <div className="preview-viewer">
      <div className="preview-toolbar">
        <span className="muted">
          {natural.width > 0 ? `${natural.width} × ${natural.height} pixels` : 'Drawing the image…'}
        </span>
        <ZoomControls zoom={zoom} factor={scale} zoomIn={zoomIn} zoomOut={zoomOut} fit={fit} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroller takes the focus so the keyboard can scroll a zoomed image. */}
      <section ref={pane} className="preview-stage preview-stage-image" tabIndex={0} aria-label={`Image ${alt}`}>
        <img
          src={imageDataUrl(contentType, base64)}
          alt={alt}
          className={zoom === 'fit' ? 'preview-image-fit' : undefined}
          width={zoom === 'fit' || natural.width === 0 ? undefined : Math.round(natural.width * scale)}
          onLoad={(event) =>
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
          onError={() => setBroken(true)}
        />
      </section>
    </div>
  );
}
