/**
 * A PDF drawn page by page on a canvas by pdf.js (pdf-loader.ts, inside the renderer's CSP): one
 * page at a time with Previous / Next (PageUp / PageDown), zoom in and out (+ / -) and fit width (0).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PdfHandle } from './pdf-loader';
import { bytesFromBase64 } from './preview-bytes';
import { usePreviewKeys } from './use-preview-keys';
import { useZoom } from './use-zoom';
import { ZoomControls } from './zoom-controls';

/** Props of `PdfViewer`. */
export interface PdfViewerProps {
  /** The PDF's bytes, base64. */
  base64: string;
  /** The document's file name, for the page's accessible name. */
  name: string;
}

/** Space kept beside a page fitted to the pane's width, CSS pixels. */
const fitMargin = 24;

/** Renders the PDF viewer. */
export function PdfViewer({ base64, name }: PdfViewerProps) {
  const [pdf, setPdf] = useState<PdfHandle | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageWidth, setPageWidth] = useState(0);
  const [paneWidth, setPaneWidth] = useState(0);
  const [drawn, setDrawn] = useState(0);
  const pane = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let current = true;
    let opened: PdfHandle | null = null;
    setPdf(null);
    setFailure(null);
    setPageNumber(1);
    import('./pdf-loader')
      .then(({ openPdf }) => openPdf(bytesFromBase64(base64)))
      .then(
        (handle) => {
          opened = handle;
          if (current) setPdf(handle);
          else handle.close();
        },
        (reason: unknown) => {
          if (!current) return;
          setFailure(
            (reason as { name?: unknown } | null)?.name === 'PasswordException'
              ? 'This PDF is protected by a password, so it cannot be previewed. Download it and open it with your PDF reader.'
              : 'This PDF could not be read, so it cannot be previewed. Download it and open it with your PDF reader.',
          );
        },
      );
    return () => {
      current = false;
      opened?.close();
    };
  }, [base64]);

  useEffect(() => {
    const element = pane.current;
    if (!element) return;
    const measure = () => setPaneWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf) return;
    let current = true;
    void pdf.pageWidth(pageNumber).then((width) => current && setPageWidth(width));
    return () => {
      current = false;
    };
  }, [pdf, pageNumber]);

  const fitFactor = useCallback(
    () => (pageWidth > 0 && paneWidth > fitMargin ? (paneWidth - fitMargin) / pageWidth : 1),
    [pageWidth, paneWidth],
  );
  const { zoom, zoomIn, zoomOut, fit, factor } = useZoom(fitFactor);
  const scale = factor();

  useEffect(() => {
    const target = canvas.current;
    if (!pdf || !target || pageWidth === 0) return;
    const task = pdf.renderPage(pageNumber, target, scale, window.devicePixelRatio || 1);
    task.promise.then(
      () => setDrawn(pageNumber),
      () => undefined,
    );
    return () => task.cancel();
  }, [pdf, pageNumber, scale, pageWidth]);

  const pageCount = pdf?.pageCount ?? 0;
  const previousPage = () => setPageNumber((n) => Math.max(1, n - 1));
  const nextPage = () => setPageNumber((n) => Math.min(pageCount, n + 1));
  usePreviewKeys({ zoomIn, zoomOut, fit, previousPage, nextPage });

  const pageLabel = `Page ${pageNumber} of ${pageCount} of ${name}`;
  if (failure) return <p className="note note-error">{failure}</p>;
  return (
    <div className="preview-viewer">
      <div className="preview-toolbar">
        <div className="preview-pages">
          <button
            type="button"
            className="button button-small"
            onClick={previousPage}
            disabled={pageNumber <= 1}
            title="Previous page (PageUp)"
          >
            Previous page
          </button>
          <span aria-live="polite">{pdf ? `Page ${pageNumber} of ${pageCount}` : 'Opening the PDF…'}</span>
          <button
            type="button"
            className="button button-small"
            onClick={nextPage}
            disabled={pageNumber >= pageCount}
            title="Next page (PageDown)"
          >
            Next page
          </button>
        </div>
        <ZoomControls zoom={zoom} factor={scale} zoomIn={zoomIn} zoomOut={zoomOut} fit={fit} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroller takes the focus so the keyboard can scroll a zoomed page. */}
      <section ref={pane} className="preview-stage preview-stage-pdf" tabIndex={0} aria-label={pageLabel}>
        <canvas ref={canvas} data-drawn-page={drawn || undefined} />
      </section>
    </div>
  );
}
