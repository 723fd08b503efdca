/**
 * Renders the first page of a PDF to a PNG with pdf.js (`pdfjs-dist`, its legacy build, which runs on
 * Node 20) drawing on `@napi-rs/canvas`. No fonts or files are fetched from outside: the standard
 * fonts ship with pdfjs-dist and are read from disk, and `eval` stays off.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const resolveFromHere = createRequire(import.meta.url).resolve;
const standardFontDataUrl = `${join(dirname(resolveFromHere('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Renders page 1 of the PDF `data` so that its longer side is `longSide` pixels, on white.
 * Returns PNG bytes. Throws (pdf.js errors) when the bytes are not a readable PDF.
 */
export async function renderPdfFirstPage(data: Uint8Array, longSide: number): Promise<Buffer> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl,
    verbosity: 0,
  }).promise;
  try {
    const page = await pdf.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: longSide / Math.max(natural.width, natural.height) });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    // pdf.js made the factory over @napi-rs/canvas (its Node default); its types name DOM canvases.
    const factory = pdf.canvasFactory as { create(w: number, h: number): { canvas: unknown; context: unknown } };
    const { canvas, context } = factory.create(width, height);
    type RenderParameters = Parameters<typeof page.render>[0];
    await page.render({
      canvasContext: context as RenderParameters['canvasContext'],
      canvas: canvas as RenderParameters['canvas'],
      viewport,
    }).promise;
    const png = (canvas as { toBuffer(mime: 'image/png'): Buffer }).toBuffer('image/png');
    return png;
  } finally {
    await pdf.destroy();
  }
}
