/**
 * local.db schema 2: the durable download queue (docs/ARCHITECTURE.md, "Transfers"). One row per
 * download asked for and not finished yet: its transfer id (the same across restarts), the document
 * and what the download checks it against (name, size in bytes, SHA-256), and when it was asked for
 * (ISO 8601 UTC). The `.part` file it writes is the document's row in `downloads`. Local-only and
 * small: a row goes when its download finishes, fails or is cancelled; a change of user clears it.
 */
import type { Migration } from '../migrations/migration';

export const downloadQueue: Migration = {
  version: 2,
  name: 'download queue',
  up: (db) =>
    db.exec(`
CREATE TABLE download_queue (
  id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL CHECK (length(name) > 0),
  size INTEGER NOT NULL CHECK (size > 0),
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  created_at TEXT NOT NULL
);
`),
};
