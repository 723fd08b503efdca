import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContactsStore } from '../../../main/core/areas/contacts/store';
import type { ChangeToApply } from '../../../main/core/cache/apply-changes';
import { ftsHashBytes, inBulkLoad } from '../../../main/core/cache/bulk-load';
import { configure, migrate } from '../../../main/core/cache/database';
import { bulkLoadLimitMs, createPageTransactions, maxGroupPages } from '../../../main/core/sync/page-transaction';
import { apiCompany, apiContact, numberedId } from '../../helpers/api-records';

const companyId = '00000000-0000-4000-8000-00000000c001';

function contact(n: number, lastName: string): ChangeToApply {
  const data = apiContact({ id: numberedId(n), lastName, companyId });
  return { type: 'contact', id: data.id, op: 'upsert', version: 1, data };
}

function company(name: string): ChangeToApply {
  return { type: 'company', id: companyId, op: 'upsert', version: 1, data: apiCompany({ id: companyId, name }) };
}

/** The record tables' secondary indexes and triggers present now. */
function structures(db: Database): string[] {
  return db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN ('contacts', 'companies', 'documents', 'calendar_events', 'notifications') ORDER BY name",
    )
    .pluck()
    .all() as string[];
}

const found = (db: Database, query: string) =>
  db.prepare('SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH ?').pluck().get(query);

