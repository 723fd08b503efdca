/**
 * Which of the renderer's viewers shows a document (docs/SECURITY.md, "Document previews"), from
 * its media type (the one the service states, api/openapi.yaml `Document.contentType`), and the
 * words for documents that are not shown.
 */
import type { DocumentPreviewKind } from '../../../../preload/contract';

/**
 * The largest document previewed, bytes (20 MB, in the decimal units the app shows sizes in);
 * larger ones are downloaded and opened.
 */
export const maxPreviewBytes = 20_000_000;
/** The most bytes of a text document shown, bytes (1 MB); the rest is cut with "shown: first N of M". */
export const maxPreviewTextBytes = 1_000_000;

/** Images an `<img>` draws without running anything (SVG as an image runs no script). */
const imageTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/avif',
  'image/bmp',
]);
/** Text types beyond `text/*` shown as plain text (never rendered). */
const textTypes = new Set(['application/json', 'application/xml', 'application/x-yaml', 'application/yaml']);
/** File name extensions shown as text when the service knows no better type than `application/octet-stream`. */
const textExtensions = new Set(['txt', 'log', 'md', 'csv', 'tsv', 'json', 'xml', 'yaml', 'yml', 'ini']);

/** Names of common types that are not previewed, for the refusal ("Word documents cannot be…"). */
const typeWords: Record<string, string> = {
  'application/msword': 'Word documents',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word documents',
  'application/vnd.ms-excel': 'Excel workbooks',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbooks',
  'application/vnd.ms-powerpoint': 'PowerPoint presentations',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentations',
  'application/vnd.oasis.opendocument.text': 'OpenDocument texts',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheets',
  'application/zip': 'Zip archives',
  'video/mp4': 'Videos',
  'video/quicktime': 'Videos',
  'audio/mpeg': 'Audio files',
  'message/rfc822': 'E-mail messages',
};

/** The media type without parameters, lower case (`Text/Plain; charset=utf-8` → `text/plain`). */
function essence(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/** The viewer for a document of media type `contentType` named `name`. */
export function previewKind(contentType: string, name: string): DocumentPreviewKind {
  const type = essence(contentType);
  if (type === 'application/pdf') return 'pdf';
  if (imageTypes.has(type)) return 'image';
  if (type.startsWith('text/') || textTypes.has(type) || type.endsWith('+json') || type.endsWith('+xml')) return 'text';
  if (type === 'application/octet-stream') {
    const dot = name.lastIndexOf('.');
    if (dot > 0 && textExtensions.has(name.slice(dot + 1).toLowerCase())) return 'text';
  }
  return 'unsupported';
}

/** Bytes in megabytes for the words, one decimal ("20.5 MB", 1 MB = 1,000,000 bytes as the app's sizes show). */
function megabytes(bytes: number): string {
  return `${Math.round(bytes / 100_000) / 10} MB`;
}

/** Why a document of `contentType` is not previewed, with what to do instead. */
export function unsupportedWords(contentType: string): string {
  const type = essence(contentType);
  const what = typeWords[type] ?? `Files of type ${type}`;
  return `${what} cannot be previewed here. Download the document and open it with its own program.`;
}

/** Why a document of `size` bytes is not previewed, with what to do instead. */
export function tooLargeWords(size: number): string {
  return `This document is too large to preview here (${megabytes(size)}; previews go up to ${megabytes(maxPreviewBytes)}). Download it and open it with its own program.`;
}

/**
 * The first part of text `bytes` to show: at most `max` bytes, cut back to the start of a UTF-8
 * character (RFC 3629 §3: continuation bytes are 10xxxxxx) so the cut shows no broken character.
 */
export function textPart(bytes: Uint8Array, max = maxPreviewTextBytes): Uint8Array {
  if (bytes.byteLength <= max) return bytes;
  let end = max;
  while (end > 0 && end > max - 4 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}
