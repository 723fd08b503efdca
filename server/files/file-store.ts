/**
 * Document bytes on disk: `<root>/<documentId>`, written through `<root>/.tmp/` and renamed into
 * place, so a reader never sees a partial file.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Size (bytes) and SHA-256 (hex) of some content. */
export interface ContentDigest {
  size: number;
  sha256: string;
}

/** The document file store. */
export class FileStore {
  readonly root: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.root = root;
    this.tmp = join(root, '.tmp');
    mkdirSync(this.tmp, { recursive: true });
  }

  /** Path of a document's file. */
  path(documentId: string): string {
    return join(this.root, documentId);
  }

  /** A fresh path for a file being written. */
  tempPath(): string {
    return join(this.tmp, randomUUID());
  }

  /** Moves a completely written temp file into place as the document's file. */
  commit(tempPath: string, documentId: string): void {
    renameSync(tempPath, this.path(documentId));
  }

  /** Deletes a temp file, ignoring one that is already gone. */
  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  /** Writes a document's whole content (small files: demo data) and returns its digest. */
  writeFile(documentId: string, bytes: Uint8Array): ContentDigest {
    const temp = this.tempPath();
    writeFileSync(temp, bytes);
    this.commit(temp, documentId);
    return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** Deletes a document's file, if any. */
  remove(documentId: string): void {
    rmSync(this.path(documentId), { force: true });
  }
}
