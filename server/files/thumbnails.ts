/**
 * Document thumbnails: square PNG or WebP pictures of images (sharp) and of the first page of PDFs
 * (pdf.js), made on first request and kept in `<files>/.thumbnails/`, named by document, content
 * hash, size and format, so a cached thumbnail is never stale.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DocumentRecord } from '../db/documents';
import { ProblemError } from '../http/problem';
import type { FileStore } from './file-store';
import { renderPdfFirstPage } from './pdf-render';

/** Output formats of thumbnails. */
export type ThumbnailFormat = 'png' | 'webp';

/** Content types that have thumbnails: raster images sharp decodes, and PDFs. */
export const thumbnailContentTypes: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
];

/** Largest image accepted as a thumbnail source, pixels (guards against decompression bombs). */
const maxSourcePixels = 100_000_000;

/** A ready thumbnail. */
export interface Thumbnail {
  bytes: Buffer;
  etag: string;
  contentType: string;
}

/** The thumbnail's ETag: content hash, size and format, quoted. */
export function thumbnailETag(document: DocumentRecord, size: number, format: ThumbnailFormat): string {
  return `"${document.sha256.slice(0, 32)}-${size}-${format}"`;
}

/**
 * Scales `source` (an encoded image) to fit a `size` x `size` square, centred on transparency, and
 * encodes it as `format`. Throws sharp's error when the source cannot be decoded.
 */
async function squareThumbnail(source: Buffer, size: number, format: ThumbnailFormat): Promise<Buffer> {
  const image = sharp(source, { limitInputPixels: maxSourcePixels, pages: 1 }).resize(size, size, {
    fit: 'contain',
    background: { r: 0, g: 0, b: 0, alpha: 0 },
  });
  return format === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.webp({ quality: 80 }).toBuffer();
}

/** Makes and caches thumbnails. */
export class ThumbnailCache {
  private readonly dir: string;
  private readonly files: FileStore;
  /** Thumbnails being made, by cache path, so concurrent first requests make one. */
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(files: FileStore) {
    this.files = files;
    this.dir = join(files.root, '.thumbnails');
    mkdirSync(this.dir, { recursive: true });
  }

  /**
   * The thumbnail of `document`, from the cache or made now. Throws 415 for content types without
   * thumbnails, 404 when the file is missing and 422 when it cannot be decoded.
   */
  async get(document: DocumentRecord, size: number, format: ThumbnailFormat): Promise<Thumbnail> {
    if (!thumbnailContentTypes.includes(document.contentType)) {
      throw new ProblemError(
        415,
        '/problems/unsupported-media-type',
        `Document ${document.id} is ${document.contentType}; thumbnails exist for PNG, JPEG, GIF and WebP images and PDF documents.`,
      );
    }
    const path = join(this.dir, `${document.id}-${document.sha256.slice(0, 16)}-${size}.${format}`);
    let making = this.pending.get(path);
    if (!making) {
      making = readFile(path).catch(() => this.make(document, size, format, path));
      this.pending.set(path, making);
      making.finally(() => this.pending.delete(path)).catch(() => undefined);
    }
    return {
      bytes: await making,
      etag: thumbnailETag(document, size, format),
      contentType: `image/${format}`,
    };
  }

  /** Deletes every cached thumbnail of a document. */
  removeFor(documentId: string): void {
    for (const name of readdirSync(this.dir)) {
      if (name.startsWith(`${documentId}-`)) rmSync(join(this.dir, name), { force: true });
    }
  }

  private async make(document: DocumentRecord, size: number, format: ThumbnailFormat, path: string): Promise<Buffer> {
    const source = await readFile(this.files.path(document.id)).catch(() => {
      throw new ProblemError(
        404,
        '/problems/not-found',
        `The file of document ${document.id} is missing on the service.`,
      );
    });
    let bytes: Buffer;
    try {
      const picture =
        document.contentType === 'application/pdf' ? await renderPdfFirstPage(new Uint8Array(source), size) : source;
      bytes = await squareThumbnail(picture, size, format);
    } catch (error) {
      throw new ProblemError(
        422,
        '/problems/unprocessable',
        `The ${document.contentType} file of document ${document.id} cannot be decoded (${(error as Error).message}); no thumbnail can be made.`,
      );
    }
    const temp = this.files.tempPath();
    await writeFile(temp, bytes);
    await rename(temp, path);
    return bytes;
  }
}
