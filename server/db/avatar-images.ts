/** Stored pictures of contacts (avatars) and companies (logos): small images kept in the database. */
import { createHash } from 'node:crypto';
import type { Db } from './schema';

/** Whose picture: a contact's avatar or a company's logo. */
export type ImageOwner = 'contact' | 'company';
/** Media types of stored pictures. */
export type StoredImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** A stored picture; `sha256` is hex of `bytes`, `updatedAt` ISO 8601 UTC. */
export interface StoredImage {
  contentType: StoredImageType;
  bytes: Buffer;
  sha256: string;
  updatedAt: string;
}

/** Largest stored picture, bytes (1 MiB). */
const maxStoredImageBytes = 1024 * 1024;

/** Table of stored pictures. */
export const avatarImagesDdl = `
CREATE TABLE avatar_images (
  owner_kind TEXT NOT NULL, owner_id TEXT NOT NULL, content_type TEXT NOT NULL, sha256 TEXT NOT NULL,
  updated_at TEXT NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (owner_kind, owner_id)) WITHOUT ROWID;
`;

/** Stored pictures repository. */
export class AvatarImageRepo {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      get: db.prepare(
        'SELECT content_type, sha256, updated_at, bytes FROM avatar_images WHERE owner_kind = ? AND owner_id = ?',
      ),
      put: db.prepare(
        `INSERT INTO avatar_images (owner_kind, owner_id, content_type, sha256, updated_at, bytes) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (owner_kind, owner_id) DO UPDATE SET content_type = excluded.content_type, sha256 = excluded.sha256,
         updated_at = excluded.updated_at, bytes = excluded.bytes`,
      ),
      remove: db.prepare('DELETE FROM avatar_images WHERE owner_kind = ? AND owner_id = ?'),
    };
  }

  /** The owner's picture, or undefined. */
  get(kind: ImageOwner, id: string): StoredImage | undefined {
    const row = this.stmts.get.get(kind, id) as
      | { content_type: StoredImageType; sha256: string; updated_at: string; bytes: Buffer }
      | undefined;
    return row && { contentType: row.content_type, bytes: row.bytes, sha256: row.sha256, updatedAt: row.updated_at };
  }

  /** Stores (or replaces) the owner's picture. Throws when it is larger than `maxStoredImageBytes`. */
  put(kind: ImageOwner, id: string, contentType: StoredImageType, bytes: Buffer, at = new Date().toISOString()): void {
    if (bytes.length > maxStoredImageBytes) throw new Error(`A picture may have at most ${maxStoredImageBytes} bytes.`);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    this.stmts.put.run(kind, id, contentType, sha256, at, bytes);
  }

  /** Deletes the owner's picture (nothing when there is none). */
  remove(kind: ImageOwner, id: string): void {
    this.stmts.remove.run(kind, id);
  }
}
