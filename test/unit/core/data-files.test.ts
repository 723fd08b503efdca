import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupPath,
  fileStamp,
  headerUserVersion,
  setAside,
  setFolderAside,
} from '../../../main/core/cache/data-files';
import { inspectFile, walMissing } from '../../../main/core/cache/integrity';

describe('data files', () => {
  const dirs: string[] = [];
  const dir = () => {
    const path = mkdtempSync(join(tmpdir(), 'brm-files-'));
    dirs.push(path);
    return path;
  };
  afterEach(() => {
    for (const path of dirs.splice(0)) rmSync(path, { recursive: true, force: true });
  });

  it('names files with the time in ISO 8601 basic format, and copies before a migration', () => {
    expect(fileStamp(new Date('2026-01-05T09:15:00.123Z'))).toBe('20260105T091500Z');
    expect(backupPath('/data/local.db', 3)).toBe('/data/local.before-v3.db');
  });

  it('sets a file aside with its -wal and -shm under one new name, never over another', () => {
    const folder = dir();
    const file = join(folder, 'cache.db');
    const at = new Date('2026-01-05T09:15:00Z');
    for (const name of ['cache.db', 'cache.db-wal', 'cache.db-shm']) writeFileSync(join(folder, name), name);
    expect(setAside(file, 'damaged', at)).toBe(join(folder, 'cache.damaged-20260105T091500Z.db'));
    writeFileSync(file, 'second');
    expect(setAside(file, 'damaged', at)).toBe(join(folder, 'cache.damaged-20260105T091500Z-2.db'));
    expect(readdirSync(folder).sort()).toEqual([
      'cache.damaged-20260105T091500Z-2.db',
      'cache.damaged-20260105T091500Z.db',
      'cache.damaged-20260105T091500Z.db-shm',
      'cache.damaged-20260105T091500Z.db-wal',
    ]);
    expect(setFolderAside(join(folder, 'upload-queue'), 'damaged', at)).toBeNull();
  });

  it('reads user_version from the header, and tells a database from anything else', () => {
    const folder = dir();
    const file = join(folder, 'x.db');
    const db = new BetterSqlite3(file);
    db.pragma('user_version = 5');
    db.close();
    expect(headerUserVersion(file)).toBe(5);
    writeFileSync(join(folder, 'not.db'), 'hello');
    expect(headerUserVersion(join(folder, 'not.db'))).toBeNull();
    expect(inspectFile(join(folder, 'not.db'), false)).toMatch(/not a database/);
    expect(inspectFile(file, false)).toBeNull();
    expect(inspectFile(join(folder, 'absent.db'), true)).toBeNull();
  });

  it('counts a -wal gone after a kill (its -shm left) as damage of the cache', () => {
    const folder = dir();
    const file = join(folder, 'cache.db');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x)');
    db.close();
    expect(walMissing(file)).toBe(false);
    writeFileSync(`${file}-shm`, Buffer.alloc(32768));
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(walMissing(file)).toBe(true);
    expect(inspectFile(file, true)).toMatch(/-wal file\) is missing/);
    expect(inspectFile(file, false)).toBeNull();
  });
});
