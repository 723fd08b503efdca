/** Import mapping files and export templates (the Pim group's stored records). */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, prefixMatch, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's ImportMapping. */
export type ImportMapping = components['schemas']['ImportMapping'];
/** The contract's ExportTemplate. */
export type ExportTemplate = components['schemas']['ExportTemplate'];
/** The sort orders of the import mapping list. */
export type ImportMappingSort = 'name' | '-name' | 'updatedAt' | '-updatedAt';

/**
 * Tables of the Pim records (schema version 2). Names are unique per target as people read them
 * (`./unique-names.ts`; the `UNIQUE (target, name)` here is the older, ASCII-only rule);
 * `pim_search` indexes mapping names for the list's `q`.
 */
export const pimDdl = `
CREATE TABLE import_mappings (
  id TEXT PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, target TEXT NOT NULL, updated_at TEXT NOT NULL,
  version INTEGER NOT NULL, data TEXT NOT NULL, UNIQUE (target, name));
CREATE INDEX import_mappings_name ON import_mappings (name, id);
CREATE INDEX import_mappings_updated ON import_mappings (updated_at, id);
CREATE VIRTUAL TABLE import_mapping_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE export_templates (
  id TEXT PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, target TEXT NOT NULL, updated_at TEXT NOT NULL,
  version INTEGER NOT NULL, data TEXT NOT NULL, UNIQUE (target, name));
`;

const sorts: Record<ImportMappingSort, SortSpec> = {
  name: { name: 'name', columns: ['name', 'id'], desc: false },
  '-name': { name: '-name', columns: ['name', 'id'], desc: true },
  updatedAt: { name: 'updatedAt', columns: ['updated_at', 'id'], desc: false },
  '-updatedAt': { name: '-updatedAt', columns: ['updated_at', 'id'], desc: true },
};

/** Import mappings and export templates. */
export class PimRepo {
  readonly mappings: RecordTable<ImportMapping>;
  readonly templates: RecordTable<ExportTemplate>;
  private readonly db: Db;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    const columns = (r: ImportMapping | ExportTemplate) => ({
      name: r.name,
      target: r.target,
      updated_at: r.updatedAt,
    });
    this.mappings = new RecordTable<ImportMapping>(db, feed, ajv, {
      table: 'import_mappings',
      schema: 'ImportMapping',
      columnNames: ['name', 'target', 'updated_at'],
      columns,
      search: { table: 'import_mapping_search', text: (r) => r.name },
      uniqueName: { scope: (r) => r.target, what: (r) => `${r.target} import mapping`, where: () => '' },
    });
    this.templates = new RecordTable<ExportTemplate>(db, feed, ajv, {
      table: 'export_templates',
      schema: 'ExportTemplate',
      columnNames: ['name', 'target', 'updated_at'],
      columns,
      uniqueName: { scope: (r) => r.target, what: (r) => `${r.target} export template`, where: () => '' },
    });
  }

  /** The import mapping, or undefined. */
  mapping(id: string): ImportMapping | undefined {
    return this.mappings.get(id);
  }

  /**
   * Stores an import mapping; throws when it does not match the contract, and `NameTakenError` when
   * its name clashes with another mapping of its target.
   */
  saveMapping(id: string, body: RecordBody<ImportMapping>, times?: { createdAt?: string; updatedAt?: string }) {
    return this.mappings.write(id, body, undefined, times);
  }

  /** A page of import mappings, optionally of one target and matching `q` (word prefixes of the name). */
  listMappings(query: {
    target?: ImportMapping['target'];
    q?: string;
    sort?: ImportMappingSort;
    cursor?: string;
    limit: number;
  }): JsonPage {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.q !== undefined) {
      const match = prefixMatch(query.q);
      if (match === null) return { items: [], nextCursor: null };
      where.push('rowid IN (SELECT rowid FROM import_mapping_search WHERE import_mapping_search MATCH ?)');
      params.push(match);
    }
    if (query.target !== undefined) {
      where.push('target = ?');
      params.push(query.target);
    }
    return keysetPage(this.db, {
      list: 'importMappings',
      table: 'import_mappings',
      where,
      params,
      sort: sorts[query.sort ?? 'name'],
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /** The export template, or undefined. */
  template(id: string): ExportTemplate | undefined {
    return this.templates.get(id);
  }

  /**
   * Creates or replaces an export template; throws when it does not match the contract, and
   * `NameTakenError` when its name clashes with another template of its target.
   */
  saveTemplate(id: string, body: RecordBody<ExportTemplate>, times?: { createdAt?: string; updatedAt?: string }) {
    return this.templates.write(id, body, undefined, times);
  }

  /** Deletes an export template; false when there was none. */
  deleteTemplate(id: string): boolean {
    return this.templates.remove(id, undefined);
  }
}
