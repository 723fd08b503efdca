/**
 * Demo document contents that open in their viewers: PDFs (pdf-lib: a title and a page or two of
 * text), PNGs (pngjs: a generated picture), CSV price lists and plain-text notes.
 */
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

/** Keeps characters the PDF standard fonts can draw (WinAnsi); others become '?'. */
function winAnsi(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** Splits text into lines no wider than `width` points, measuring each word once. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = font.widthOfTextAtSize(' ', size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = font.widthOfTextAtSize(word, size);
    if (line && lineWidth + space + w > width) {
      lines.push(line);
      line = word;
      lineWidth = w;
    } else {
      line = line ? `${line} ${word}` : word;
      lineWidth += (lineWidth ? space : 0) + w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF (A4) with `title` as heading and `paragraphs` as body text; a second page when it overflows. */
export async function makePdf(
  title: string,
  subtitle: string,
  paragraphs: string[],
  createdAt: Date,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(title));
  doc.setAuthor('Blue Ridge Manufacturing');
  doc.setCreator('BRM');
  doc.setProducer('BRM');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [width, height, margin] = [595, 842, 56];
  let page = doc.addPage([width, height]);
  let y = height - margin;
  page.drawRectangle({ x: 0, y: height - 12, width, height: 12, color: rgb(0.12, 0.33, 0.6) });
  for (const line of wrap(winAnsi(title), bold, 20, width - 2 * margin)) {
    page.drawText(line, { x: margin, y: y - 20, size: 20, font: bold, color: rgb(0.1, 0.1, 0.15) });
    y -= 26;
  }
  page.drawText(winAnsi(subtitle), { x: margin, y: y - 14, size: 11, font: regular, color: rgb(0.4, 0.4, 0.45) });
  y -= 40;
  // One drawText per page (lines joined with \n) is several times cheaper than one per line.
  const lineHeight = 15;
  const lines = paragraphs.flatMap((p) => [...wrap(winAnsi(p), regular, 11, width - 2 * margin), '']);
  let top = y;
  while (lines.length) {
    const fit = Math.max(1, Math.floor((top - margin) / lineHeight));
    const chunk = lines.splice(0, fit);
    page.drawText(chunk.join('\n'), {
      x: margin,
      y: top,
      size: 11,
      font: regular,
      lineHeight,
      color: rgb(0.15, 0.15, 0.2),
    });
    if (lines.length) {
      page = doc.addPage([width, height]);
      top = height - margin;
    }
  }
  return doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
}

/** A PNG picture (`width` x `height`): a sky-to-ground gradient with a sun and block "buildings". */
export function makePng(width: number, height: number, random: () => number): Uint8Array {
  const png = new PNG({ width, height });
  const hue = random();
  const sky = [60 + hue * 80, 120 + hue * 60, 200];
  const ground = [70 + random() * 60, 110 + random() * 50, 60];
  const horizon = Math.floor(height * (0.55 + random() * 0.15));
  const sun = { x: width * (0.2 + random() * 0.6), y: height * (0.15 + random() * 0.2), r: height * 0.08 };
  // Per column: the top of the building standing there (horizon when none) and its shade.
  const roof = new Int32Array(width).fill(horizon);
  const shade = new Uint8Array(width);
  for (let n = 6 + Math.floor(random() * 6); n > 0; n--) {
    const x0 = Math.floor(random() * width);
    const w = Math.floor(width * (0.04 + random() * 0.08));
    const top = horizon - Math.floor(height * (0.1 + random() * 0.35));
    const s = 80 + Math.floor(random() * 120);
    for (let x = x0; x < Math.min(width, x0 + w); x++) {
      roof[x] = Math.min(roof[x], top);
      shade[x] = s;
    }
  }
  const data = png.data;
  for (let y = 0; y < height; y++) {
    const t = y < horizon ? (y / horizon) * 0.6 : 1 - ((y - horizon) / (height - horizon)) * 0.4;
    const base = y < horizon ? sky.map((v) => v + (255 - v) * t) : ground.map((v) => v * t);
    const dy2 = (y - sun.y) ** 2;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let c = base;
      if (y < horizon && y >= roof[x]) c = [shade[x], shade[x], shade[x] + 15];
      else if ((x - sun.x) ** 2 + dy2 < sun.r ** 2) c = [250, 215, 90];
      data[i] = c[0];
      data[i + 1] = c[1];
      data[i + 2] = c[2];
      data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png, { filterType: 1 });
}

/** A UTF-8 CSV file (RFC 4180) from a header row and rows; fields are quoted when needed. */
export function makeCsv(rows: Array<Array<string | number>>): Uint8Array {
  const field = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Buffer.from(`${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`, 'utf8');
}

/** A UTF-8 text file. */
export function makeText(lines: string[]): Uint8Array {
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}
