/**
 * Generated initials images for contacts and companies without a picture: up to two letters on a
 * colour derived from the record's id, rendered from SVG to PNG with sharp (librsvg). The same id
 * and name always give the same bytes.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Up to two upper-case initials of a name's words (`Dana Reyes` → `DR`, `Blue Ridge Manufacturing`
 * → `BR`); words without a letter or digit are skipped; `?` when none is left.
 */
export function initialsOf(...words: string[]): string {
  const letters = words
    .flatMap((w) => w.split(/\s+/))
    .map((w) => w.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((c): c is string => c !== undefined)
    .slice(0, 2)
    .join('');
  return letters ? letters.toLocaleUpperCase('en-US') : '?';
}

/**
 * A background colour (`#rrggbb`) derived from `id`: hue from its SHA-256, fixed saturation and
 * lightness dark enough for white text (contrast ≥ 4.5:1, WCAG 2.1 AA).
 */
export function colourOf(id: string): string {
  const hue = createHash('sha256').update(id).digest().readUInt16BE(0) % 360;
  return hslToHex(hue, 0.55, 0.3);
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The SVG of an initials image `size` pixels square. */
export function initialsSvg(initials: string, colour: string, size: number): string {
  const fontSize = Math.round(size * (initials.length > 1 ? 0.4 : 0.5));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${colour}"/><text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff">${escapeXml(initials)}</text></svg>`;
}

/** Renders an initials image as PNG bytes, `size` pixels square. */
export function renderInitials(initials: string, colour: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(initialsSvg(initials, colour, size)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Scales a stored picture to `size` pixels square (cropped to cover), keeping its format. */
export function resizePicture(bytes: Buffer, format: 'png' | 'jpeg' | 'webp', size: number): Promise<Buffer> {
  return sharp(bytes).resize(size, size, { fit: 'cover' }).toFormat(format).toBuffer();
}
