import { describe, expect, it } from 'vitest';
import {
  isDamageError,
  StorageError,
  storageMessage,
  storageProblemOf,
  toStorageError,
} from '../../../main/core/storage-errors';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('storage errors', () => {
  it('tells a full disk, a read-only folder and a disk error apart, by SQLite code and by errno', () => {
    expect(storageProblemOf(withCode('SQLITE_FULL'))).toBe('full');
    expect(storageProblemOf(withCode('ENOSPC'))).toBe('full');
    expect(storageProblemOf(withCode('EDQUOT'))).toBe('full');
    expect(storageProblemOf(withCode('SQLITE_READONLY'))).toBe('readOnly');
    expect(storageProblemOf(withCode('SQLITE_READONLY_DBMOVED'))).toBe('readOnly');
    expect(storageProblemOf(withCode('SQLITE_CANTOPEN'))).toBe('readOnly');
    expect(storageProblemOf(withCode('EROFS'))).toBe('readOnly');
    expect(storageProblemOf(withCode('EACCES'))).toBe('readOnly');
    expect(storageProblemOf(withCode('SQLITE_IOERR_WRITE'))).toBe('io');
    expect(storageProblemOf(withCode('EIO'))).toBe('io');
  });

  it('leaves other failures alone, and tells damage apart', () => {
    expect(storageProblemOf(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
    expect(storageProblemOf(withCode('SQLITE_IOERR_NOMEM'))).toBeNull();
    expect(storageProblemOf(new Error('no code'))).toBeNull();
    expect(storageProblemOf(null)).toBeNull();
    expect(isDamageError(withCode('SQLITE_CORRUPT'))).toBe(true);
    expect(isDamageError(withCode('SQLITE_CORRUPT_INDEX'))).toBe(true);
    expect(isDamageError(withCode('SQLITE_NOTADB'))).toBe(true);
    expect(isDamageError(withCode('SQLITE_FULL'))).toBe(false);
  });

  it('says which folder and what to do', () => {
    expect(storageMessage('/data', 'full')).toBe(
      'BRM Desktop cannot write to /data: the disk is full. Free some space; syncing resumes by itself.',
    );
    expect(storageMessage('/data', 'readOnly', 'readOnlyStart')).toBe(
      'BRM Desktop cannot write to /data: the folder is read-only or your user may not write to it. It shows the data saved there, read-only, and does not sync. Make the folder writable and start BRM Desktop again, or start it with --data and a folder it can write to.',
    );
    expect(storageMessage('/data', 'readOnly', 'cannotStart', null, 'electron')).toBe(
      'BRM Desktop cannot write to /data: the folder is read-only or your user may not write to it. Make the folder writable and start BRM Desktop again.',
    );
  });

  it('turns a storage failure into a StorageError with the code `storage`, and nothing else', () => {
    const error = toStorageError(withCode('SQLITE_FULL', 'database or disk is full'), '/data');
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ code: 'storage', problem: 'full', folder: '/data' });
    expect(toStorageError(error, '/elsewhere')).toBe(error);
    expect(toStorageError(withCode('SQLITE_CONSTRAINT'), '/data')).toBeNull();
    // An I/O error on a folder with room left is reported as such, with SQLite's words.
    const io = toStorageError(withCode('SQLITE_IOERR_WRITE', 'disk I/O error'), process.cwd());
    expect(io?.message).toBe(
      `BRM Desktop cannot write to ${process.cwd()}: the disk reported an error (disk I/O error). Check the disk; syncing resumes by itself.`,
    );
  });
});
