/**
 * Test helpers for the core: a temporary folder, a Platform for tests (recording notifications
 * and opened paths, resolving file references as plain paths), and a core created over them.
 */
import BetterSqlite3 from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { BridgeError, type EventName, type EventPayloads } from '../../preload/contract';
import { createCore } from '../../main/core/index';
import type { Core, CoreOptions, Keychain, Platform } from '../../main/core/platform';
import { createMemoryKeychain } from '../../main/core/keychain';

/** A Platform that records what the core asked of it. */
export interface RecordingPlatform extends Platform {
  notified: { title: string; body: string }[];
  opened: string[];
  /** Downloads marked as the OS marks them, in order. */
  marked: { path: string; sourceUrl: string }[];
}

/** Creates a RecordingPlatform; file references are absolute paths of regular files. */
export function createTestPlatform(keychain: Keychain = createMemoryKeychain()): RecordingPlatform {
  const notified: { title: string; body: string }[] = [];
  const opened: string[] = [];
  const marked: { path: string; sourceUrl: string }[] = [];
  return {
    keychain,
    notified,
    opened,
    marked,
    notify: (n) => void notified.push(n),
    async markDownloaded(path, sourceUrl) {
      marked.push({ path, sourceUrl });
      return 'marked';
    },
    async openPath(path) {
      opened.push(path);
      return { url: null };
    },
    async resolveFileRef(ref) {
      try {
        const info = statSync(ref.ref);
        if (!info.isFile()) throw new Error('not a file');
        return { path: ref.ref, name: ref.name || basename(ref.ref), size: info.size };
      } catch {
        throw new BridgeError('invalid_input', `${ref.name} cannot be read.`);
      }
    },
  };
}

/** A temporary folder, removed by `remove()`. */
export function createTempDir(prefix = 'brm-core-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Options of a test core in `dir` (cache in `dir/data`, downloads in `dir/downloads`). */
export function testCoreOptions(dir: string, platform: Platform, extra: Partial<CoreOptions> = {}): CoreOptions {
  return {
    dataDir: join(dir, 'data'),
    downloadsDir: join(dir, 'downloads'),
    defaultServerUrl: null,
    demoCredentials: null,
    mode: 'browser',
    version: '0.0.0-test',
    platform,
    syncIntervalMs: 60_000,
    syncBackoff: { baseMs: 100, maxMs: 500 },
    ...extra,
  };
}

/** Creates and starts a core for tests. */
export async function startTestCore(dir: string, platform: Platform, extra: Partial<CoreOptions> = {}): Promise<Core> {
  const core = await createCore(testCoreOptions(dir, platform, extra));
  await core.start();
  return core;
}

/** Resolves with the first payload of `name` that satisfies `test` (rejects after `timeoutMs`). */
export function waitForEvent<E extends EventName>(
  core: Core,
  name: E,
  test: (payload: EventPayloads[E]) => boolean,
  timeoutMs = 30_000,
): Promise<EventPayloads[E]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`${name} did not arrive within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = core.on(name, (payload) => {
      if (!test(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

/** Waits until sync reports `idle` (after having started), returning that status. */
export async function waitForIdle(core: Core, timeoutMs = 60_000): Promise<EventPayloads['sync.status']> {
  const status = await core.handlers['sync.getStatus']({});
  if (status.state === 'idle') return status;
  return waitForEvent(core, 'sync.status', (s) => s.state === 'idle', timeoutMs);
}

/** Signs the core in to `service` as its demo user. */
export function signInDemo(core: Core, service: { url: string; credentials: { username: string; password: string } }) {
  return core.handlers['session.signIn']({
    serverUrl: service.url,
    username: service.credentials.username,
    password: service.credentials.password,
  });
}

/** The synced tables of a cache, in a fixed order, for comparing two caches. */
export const syncedTables = [
  'companies',
  'contacts',
  'calendar_events',
  'folders',
  'documents',
  'notifications',
] as const;

/** Reads every row of the synced tables of `<dataDir>/cache.db` (ordered by id), through its own read-only connection. */
export function dumpSyncedTables(dataDir: string): Record<string, unknown[]> {
  const db = new BetterSqlite3(join(dataDir, 'cache.db'), { readonly: true, fileMustExist: true });
  try {
    return Object.fromEntries(
      syncedTables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY id`).all()]),
    );
  } finally {
    db.close();
  }
}

/** Row counts of the synced tables of `<dataDir>/cache.db`. */
export function countSyncedRows(dataDir: string): Record<string, number> {
  return Object.fromEntries(Object.entries(dumpSyncedTables(dataDir)).map(([table, rows]) => [table, rows.length]));
}

/** Attaches `<dataDir>/local.db` (when there is one) to `db`, so a statement names any table of the data folder. */
function attachLocal(db: BetterSqlite3.Database, dataDir: string): void {
  const local = join(dataDir, 'local.db');
  if (existsSync(local)) db.prepare('ATTACH DATABASE ? AS local').run(local);
}

/**
 * Runs `statement` on `<dataDir>/cache.db`, with `<dataDir>/local.db` attached (so it may name any
 * table of either file), through a separate connection (to stage states a crash leaves).
 */
export function writeCacheDirectly(dataDir: string, statement: string, ...params: unknown[]): void {
  const db = new BetterSqlite3(join(dataDir, 'cache.db'));
  try {
    db.pragma('busy_timeout = 5000');
    attachLocal(db, dataDir);
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}

/** Runs a query on `<dataDir>/cache.db`, with `<dataDir>/local.db` attached, through a separate read-only connection. */
export function readCacheDirectly(dataDir: string, query: string, ...params: unknown[]): unknown[] {
  const db = new BetterSqlite3(join(dataDir, 'cache.db'), { readonly: true, fileMustExist: true });
  try {
    attachLocal(db, dataDir);
    return db.prepare(query).all(...params);
  } finally {
    db.close();
  }
}

/** Runs a query on `<dataDir>/local.db` (what only this machine has) through a separate read-only connection. */
export function readLocalDirectly(dataDir: string, query: string, ...params: unknown[]): unknown[] {
  const db = new BetterSqlite3(join(dataDir, 'local.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all(...params);
  } finally {
    db.close();
  }
}

/** Runs `statement` on `<dataDir>/local.db` through a separate connection (to stage states a crash leaves). */
export function writeLocalDirectly(dataDir: string, statement: string, ...params: unknown[]): void {
  const db = new BetterSqlite3(join(dataDir, 'local.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}
