/**
 * Document bytes on disk: `<root>/<documentId>`, written through `<root>/.tmp/` and renamed into
 * place, so a reader never sees a partial file.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ContentDigest, digestOf } from './content-digest';

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

  /**
   * Writes a document's whole content (small files: demo data). Returns its digest (size, SHA-256,
   * CRC-32: `./content-digest.ts`) at once and the write as a promise, so that many writes can run
   * while the caller goes on.
   */
  writeFile(documentId: string, bytes: Uint8Array): { digest: ContentDigest; written: Promise<void> } {
    const temp = this.tempPath();
    const written = writeFile(temp, bytes).then(() => rename(temp, this.path(documentId)));
    return { digest: digestOf(bytes), written };
  }

  /** Deletes a document's file, if any. */
  remove(documentId: string): void {
    rmSync(this.path(documentId), { force: true });
  }
}
