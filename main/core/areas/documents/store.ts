/**
 * Document and folder reads from the cache: the folder tree with document counts, windows of a
 * folder's documents by name (optionally filtered by full-text search over name and title), and
 * one document with its owner's name and local copy. Folders and rows carry their `ownerId`, which
 * the access rules judge (api/openapi.yaml x-access-model).
 */
import type { Database } from 'better-sqlite3';
import { buildPrefixQuery } from '../../../../api/full-text-query';
import type { DocumentDetail, DocumentRow, Folder, RowWindow } from '../../../../preload/contract';
import { createCountCache } from '../../cache/count-cache';
import { cappedCount, type SearchWindow, searchWindow } from '../search/search-window';

/** Document queries over the cache. */
export interface DocumentsStore {
  listFolders(): Folder[];
  list(folderId: string, query: string | undefined, offset: number, limit: number): RowWindow<DocumentRow>;
  /** The document without `localPath` (the caller adds it from the downloads record). */
  get(id: string): Omit<DocumentDetail, 'localPath'> | null;
  /** Documents whose name or title matches `query` in any folder, best first (global search). */
  search(query: string, limit: number): SearchWindow<DocumentRow>;
}

const rowColumns = `d.id, d.folder_id AS folderId, d.name, d.title, d.content_type AS contentType, d.size, d.state, d.updated_at AS updatedAt,
  d.owner_id AS ownerId, coalesce(d.local_state, 'synced') AS syncState`;
const order = 'ORDER BY d.name COLLATE NOCASE, d.id';

/** Creates the DocumentsStore over `db`. */
export function createDocumentsStore(db: Database): DocumentsStore {
  const folders = db.prepare(
    `SELECT f.id, f.parent_id AS parentId, f.name, f.owner_id AS ownerId, coalesce(n.count, 0) AS documentCount, coalesce(f.local_state, 'synced') AS syncState
     FROM folders f LEFT JOIN (SELECT folder_id, count(*) AS count FROM documents GROUP BY folder_id) n ON n.folder_id = f.id
     ORDER BY f.name COLLATE NOCASE, f.id`,
  );
  const inFolder = db.prepare(`SELECT ${rowColumns} FROM documents d WHERE d.folder_id = ? ${order} LIMIT ? OFFSET ?`);
  const countInFolder = db.prepare('SELECT count(*) FROM documents WHERE folder_id = ?').pluck();
  const matching = db.prepare(
    `SELECT ${rowColumns} FROM documents_fts f JOIN documents d ON d.rowid = f.rowid
     WHERE documents_fts MATCH ? AND d.folder_id = ? ${order} LIMIT ? OFFSET ?`,
  );
  const countMatching = db
    .prepare(
      'SELECT count(*) FROM documents_fts f JOIN documents d ON d.rowid = f.rowid WHERE documents_fts MATCH ? AND d.folder_id = ?',
    )
    .pluck();
  const byId = db.prepare(
    `SELECT ${rowColumns}, d.sha256, d.crc32, d.created_at AS createdAt,
       (SELECT o.first_name || ' ' || o.last_name FROM contacts o WHERE o.id = d.owner_id) AS ownerName
     FROM documents d WHERE d.id = ?`,
  );
  const counts = createCountCache(db);
  const anywhere = db.prepare(
    `SELECT ${rowColumns} FROM documents_fts f JOIN documents d ON d.rowid = f.rowid WHERE documents_fts MATCH ? ORDER BY f.rank LIMIT ?`,
  );
  const firstAnywhere = db.prepare(
    `SELECT ${rowColumns} FROM documents_fts f JOIN documents d ON d.rowid = f.rowid WHERE documents_fts MATCH ? LIMIT ?`,
  );
  const countAnywhere = cappedCount(db, 'documents_fts');

  return {
    search: (query, limit) =>
      searchWindow(
        buildPrefixQuery(query),
        countAnywhere,
        (match) => anywhere.all(match, limit) as DocumentRow[],
        (match) => firstAnywhere.all(match, limit) as DocumentRow[],
      ),
    listFolders: () => folders.all() as Folder[],
    list(folderId, query, offset, limit) {
      const match = query ? buildPrefixQuery(query) : null;
      if (!match) {
        return {
          rows: inFolder.all(folderId, limit, offset) as DocumentRow[],
          total: counts.get(folderId, () => countInFolder.get(folderId) as number),
        };
      }
      return {
        rows: matching.all(match, folderId, limit, offset) as DocumentRow[],
        total: counts.get(`${folderId} ${match}`, () => countMatching.get(match, folderId) as number),
      };
    },
    get: (id) => (byId.get(id) as Omit<DocumentDetail, 'localPath'> | undefined) ?? null,
  };
}
