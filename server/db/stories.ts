/** Blog stories (the contract's Story), searchable by title, summary and body. */
import { createHash } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, prefixMatch } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Story. */
export type Story = components['schemas']['Story'];
/** Sort orders of `List News Stories`. */
export type StorySort = '-publishedAt' | 'publishedAt' | '-updatedAt' | 'updatedAt';

/** Tables of stories (schema version 2). `published_at` is '' for drafts, so it sorts and pages. */
export const storiesDdl = `
CREATE TABLE stories (
  id TEXT PRIMARY KEY, state TEXT NOT NULL, author_id TEXT NOT NULL, slug TEXT UNIQUE, pinned INTEGER NOT NULL,
  published_at TEXT NOT NULL, updated_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX stories_published ON stories (state, published_at, id);
CREATE INDEX stories_updated ON stories (state, updated_at, id);
CREATE VIRTUAL TABLE story_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
`;

/** Which stories a list shows. `authorId` set: only that author's (used for non-admins' drafts). */
export interface StoryListQuery {
  state: Story['state'];
  authorId?: string;
  tag?: string;
  q?: string;
  pinned?: boolean;
  sort: StorySort;
  cursor?: string;
  limit: number;
}

const sortColumns: Record<StorySort, string> = {
  '-publishedAt': 'published_at',
  publishedAt: 'published_at',
  '-updatedAt': 'updated_at',
  updatedAt: 'updated_at',
};

/** Stories repository. */
export class StoryRepo {
  readonly table: RecordTable<Story>;
  private readonly db: Db;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<Story>(db, feed, ajv, {
      table: 'stories',
      schema: 'Story',
      columnNames: ['state', 'author_id', 'slug', 'pinned', 'published_at', 'updated_at'],
      columns: (r) => ({
        state: r.state,
        author_id: r.authorId,
        slug: r.slug,
        pinned: r.pinned ? 1 : 0,
        published_at: r.publishedAt ?? '',
        updated_at: r.updatedAt,
      }),
      search: { table: 'story_search', text: (r) => `${r.title} ${r.summary} ${r.body}` },
    });
  }

  /** The story, or undefined. */
  get(id: string): Story | undefined {
    return this.table.get(id);
  }

  /** The id of the story using `slug`, or undefined. */
  idOfSlug(slug: string): string | undefined {
    return this.db.prepare('SELECT id FROM stories WHERE slug = ?').pluck().get(slug) as string | undefined;
  }

  /** Creates or replaces a story. Throws when it does not match the contract or its slug is taken. */
  save(id: string, body: RecordBody<Story>, times?: { createdAt?: string; updatedAt?: string }): Story {
    return this.table.write(id, body, undefined, times);
  }

  /** Deletes a story; false when there was none. */
  delete(id: string): boolean {
    return this.table.remove(id, undefined);
  }

  /** A page of stories in one state, filtered and sorted as asked. */
  list(query: StoryListQuery): JsonPage {
    const where = ['state = ?'];
    const params: unknown[] = [query.state];
    if (query.authorId) {
      where.push('author_id = ?');
      params.push(query.authorId);
    }
    if (query.pinned !== undefined) {
      where.push('pinned = ?');
      params.push(query.pinned ? 1 : 0);
    }
    if (query.tag) {
      where.push("EXISTS (SELECT 1 FROM json_each(data, '$.tags') WHERE lower(value) = lower(?))");
      params.push(query.tag);
    }
    if (query.q !== undefined) {
      const match = prefixMatch(query.q);
      // A text without words matches nothing.
      if (match === null) where.push('0');
      else {
        where.push('rowid IN (SELECT rowid FROM story_search WHERE story_search MATCH ?)');
        params.push(match);
      }
    }
    return keysetPage(this.db, {
      // The cursor names the filters by their hash, so long filters keep it short.
      list: `stories:${createHash('sha256')
        .update(JSON.stringify([query.state, query.authorId, query.tag, query.q, query.pinned]))
        .digest('base64url')
        .slice(0, 16)}`,
      table: 'stories',
      where,
      params,
      sort: { name: query.sort, columns: [sortColumns[query.sort], 'id'], desc: query.sort.startsWith('-') },
      cursor: query.cursor,
      limit: query.limit,
    });
  }
}
