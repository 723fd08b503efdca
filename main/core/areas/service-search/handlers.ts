/**
 * Handlers of `contacts.searchService`, `companies.searchService` and `documents.searchService`:
 * each gives the shared `searchService` (./search.ts) its operation (`listContacts` with `q`,
 * `getCompanies` with `q`, `searchDocuments`), the cache's own match for the same text (the FTS5
 * queries the lists use: contacts/store.ts `contactMatch`, `buildPrefixQuery` for the others) and
 * its rows.
 */
import { buildPrefixQuery } from '../../../../api/full-text-query';
import { type CompanyRow, type ContactRow, type DocumentRow, serviceSearchLimit } from '../../../../preload/contract';
import type { AreaHandlers, HandlerContext } from '../context';
import { contactMatch } from '../contacts/store';
import { searchService } from './search';

type Names = 'contacts.searchService' | 'companies.searchService' | 'documents.searchService';

/**
 * Of `ids`, those in `table` whose row `<table>_fts` matches `match` (and `extra`, a condition on
 * the row `r` with its parameters): the cache's own search restricted to the records answered.
 */
function matchingIds(
  ctx: HandlerContext,
  table: 'contacts' | 'companies' | 'documents',
  match: string | null,
  ids: readonly string[],
  extra: { sql: string; params: string[] } = { sql: '', params: [] },
): Set<string> {
  if (!match || ids.length === 0) return new Set();
  const rows = ctx.cache.db
    .prepare(
      `SELECT r.id FROM ${table} r WHERE r.id IN (SELECT value FROM json_each(?))
       AND r.rowid IN (SELECT rowid FROM ${table}_fts WHERE ${table}_fts MATCH ?)${extra.sql}`,
    )
    .pluck()
    .all(JSON.stringify(ids), match, ...extra.params) as string[];
  return new Set(rows);
}

/** Creates the service search handlers. */
export const serviceSearchHandlers: AreaHandlers<Names> = (ctx) => {
  const api = () => ctx.session.api();
  return {
    'contacts.searchService': ({ q }) =>
      searchService<ContactRow, 'contact'>(ctx, {
        type: 'contact',
        key: `contacts\n${q}`,
        ask: async (timeoutMs) => {
          const page = await api().call('listContacts', { query: { q, limit: serviceSearchLimit }, timeoutMs });
          return { records: page.items, more: page.nextCursor !== null };
        },
        listedHere: (ids) => matchingIds(ctx, 'contacts', contactMatch(q), ids),
        row: (id) => {
          const contact = ctx.stores.contacts.get(id);
          if (!contact) return null;
          const { company: _company, ...row } = contact;
          return row;
        },
      }),
    'companies.searchService': ({ q }) =>
      searchService<CompanyRow, 'company'>(ctx, {
        type: 'company',
        key: `companies\n${q}`,
        ask: async (timeoutMs) => {
          const page = await api().call('getCompanies', { query: { q, limit: serviceSearchLimit }, timeoutMs });
          return { records: page.items, more: page.nextCursor !== null };
        },
        listedHere: (ids) => matchingIds(ctx, 'companies', buildPrefixQuery(q), ids),
        row: (id) => ctx.stores.companies.get(id),
      }),
    'documents.searchService': ({ q, folderId: asked }) => {
      const folderId = asked === undefined ? undefined : ctx.writes.currentId(asked);
      const inFolder = folderId ? { sql: ' AND r.folder_id = ?', params: [folderId] } : undefined;
      return searchService<DocumentRow, 'document'>(ctx, {
        type: 'document',
        key: `documents\n${folderId ?? ''}\n${q}`,
        ask: async (timeoutMs) => {
          const page = await api().call('searchDocuments', {
            body: { query: q, limit: serviceSearchLimit, ...(folderId ? { folderId } : {}) },
            timeoutMs,
          });
          return { records: page.items, more: page.nextCursor !== null };
        },
        belongs: (document) => folderId === undefined || document.folderId === folderId,
        listedHere: (ids) => matchingIds(ctx, 'documents', buildPrefixQuery(q), ids, inFolder),
        row: (id) => {
          const document = ctx.stores.documents.get(id);
          if (!document) return null;
          const {
            id: docId,
            folderId: docFolder,
            name,
            title,
            contentType,
            size,
            state,
            updatedAt,
            ownerId,
            syncState,
          } = document;
          return {
            id: docId,
            folderId: docFolder,
            name,
            title,
            contentType,
            size,
            state,
            updatedAt,
            ownerId,
            syncState,
          };
        },
        refusal: (err) =>
          err.status === 404
            ? "This folder is not on the service (it may have been deleted there, or not sent yet), so the service could not search it. Only this computer's documents are shown."
            : null,
      });
    },
  };
};
