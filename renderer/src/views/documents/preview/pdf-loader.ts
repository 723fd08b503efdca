/**
 * Opens PDF bytes with pdf.js (`pdfjs-dist`) inside the renderer's Content Security Policy
 * (docs/SECURITY.md, "Document previews"): its worker is one of the app's own built files (the
 * `?url` import makes Vite emit it next to the bundle, so `script-src 'self'` covers it), `eval` is
 * off (`isEvalSupported: false`), nothing is fetched (the bytes are given, no font or wasm URL is
 * set: fonts a PDF does not embed are drawn with the system's), and no XFA form or script runs.
 * Loaded on first use only, so the app's start does not pay for pdf.js.
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask, VerbosityLevel } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** An open PDF: its page count, page sizes and page drawing. */
export interface PdfHandle {
  pageCount: number;
  /** The natural width of page `pageNumber` (1-based), CSS pixels at zoom 1. */
  pageWidth(pageNumber: number): Promise<number>;
  /**
   * Draws page `pageNumber` (1-based) on `canvas` at `scale` (1 = natural size), sharp on screens of
   * `pixelRatio`. Resolves when drawn; `cancel()` of the returned task stops it (it then rejects).
   */
  renderPage(
    pageNumber: number,
    canvas: HTMLCanvasElement,
    scale: number,
    pixelRatio: number,
  ): { promise: Promise<void>; cancel(): void };
  /** Frees the document and its worker. */
  close(): void;
}

/** Opens `bytes` as a PDF. Rejects with pdf.js's error when they are not a readable PDF. */
export async function openPdf(bytes: Uint8Array): Promise<PdfHandle> {
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: true,
    verbosity: VerbosityLevel.ERRORS,
  });
  const pdf: PDFDocumentProxy = await task.promise;
  return {
    pageCount: pdf.numPages,
    async pageWidth(pageNumber) {
      const page = await pdf.getPage(pageNumber);
      return page.getViewport({ scale: 1 }).width;
    },
    renderPage(pageNumber, canvas, scale, pixelRatio) {
      let render: RenderTask | null = null;
      let cancelled = false;
      const promise = pdf.getPage(pageNumber).then(async (page) => {
        if (cancelled) throw new Error('cancelled');
        const viewport = page.getViewport({ scale });
        canvas.width = Math.max(1, Math.floor(viewport.width * pixelRatio));
        canvas.height = Math.max(1, Math.floor(viewport.height * pixelRatio));
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        render = page.render({
          canvas,
          viewport,
          transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
        });
        await render.promise;
      });
      return {
        promise,
        cancel() {
          cancelled = true;
          render?.cancel();
        },
      };
    },
    close() {
      void task.destroy();
    },
  };
}
