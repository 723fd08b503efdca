/**
 * Reading answers from their bytes (api/answer.ts), as the sync writer thread reads change-feed
 * pages, and the trip of its errors across the thread boundary (page-writer-protocol.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../../main/core/api/answer';
import { ServiceError } from '../../../main/core/errors';
import { fromWriterError, toWriterError } from '../../../main/core/sync/page-writer-protocol';

const at = '2026-03-01T10:00:00.000Z';
const contact = {
  id: '7d5a2b8e-6f1c-4c3e-9a7b-2e4d6f8a0b1c',
  version: 3,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  jobTitle: null,
  companyId: null,
  type: 'customer',
  state: 'active',
  city: 'London',
  country: 'GB',
  createdAt: at,
  updatedAt: at,
};
const page = (changes: unknown[], hasMore = false) => ({ changes, nextCursor: 'c-2', hasMore });
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const upsert = (data: unknown) => ({ seq: 7, type: 'contact', id: contact.id, op: 'upsert', version: 3, data });

function thrown(action: () => unknown): ServiceError {
  try {
    action();
  } catch (err) {
    return err as ServiceError;
  }
  throw new Error('nothing was thrown');
}

describe('parseAnswer', () => {
  it('returns a valid change page, typed, from an ArrayBuffer or a byte view', () => {
    const value = page([
      upsert(contact),
      { seq: 8, type: 'folder', id: contact.id, op: 'delete', version: 4, data: null },
    ]);
    expect(parseAnswer('getChanges', 200, bytes(value))).toEqual(value);
    expect(parseAnswer('getChanges', 200, bytes(value).buffer as ArrayBuffer).nextCursor).toBe('c-2');
  });

  it('decodes UTF-8 names', () => {
    const value = page([upsert({ ...contact, firstName: 'Zoë', lastName: 'Ōtsuka-Łukasiewicz' })]);
    expect(parseAnswer('getChanges', 200, bytes(value)).changes[0].data).toMatchObject({ firstName: 'Zoë' });
  });

  it('refuses bytes that are not JSON as an unreadable answer', () => {
    const err = thrown(() => parseAnswer('getChanges', 200, bytes('{"changes": [')));
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 'server_error', status: 502 });
    expect(err.message).toBe('The BRM service sent an unreadable answer to getChanges. Try again later.');
  });

  it('names the first field of a page that does not match the contract', () => {
    const bad = thrown(() => parseAnswer('getChanges', 200, bytes(page([upsert({ ...contact, country: 'gb' })]))));
    expect(bad).toMatchObject({ code: 'server_error', status: 502 });
    expect(bad.message).toMatch(/does not understand \(\/changes\/0\/data\/country must match pattern/);
    const deleteWithData = { seq: 9, type: 'contact', id: contact.id, op: 'delete', version: 4, data: contact };
    expect(thrown(() => parseAnswer('getChanges', 200, bytes(page([deleteWithData])))).message).toMatch(
      /\(\/changes\/0\/data must be null for a delete\)/,
    );
    expect(thrown(() => parseAnswer('getChanges', 200, bytes({ changes: [] }))).message).toMatch(
      /a page of changes that BRM Desktop does not understand/,
    );
  });

  it('reads an empty body as null and refuses it where the contract expects JSON', () => {
    expect(thrown(() => parseAnswer('getChanges', 200, new Uint8Array(0))).message).toMatch(/\(\/ must be object\)/);
  });
});

describe('writer errors across threads', () => {
  it('rebuilds a ServiceError with its code, status and message', () => {
    const original = thrown(() => parseAnswer('getChanges', 200, bytes('not json')));
    const shape = structuredClone(toWriterError(original));
    const rebuilt = fromWriterError(shape);
    expect(rebuilt).toBeInstanceOf(ServiceError);
    expect(rebuilt).toMatchObject({ code: original.code, status: original.status, message: original.message });
  });

  it('keeps the message of any other failure', () => {
    const sqlite = fromWriterError(
      structuredClone(toWriterError(new Error('NOT NULL constraint failed: folders.name'))),
    );
    expect(sqlite).not.toBeInstanceOf(ServiceError);
    expect(sqlite.message).toBe('NOT NULL constraint failed: folders.name');
    expect(fromWriterError(toWriterError('disk full')).message).toBe('disk full');
  });
});
