/**
 * The text of a stored document, for summarizing: PDFs through PDF.js (the `unpdf` build, text
 * layer of every page) and UTF-8 text files (`text/plain`, `text/markdown`, `text/csv`), bounded to
 * the first `maxTextChars` characters. Other types are refused with 422.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { cleanTextControls } from '../../api/name-characters';
import { ProblemError } from '../http/problem';

/** Most characters of text summarized (2,000,000); the rest is ignored and the summary says so. */
const maxTextChars = 2_000_000;
/** Largest PDF read, bytes (50 MiB). */
const maxPdfBytes = 50 * 1024 ** 2;
/** Content types whose text can be summarized. */
const summarizableTypes = ['application/pdf', 'text/plain', 'text/markdown', 'text/csv'] as const;

/** A document's text and whether it was cut at `maxTextChars`. */
export interface DocumentText {
  text: string;
  truncated: boolean;
}

function unprocessable(detail: string): ProblemError {
  return new ProblemError(422, '/problems/unprocessable', detail);
}

/** The media type without parameters, lower case (`text/plain; charset=utf-8` → `text/plain`). */
function baseType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Reads the text of the file at `path` whose content type is `contentType`. Throws 422
 * `/problems/unprocessable` for a type that is not summarizable, a PDF over 50 MiB or one PDF.js
 * cannot read, and a file without text.
 */
export async function documentText(path: string, contentType: string, name: string): Promise<DocumentText> {
  const type = baseType(contentType);
  let text: string;
  if (type === 'application/pdf') {
    const { size } = await stat(path);
    if (size > maxPdfBytes) {
      throw unprocessable(`${name} has ${size} bytes; PDFs over ${maxPdfBytes} bytes (50 MiB) are not summarized.`);
    }
    try {
      const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
      try {
        text = (await extractText(pdf, { mergePages: false })).text.join('\n\n');
      } finally {
        await pdf.destroy();
      }
    } catch (error) {
      throw unprocessable(`${name} could not be read as a PDF (${(error as Error).message}).`);
    }
  } else if ((summarizableTypes as readonly string[]).includes(type)) {
    // 4 bytes per character at most in UTF-8; decoding drops a cut last character.
    const head = await readHead(path, maxTextChars * 4 + 4);
    text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/\uFFFD$/, '');
    // Each CSV line is a record: make it a paragraph, so records are never joined into one sentence.
    if (type === 'text/csv') text = text.replace(/\r?\n/g, '\n\n');
  } else {
    throw unprocessable(
      `${name} is ${type}; summaries are made of PDFs and ${summarizableTypes.slice(1).join(', ')} files only.`,
    );
  }
  const truncated = text.length > maxTextChars;
  if (truncated) text = text.slice(0, maxTextChars);
  // A form feed or stray control in the file becomes a space: summaries are contract text.
  text = cleanTextControls(text, ' ');
  if (!/\p{L}/u.test(text)) throw unprocessable(`${name} has no text to summarize (a scanned PDF has only images).`);
  return { text, truncated };
}
