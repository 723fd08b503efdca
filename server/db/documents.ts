/** Folders and documents (metadata; the bytes live in the file store). */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, prefixMatch } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Folder. */
export type Folder = components['schemas']['Folder'];
/** The contract's Document. */
export type DocumentRecord = components['schemas']['Document'];

/** Folders and documents repository. */
export class DocumentRepo {
  readonly folders: RecordTable<Folder>;
  readonly documents: RecordTable<DocumentRecord>;
  private readonly db: Db;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.folders = new RecordTable<Folder>(db, feed, ajv, {
      table: 'folders',
      type: 'folder',
      schema: 'Folder',
      columnNames: ['parent_id', 'name', 'updated_at'],
      columns: (r) => ({ parent_id: r.parentId, name: r.name, updated_at: r.updatedAt }),
      uniqueName: { scope: (r) => r.parentId, what: () => 'folder', where: () => 'in that folder' },
    });
    this.documents = new RecordTable<DocumentRecord>(db, feed, ajv, {
      table: 'documents',
      type: 'document',
      schema: 'Document',
      columnNames: ['folder_id', 'name', 'updated_at'],
      columns: (r) => ({ folder_id: r.folderId, name: r.name, updated_at: r.updatedAt }),
      search: { table: 'document_search', text: (r) => `${r.name} ${r.title}` },
    });
  }

  /** The root folder (the one without a parent), or undefined before seeding. */
  root(): Folder | undefined {
    const json = this.db
      .prepare('SELECT data FROM folders WHERE parent_id IS NULL ORDER BY rowid LIMIT 1')
      .pluck()
      .get() as string | undefined;
    return json ? (JSON.parse(json) as Folder) : undefined;
  }

  /** The folder, or undefined. */
  folder(id: string): Folder | undefined {
    return this.folders.get(id);
  }

  /** Creates or replaces a folder. Throws when its parent does not exist. */
  saveFolder(id: string, body: RecordBody<Folder>, times?: { createdAt?: string; updatedAt?: string }): Folder {
    if (body.parentId !== null && !this.folder(body.parentId))
      throw new Error(`No folder with id ${body.parentId} exists.`);
    return this.folders.write(id, body, undefined, times);
  }

  /** The direct subfolders of a folder (JSON texts), by name. */
  subfolders(folderId: string): string[] {
    return this.db
      .prepare('SELECT data FROM folders WHERE parent_id = ? ORDER BY name, id')
      .pluck()
      .all(folderId) as string[];
  }

  /** The document, or undefined. */
  get(id: string): DocumentRecord | undefined {
    return this.documents.get(id);
  }

  /** Creates or replaces a document's metadata. Throws when its folder does not exist. */
  save(
    id: string,
    body: RecordBody<DocumentRecord>,
    times?: { createdAt?: string; updatedAt?: string },
  ): DocumentRecord {
    if (!this.folder(body.folderId)) throw new Error(`No folder with id ${body.folderId} exists.`);
    return this.documents.write(id, body, undefined, times);
  }

  /** Deletes a document's metadata (tombstone in the feed). Returns false when there was none. */
  delete(id: string): boolean {
    return this.documents.remove(id, undefined);
  }

  /** A page of a folder's documents, by name. */
  list(folderId: string, query: { cursor?: string; limit: number }): JsonPage {
    return keysetPage(this.db, {
      list: `folder:${folderId}`,
      table: 'documents',
      where: ['folder_id = ?'],
      params: [folderId],
      sort: { name: 'name', columns: ['name', 'id'], desc: false },
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /**
   * Documents whose name or title has words starting with each word of `text`, best match first
   * (FTS5 bm25), optionally within a folder and its subfolders. Paged by offset.
   */
  search(
    text: string,
    options: { folderId?: string; offset: number; limit: number },
  ): { items: string[]; more: boolean } {
    const match = prefixMatch(text);
    if (match === null) return { items: [], more: false };
    const scope = options.folderId
      ? `WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT f.id FROM folders f JOIN tree t ON f.parent_id = t.id)`
      : '';
    const params: unknown[] = options.folderId ? [options.folderId] : [];
    const sql = `${scope}
      SELECT d.data FROM document_search s JOIN documents d ON d.rowid = s.rowid
      WHERE document_search MATCH ?${options.folderId ? ' AND d.folder_id IN (SELECT id FROM tree)' : ''}
      ORDER BY bm25(document_search), d.name, d.id LIMIT ? OFFSET ?`;
    const rows = this.db
      .prepare(sql)
      .pluck()
      .all(...params, match, options.limit + 1, options.offset) as string[];
    return { items: rows.slice(0, options.limit), more: rows.length > options.limit };
  }

  /** Number of folders and documents. */
  counts(): { folders: number; documents: number } {
    return {
      folders: this.db.prepare('SELECT COUNT(*) FROM folders').pluck().get() as number,
      documents: this.db.prepare('SELECT COUNT(*) FROM documents').pluck().get() as number,
    };
  }
}
