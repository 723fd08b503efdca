/** Cache of document summaries, one per (document id, document version, sentence count). */
import type { components } from '../../api/generated/schema';
import type { Db } from './schema';

/** The contract's DocumentSummary. */
export type DocumentSummary = components['schemas']['DocumentSummary'];

/** Table of the cache (schema version 2). */
export const documentSummariesDdl = `
CREATE TABLE document_summaries (
  document_id TEXT NOT NULL, document_version INTEGER NOT NULL, sentences INTEGER NOT NULL, data TEXT NOT NULL,
  PRIMARY KEY (document_id, document_version, sentences));
`;

/** Reads and writes cached summaries. */
export class DocumentSummaryCache {
  private readonly db: Db;
  private readonly stmts;

  constructor(db: Db) {
    this.db = db;
    this.stmts = {
      get: db
        .prepare('SELECT data FROM document_summaries WHERE document_id = ? AND document_version = ? AND sentences = ?')
        .pluck(),
      dropOlder: db.prepare('DELETE FROM document_summaries WHERE document_id = ? AND document_version <> ?'),
      put: db.prepare(
        'INSERT OR REPLACE INTO document_summaries (document_id, document_version, sentences, data) VALUES (?, ?, ?, ?)',
      ),
    };
  }

  /** The cached summary of that version with that many sentences, or undefined. */
  get(documentId: string, version: number, sentences: number): DocumentSummary | undefined {
    const json = this.stmts.get.get(documentId, version, sentences) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as DocumentSummary);
  }

  /** Stores a summary made with `sentences` asked for, dropping the summaries of older versions. */
  put(summary: DocumentSummary, sentences: number): void {
    this.db.transaction(() => {
      this.stmts.dropOlder.run(summary.documentId, summary.documentVersion);
      this.stmts.put.run(summary.documentId, summary.documentVersion, sentences, JSON.stringify(summary));
    })();
  }
}
