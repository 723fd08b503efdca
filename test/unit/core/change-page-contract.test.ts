/**
 * The contract's `Change` rules (api/openapi.yaml: `data` null exactly for a delete, else the record
 * schema its `type` chooses), as both readers of change pages apply them: the contract checker the
 * service's tests use (test/helpers/server-contract.ts) and the client (main/core/api/answer.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../../main/core/api/answer';
import { contractViolations } from '../../helpers/server-contract';

const at = '2026-03-01T10:00:00.000Z';
const id = '7d5a2b8e-6f1c-4c3e-9a7b-2e4d6f8a0b1c';
const contact = {
  id,
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
const company = { id, version: 2, name: 'Analytical Engines Ltd', createdAt: at, updatedAt: at };
const change = (type: string, op: string, data: unknown) => ({ seq: 7, type, id, op, version: 3, data });
const page = (...changes: unknown[]) => ({ changes, nextCursor: 'c-2', hasMore: false });

const serviceAccepts = (body: unknown) =>
  contractViolations('getChanges', { status: 200, contentType: 'application/json', body });
const clientAccepts = (body: unknown) => {
  try {
    parseAnswer('getChanges', 200, new TextEncoder().encode(JSON.stringify(body)));
    return true;
  } catch {
    return false;
  }
};

describe('a page of changes against the contract', () => {
  it('is accepted with upserts of their own type and tombstones without data', () => {
    const valid = page(change('contact', 'upsert', contact), change('folder', 'delete', null));
    expect(serviceAccepts(valid)).toEqual([]);
    expect(clientAccepts(valid)).toBe(true);
  });

  it('is refused when an upsert carries a record of another type', () => {
    const mismatched = page(change('company', 'upsert', contact));
    expect(serviceAccepts(mismatched)).not.toEqual([]);
    expect(clientAccepts(mismatched)).toBe(false);
    const swapped = page(change('contact', 'upsert', company));
    expect(serviceAccepts(swapped)).not.toEqual([]);
    expect(clientAccepts(swapped)).toBe(false);
  });

  it('is refused when an upsert has no record, or a delete carries one', () => {
    for (const bad of [page(change('contact', 'upsert', null)), page(change('contact', 'delete', contact))]) {
      expect(serviceAccepts(bad)).not.toEqual([]);
      expect(clientAccepts(bad)).toBe(false);
    }
  });
});
