/**
 * The registries stay whole: every table column an area declares exists in the migrated schema
 * (with the local edit state), and every bridge call is answered by exactly one area.
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { calls, syncedTypes } from '../../../preload/contract';
import { coreAreas } from '../../../main/core/areas';
import type { HandlerContext } from '../../../main/core/areas/context';
import { tableOf } from '../../../main/core/areas/tables';
import { migrate } from '../../../main/core/cache/database';
import { mergeAreaHandlers } from '../../../main/core/index';

describe('area registries', () => {
  it('declares only columns that the migrations create, for every synced type', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db);
    for (const type of syncedTypes) {
      const spec = tableOf(type);
      const columns = new Set(
        (db.prepare(`PRAGMA table_info(${spec.table})`).all() as { name: string }[]).map((c) => c.name),
      );
      for (const column of [...spec.columns.map((c) => c.name), 'local_state']) {
        expect(columns.has(column), `${spec.table}.${column}`).toBe(true);
      }
      for (const reference of spec.references ?? []) expect(columns.has(reference.column)).toBe(true);
    }
    db.close();
  });

  it('answers every bridge call with exactly one area handler', () => {
    const ctx = { stores: {}, options: {}, bus: { on: () => () => undefined } } as unknown as HandlerContext;
    const handlers = mergeAreaHandlers(ctx);
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(calls).sort());
    const names = coreAreas.flatMap((area) => Object.keys(area.handlers(ctx)));
    expect(names.length).toBe(new Set(names).size);
  });
});
