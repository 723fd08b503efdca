/**
 * `Content-Disposition: attachment` (RFC 6266) with an ASCII `filename` fallback and the exact name
 * in `filename*` (RFC 8187, UTF-8 percent-encoding).
 */
import { stripNameCharacters } from '../../api/name-characters';

/** The Content-Disposition value for downloading a file named `name`. */
export function attachmentDisposition(name: string): string {
  return dispositionOf('attachment', name);
}

/** The Content-Disposition value for showing a file named `name` in place (View Document). */
export function inlineDisposition(name: string): string {
  return dispositionOf('inline', name);
}

function dispositionOf(type: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Makes an uploaded file name safe to store: drops any directory part, control characters, line
 * separators and invisible text-direction marks (`api/name-characters.ts`; a name is cleaned, not
 * refused, because it comes from the sender's file system), normalizes it to NFC, trims it and caps it
 * at 255 characters (keeping the extension). Returns '' when nothing is left.
 */
export function sanitizeFileName(raw: string): string {
  // Browsers send `"`, CR and LF in multipart file names as %22, %0D and %0A (WHATWG HTML,
  // "multipart/form-data encoding algorithm"); undo that first.
  const decoded = raw.replace(/%22/g, '"').replace(/%0[ad]/gi, '');
  const base = decoded.split(/[/\\]/).pop() ?? '';
  const clean = stripNameCharacters(base.normalize('NFC')).trim();
  if (clean === '.' || clean === '..') return '';
  if (clean.length <= 255) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return clean.slice(0, 255 - ext.length) + ext;
}