describe('the bulk load of a bootstrap', () => {
  let dir: string;
  let file: string;
  let db: Database;
  let before: string[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'brm-bulk-'));
    file = join(dir, 'cache.db');
    db = new BetterSqlite3(file);
    configure(db);
    migrate(db);
    before = structures(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the pages before the last without indexes or search triggers, and builds them with the last one', () => {
    const pages = createPageTransactions(db);
    expect(before).toContain('contacts_by_name');
    expect(before).toContain('contacts_fts_insert');
    // The contacts arrive before their company: their company name follows at the end.
    pages.write([contact(1, 'Reyes'), contact(2, 'Okafor')], 'c1', {
      wasBootstrapped: false,
      first: true,
      hasMore: true,
    });
    expect(inBulkLoad(db)).toBe(true);
    // The pages go in without fsync, with a larger page cache and fewer checkpoints.
    expect(db.pragma('synchronous', { simple: true })).toBe(0);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(16000);
    // Only the index the contact list walks stays, so its windows need no sort of the whole table.
    expect(structures(db)).toEqual(['contacts_by_name']);
    expect(db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(2);
    expect(db.prepare('SELECT bootstrapped FROM sync_state').pluck().get()).toBe(0);

    const last = pages.write([company('Northwind Traders'), contact(3, 'Lindqvist')], 'c2', {
      wasBootstrapped: false,
      first: false,
      hasMore: false,
    });
    expect(inBulkLoad(db)).toBe(false);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
    expect(structures(db)).toEqual(before);
    expect(db.prepare('SELECT DISTINCT company_name FROM contacts').pluck().all()).toEqual(['Northwind Traders']);
    expect(found(db, 'okafor')).toBe(1);
    expect(found(db, 'northwind')).toBe(3);
    // The rebuild's larger in-memory budget is not kept for the row-by-row writes that follow.
    expect(db.prepare("SELECT v FROM contacts_fts_config WHERE k = 'hashsize'").pluck().get()).toBe(ftsHashBytes);
    expect(db.prepare('SELECT bootstrapped, cursor FROM sync_state').get()).toEqual({ bootstrapped: 1, cursor: 'c2' });
    expect(last.changedTypes).toEqual(expect.arrayContaining(['contact', 'company', 'document', 'notification']));
    // After the bootstrap, the triggers keep the search index row by row again.
    pages.write([contact(4, 'Achterberg')], 'c3', { wasBootstrapped: true, first: false, hasMore: false });
    expect(found(db, 'achterberg')).toBe(1);
  });

  it('keeps the contact list in name order by its index, and its search working, during the bulk load', () => {
    const pages = createPageTransactions(db);
    pages.write([contact(1, 'Reyes'), contact(2, 'Okafor')], 'c1', {
      wasBootstrapped: false,
      first: true,
      hasMore: true,
    });
    // A core started during the bulk load prepares its statements then.
    const store = createContactsStore(db);
    expect(
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT id FROM contacts c ORDER BY c.last_name COLLATE NOCASE, c.first_name COLLATE NOCASE, c.id LIMIT 5`,
        )
        .all(),
    ).toEqual([expect.objectContaining({ detail: expect.stringContaining('contacts_by_name') })]);
    db.exec("INSERT INTO contacts_fts (contacts_fts) VALUES ('rebuild')");
    // One row of two matching: the plan that walks the name index.
    expect(store.list({ query: 'dana' }, 0, 1).rows.map((row) => row.lastName)).toEqual(['Okafor']);
    expect(store.list({}, 0, 10).rows.map((row) => row.lastName)).toEqual(['Okafor', 'Reyes']);
    pages.write([company('Contoso')], 'c2', { wasBootstrapped: false, first: false, hasMore: false });
    expect(store.list({ query: 'dana' }, 1, 1).rows.map((row) => row.lastName)).toEqual(['Reyes']);
  });

  it('goes on after a crash from the kept definitions, on a new connection', () => {
    createPageTransactions(db).write([contact(1, 'Reyes')], 'c1', {
      wasBootstrapped: false,
      first: true,
      hasMore: true,
    });
    db.close();
    db = new BetterSqlite3(file);
    configure(db);
    const pages = createPageTransactions(db);
    expect(inBulkLoad(db)).toBe(true);
    pages.write([contact(2, 'Okafor')], 'c2', { wasBootstrapped: false, first: false, hasMore: true });
    pages.write([company('Contoso')], 'c3', { wasBootstrapped: false, first: false, hasMore: false });
    expect(structures(db)).toEqual(before);
    expect(found(db, 'reyes OR okafor')).toBe(2);
    expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
  });

  it('writes a page that fails as nothing at all, keeping the bulk load where it was', () => {
    const pages = createPageTransactions(db);
    pages.write([contact(1, 'Reyes')], 'c1', { wasBootstrapped: false, first: true, hasMore: true });
    const broken = { ...contact(2, 'Okafor'), type: 'nonsense' } as unknown as ChangeToApply;
    expect(() =>
      pages.write([company('Contoso'), broken], 'c2', { wasBootstrapped: false, first: false, hasMore: false }),
    ).toThrow();
    expect(inBulkLoad(db)).toBe(true);
    expect(db.prepare('SELECT cursor FROM sync_state').pluck().get()).toBe('c1');
  });

  it('builds what it set aside once it has lasted its limit, and writes the rest row by row', () => {
    let clock = 0;
    const pages = createPageTransactions(db, { now: () => clock });
    pages.write([contact(1, 'Reyes')], 'c1', { wasBootstrapped: false, first: true, hasMore: true });
    clock = bulkLoadLimitMs - 1;
    pages.write([contact(2, 'Okafor')], 'c2', { wasBootstrapped: false, first: false, hasMore: true });
    expect(inBulkLoad(db)).toBe(true);
    clock = bulkLoadLimitMs + 1;
    pages.write([company('Contoso')], 'c3', { wasBootstrapped: false, first: false, hasMore: true });
    expect(inBulkLoad(db)).toBe(false);
    expect(structures(db)).toEqual(before);
    expect(found(db, 'contoso')).toBe(2);
    pages.write([contact(3, 'Lindqvist')], 'c4', { wasBootstrapped: false, first: false, hasMore: true });
    expect(inBulkLoad(db)).toBe(false);
    expect(found(db, 'lindqvist')).toBe(1);
    expect(db.prepare('SELECT bootstrapped FROM sync_state').pluck().get()).toBe(0);
  });

  it('never starts for a delta, a bootstrap of one page, or a bootstrap resumed without one', () => {
    const pages = createPageTransactions(db);
    pages.write([company('Contoso'), contact(1, 'Reyes')], 'c1', {
      wasBootstrapped: false,
      first: true,
      hasMore: false,
    });
    pages.write([contact(2, 'Okafor')], 'c2', { wasBootstrapped: true, first: false, hasMore: true });
    expect(inBulkLoad(db)).toBe(false);
    db.prepare('UPDATE sync_state SET bootstrapped = 0').run();
    pages.write([contact(5, 'Haddad')], 'c5', { wasBootstrapped: false, first: false, hasMore: true });
    expect(inBulkLoad(db)).toBe(false);
    expect(structures(db)).toEqual(before);
    expect(found(db, 'okafor')).toBe(1);
    expect(db.prepare('SELECT company_name FROM contacts WHERE id = ?').pluck().get(numberedId(2))).toBe('Contoso');
  });

  describe('with pages grouped (the writer thread)', () => {
    const middle = { wasBootstrapped: false, first: false, hasMore: true };
    /** What another connection (the main thread's) sees: the stored cursor and the contacts. */
    function seen(): { cursor: string | null; contacts: number } {
      const other = new BetterSqlite3(file, { readonly: true });
      try {
        return {
          cursor: other.prepare('SELECT cursor FROM sync_state').pluck().get() as string | null,
          contacts: other.prepare('SELECT count(*) FROM contacts').pluck().get() as number,
        };
      } finally {
        other.close();
      }
    }

    it('commits the first page at once, shares one transaction among the pages after it, and commits them when asked', () => {
      const pages = createPageTransactions(db, { groupPages: true });
      pages.write([contact(1, 'Reyes')], 'c1', { wasBootstrapped: false, first: true, hasMore: true });
      expect(seen()).toEqual({ cursor: 'c1', contacts: 1 });
      // The bulk load's settings follow the first page's commit.
      expect(db.pragma('synchronous', { simple: true })).toBe(0);
      pages.write([contact(2, 'Okafor')], 'c2', middle);
      pages.write([contact(3, 'Lindqvist')], 'c3', middle);
      expect(seen()).toEqual({ cursor: 'c1', contacts: 1 });
      expect(pages.commitOpen()).toBe(true);
      expect(seen()).toEqual({ cursor: 'c3', contacts: 3 });
      expect(pages.commitOpen()).toBe(false);
    });

    it(`commits every ${maxGroupPages} pages, and the last page with the pages before it`, () => {
      const pages = createPageTransactions(db, { groupPages: true });
      pages.write([contact(1, 'Reyes')], 'c1', { wasBootstrapped: false, first: true, hasMore: true });
      for (let n = 2; n < 2 + maxGroupPages; n++) pages.write([contact(n, `Name${n}`)], `c${n}`, middle);
      expect(seen()).toEqual({ cursor: `c${1 + maxGroupPages}`, contacts: 1 + maxGroupPages });
      pages.write([contact(20, 'Haddad')], 'c20', middle);
      expect(seen().cursor).toBe(`c${1 + maxGroupPages}`);
      pages.write([company('Contoso')], 'c21', { wasBootstrapped: false, first: false, hasMore: false });
      expect(seen()).toEqual({ cursor: 'c21', contacts: 2 + maxGroupPages });
      expect(inBulkLoad(db)).toBe(false);
      expect(found(db, 'haddad')).toBe(1);
      expect(db.pragma('synchronous', { simple: true })).toBe(1);
    });

    it('rolls back the whole group with a page that fails, back to the last committed cursor', () => {
      const pages = createPageTransactions(db, { groupPages: true });
      pages.write([contact(1, 'Reyes')], 'c1', { wasBootstrapped: false, first: true, hasMore: true });
      pages.write([contact(2, 'Okafor')], 'c2', middle);
      const broken = { ...contact(3, 'Lindqvist'), type: 'nonsense' } as unknown as ChangeToApply;
      expect(() => pages.write([broken], 'c3', middle)).toThrow();
      expect(db.inTransaction).toBe(false);
      expect(seen()).toEqual({ cursor: 'c1', contacts: 1 });
      expect(inBulkLoad(db)).toBe(true);
      // The feed is read again from c1.
      pages.write([contact(2, 'Okafor')], 'c2', middle);
      pages.write([company('Contoso')], 'c3', { wasBootstrapped: false, first: false, hasMore: false });
      expect(seen()).toEqual({ cursor: 'c3', contacts: 2 });
    });

    it('commits an open group before clearing the cache', () => {
      const pages = createPageTransactions(db, { groupPages: true });
      pages.write([contact(1, 'Reyes')], 'c1', { wasBootstrapped: false, first: true, hasMore: true });
      pages.write([contact(2, 'Okafor')], 'c2', middle);
      pages.clear();
      expect(db.inTransaction).toBe(false);
      expect(seen()).toEqual({ cursor: null, contacts: 0 });
    });
  });

  it('never starts on a connection where cache.db is attached (the main connection)', () => {
    const local = new BetterSqlite3(':memory:');
    local.prepare('ATTACH DATABASE ? AS cache').run(file);
    const pages = createPageTransactions(local);
    pages.write([contact(1, 'Reyes')], 'c1', { wasBootstrapped: false, first: true, hasMore: true });
    local.close();
    expect(inBulkLoad(db)).toBe(false);
    expect(structures(db)).toEqual(before);
    expect(found(db, 'reyes')).toBe(1);
  });
});
