/**
 * Keyset paging over an entity table (the list convention of `api/openapi.yaml` `info.description`:
 * `limit` + opaque `cursor`, answer `{ items, nextCursor }`). The cursor carries the list name, the
 * sort and the sort key of the last row, so a page never skips or repeats a row when rows before it
 * change.
 */
import type { Statement } from 'better-sqlite3';
import { decodeCursor, encodeCursor } from '../http/cursor';
import type { Db } from './schema';

/** A sort order: the columns (ending with a unique one) and the direction. */
export interface SortSpec {
  /** The sort's name as the contract spells it (e.g. `-updatedAt`). */
  name: string;
  columns: string[];
  desc: boolean;
}

/** One keyset page request. */
export interface KeysetQuery {
  /** List name, checked against the cursor (a cursor of another list is refused). */
  list: string;
  table: string;
  /** SQL conditions joined with AND; `?` placeholders take `params` in order. */
  where?: string[];
  params?: unknown[];
  sort: SortSpec;
  cursor?: string;
  /** JSON pointer of the cursor in the request, for errors (default `/query/cursor`). */
  cursorPointer?: string;
  limit: number;
}

/** A page of record JSON texts and the cursor of the next page (null on the last page). */
export interface JsonPage {
  items: string[];
  nextCursor: string | null;
}

interface ListCursor {
  l: string;
  s: string;
  k: Array<string | number>;
}

/** Per connection, the prepared statements of the page queries built so far, by SQL text (a statement cache). */
const statements = new WeakMap<Db, Map<string, Statement<unknown[]>>>();

function prepared(db: Db, sql: string): Statement<unknown[]> {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

/** Reads one page. Throws a 400 problem for a cursor that is not from this list and sort. */
export function keysetPage(db: Db, query: KeysetQuery): JsonPage {
  const { sort } = query;
  const where = [...(query.where ?? [])];
  const params = [...(query.params ?? [])];
  if (query.cursor) {
    const isCursor = (v: unknown): v is ListCursor => {
      const c = v as ListCursor;
      return (
        typeof c === 'object' &&
        c !== null &&
        c.l === query.list &&
        c.s === sort.name &&
        Array.isArray(c.k) &&
        c.k.length === sort.columns.length &&
        c.k.every((x) => typeof x === 'string' || typeof x === 'number')
      );
    };
    const cursor = decodeCursor(query.cursor, query.cursorPointer ?? '/query/cursor', isCursor);
    where.push(`(${sort.columns.join(', ')}) ${sort.desc ? '<' : '>'} (${sort.columns.map(() => '?').join(', ')})`);
    params.push(...cursor.k);
  }
  const dir = sort.desc ? 'DESC' : 'ASC';
  const sql = `SELECT data, ${sort.columns.join(', ')} FROM ${query.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${sort.columns.map((c) => `${c} ${dir}`).join(', ')} LIMIT ?`;
  const rows = prepared(db, sql)
    .raw(true)
    .all(...params, query.limit + 1) as Array<[string, ...Array<string | number>]>;
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  return {
    items: page.map((r) => r[0]),
    nextCursor: hasMore && last ? encodeCursor({ l: query.list, s: sort.name, k: last.slice(1) }) : null,
  };
}

/** The JSON text of a `{ items, nextCursor }` page, with optional leading fields (already JSON). */
export function pageJson(page: JsonPage, leading: Record<string, string> = {}): string {
  const head = Object.entries(leading)
    .map(([k, v]) => `"${k}":${v},`)
    .join('');
  return `{${head}"items":[${page.items.join(',')}],"nextCursor":${page.nextCursor === null ? 'null' : `"${page.nextCursor}"`}}`;
}

/** Builds an FTS5 prefix query (each word must start a word) from user text; null when it has no words. */
export function prefixMatch(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : null;
}
