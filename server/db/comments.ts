/** Comments on records, with their attachments' metadata (the bytes live in the file store). */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import type { CommentResourceType } from './commentable';
import { type JsonPage, keysetPage } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Comment. */
export type CommentRecord = components['schemas']['Comment'];
/** The contract's CommentAttachment. */
export type CommentAttachment = components['schemas']['CommentAttachment'];

/** Most attachments on one comment, as the contract states. */
export const maxCommentAttachments = 20;

/** Table of comments (schema version 2). */
export const commentsDdl = `
CREATE TABLE comments (
  id TEXT PRIMARY KEY, resource_type TEXT NOT NULL, resource_id TEXT NOT NULL, author_id TEXT NOT NULL,
  created_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX comments_resource ON comments (resource_type, resource_id, created_at, id);
`;

/** Comments repository. */
export class CommentRepo {
  readonly table: RecordTable<CommentRecord>;
  private readonly db: Db;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<CommentRecord>(db, feed, ajv, {
      table: 'comments',
      schema: 'Comment',
      columnNames: ['resource_type', 'resource_id', 'author_id', 'created_at'],
      columns: (r) => ({
        resource_type: r.resourceType,
        resource_id: r.resourceId,
        author_id: r.authorId,
        created_at: r.createdAt,
      }),
    });
  }

  /** The comment, or undefined. */
  get(id: string): CommentRecord | undefined {
    return this.table.get(id);
  }

  /** Creates or replaces a comment. Throws when it does not match the contract. */
  save(id: string, body: RecordBody<CommentRecord>, times?: { createdAt?: string; updatedAt?: string }): CommentRecord {
    return this.table.write(id, body, undefined, times);
  }

  /** Deletes a comment; false when there was none. */
  delete(id: string): boolean {
    return this.table.remove(id, undefined);
  }

  /** A page of the comments on one record, by creation time (`desc`: newest first). */
  list(
    resourceType: CommentResourceType,
    resourceId: string,
    query: { desc: boolean; cursor?: string; limit: number },
  ): JsonPage {
    return keysetPage(this.db, {
      list: `comments:${resourceType}:${resourceId}`,
      table: 'comments',
      where: ['resource_type = ?', 'resource_id = ?'],
      params: [resourceType, resourceId],
      sort: { name: query.desc ? '-createdAt' : 'createdAt', columns: ['created_at', 'id'], desc: query.desc },
      cursor: query.cursor,
      limit: query.limit,
    });
  }
}
