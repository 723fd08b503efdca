import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../preload/contract';
import { StorageError, type StorageProblem } from '../../../main/core/storage-errors';
import { createStorageGuard } from '../../../main/core/storage-guard';

const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

function guardWith(probeResults: (StorageProblem | null)[], readOnly: StorageError | null = null) {
  const damaged: unknown[] = [];
  const changes: (string | null)[] = [];
  let probes = 0;
  const guard = createStorageGuard({
    folder: '/data',
    mode: 'browser',
    readOnly,
    damaged: (err) => damaged.push(err),
    probe: () => probeResults[probes++] ?? null,
  });
  guard.onChange((problem) => changes.push(problem?.message ?? null));
  return { guard, damaged, changes, probes: () => probes };
}

describe('storage guard', () => {
  it('turns a full disk into the words, remembers it, and refuses writes until a probe passes', () => {
    const { guard, changes, probes } = guardWith(['full', null]);
    expect(() => guard.assertWritable()).not.toThrow();
    expect(probes()).toBe(0);
    expect(() =>
      guard.run(() => {
        throw full();
      }),
    ).toThrow(StorageError);
    const words = 'BRM Desktop cannot write to /data: the disk is full. Free some space; syncing resumes by itself.';
    expect(guard.current()?.message).toBe(words);
    expect(changes).toEqual([words]);
    // Still full: refused with the same words.
    expect(() => guard.assertWritable()).toThrow(words);
    // Space is back: the next write goes through and the problem is gone.
    expect(() => guard.assertWritable()).not.toThrow();
    expect(guard.current()).toBeNull();
    expect(changes).toEqual([words, null]);
  });

  it('translates a rejected promise too, and leaves other failures as they are', async () => {
    const { guard } = guardWith([]);
    await expect(guard.run(() => Promise.reject(full()))).rejects.toMatchObject({ code: 'storage' });
    const other = new BridgeError('not_found', 'gone');
    await expect(guard.run(() => Promise.reject(other))).rejects.toBe(other);
    expect(guard.run(() => 42)).toBe(42);
  });

  it('hands damage on to be checked, with words', () => {
    const { guard, damaged } = guardWith([]);
    const corrupt = Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
    const translated = guard.translate(corrupt) as BridgeError;
    expect(damaged).toEqual([corrupt]);
    expect(translated.code).toBe('storage');
    expect(translated.message).toContain('found damage in its files in /data');
    expect(guard.current()).toBeNull();
  });

  it('never clears a folder opened read-only, and says the read-only words for every failure', () => {
    const readOnly = new StorageError('/data', 'readOnly', 'readOnlyStart');
    const { guard, probes } = guardWith([null], readOnly);
    expect(guard.current()).toBe(readOnly);
    expect(() => guard.assertWritable()).toThrow(readOnly.message);
    expect(probes()).toBe(0);
    expect(guard.translate(Object.assign(new Error('x'), { code: 'SQLITE_READONLY' }))).toBe(readOnly);
  });
});
