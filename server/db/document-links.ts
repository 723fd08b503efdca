/**
 * Relations between documents (the contract's `RelatedDocument`): clones and their originals, zip
 * archives and the documents unpacked from them, and documents related by hand. Each relation is
 * stored once per side, with the kind as the other side is to that one, so that listing one
 * document's relations is a single index range. Rows go with either document (ON DELETE CASCADE).
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import { type JsonPage, keysetPage } from './paging';
import type { Db } from './schema';

/** What the related document is to the asked one (see the contract's `RelatedDocumentKind`). */
export type RelatedDocumentKind = components['schemas']['RelatedDocumentKind'];

/** How two documents are related, from the first (`source`) to the second (`target`). */
export type DocumentRelation = 'clone' | 'unpack' | 'manual';

/** Tables of the relations (schema version 2). */
export const documentLinksDdl = `
CREATE TABLE document_links (
  document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  other_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  kind TEXT NOT NULL, relation_id TEXT NOT NULL, created_at TEXT NOT NULL,
  PRIMARY KEY (document_id, other_id, kind));
CREATE INDEX document_links_list ON document_links (document_id, created_at, other_id, kind);
CREATE INDEX document_links_other ON document_links (other_id);
`;

/** The kinds each side sees: [what the target is to the source, what the source is to the target]. */
const sides: Record<DocumentRelation, [RelatedDocumentKind, RelatedDocumentKind]> = {
  clone: ['clone', 'original'],
  unpack: ['archiveEntry', 'archive'],
  manual: ['related', 'related'],
};

/** The list's rows as the contract's RelatedDocument JSON, for keyset paging. */
const relatedView = `(SELECT l.document_id, l.kind, l.created_at, l.other_id,
  json_object('id', l.relation_id, 'kind', l.kind, 'createdAt', l.created_at, 'document', json(d.data)) AS data
  FROM document_links l JOIN documents d ON d.id = l.other_id) AS related`;

/** Reads and writes document relations. */
export class DocumentLinkRepo {
  private readonly db: Db;
  private readonly insert;

  constructor(db: Db) {
    this.db = db;
    this.insert = db.prepare(
      'INSERT OR IGNORE INTO document_links (document_id, other_id, kind, relation_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /**
   * Relates `source` to `target` (e.g. an original to its clone, a zip to an unpacked entry).
   * `at` is ISO 8601 UTC (default now). Relating the same pair the same way again changes nothing.
   * `id` names the relation (default a random UUID). Throws when either document does not exist (foreign key).
   */
  link(
    sourceId: string,
    targetId: string,
    relation: DocumentRelation,
    at = new Date().toISOString(),
    id: string = randomUUID(),
  ): void {
    const [targetKind, sourceKind] = sides[relation];
    this.insert.run(sourceId, targetId, targetKind, id, at);
    this.insert.run(targetId, sourceId, sourceKind, id, at);
  }

  /** A page of a document's relations (RelatedDocument JSON texts), oldest first, optionally of one kind. */
  list(documentId: string, query: { kind?: RelatedDocumentKind; cursor?: string; limit: number }): JsonPage {
    const where = ['document_id = ?'];
    const params: unknown[] = [documentId];
    if (query.kind) {
      where.push('kind = ?');
      params.push(query.kind);
    }
    return keysetPage(this.db, {
      list: `related:${documentId}:${query.kind ?? ''}`,
      table: relatedView,
      where,
      params,
      sort: { name: 'createdAt', columns: ['created_at', 'other_id', 'kind'], desc: false },
      cursor: query.cursor,
      limit: query.limit,
    });
  }
}
