/**
 * On-demand contact lists (main/core/areas/users/service-contacts.ts): pages are followed by their
 * cursor up to the bound kept, which says whether that was all; the view's search and filters
 * narrow the rows like the Contacts list's words do.
 */
import { describe, expect, it } from 'vitest';
import {
  fetchContactPages,
  matchesNarrowing,
  type ServiceContact,
} from '../../../main/core/areas/users/service-contacts';
import type { ApiSchemas, ContactRow } from '../../../preload/contract';
import { apiContact } from '../../helpers/api-records';

function contact(n: number): ServiceContact {
  return apiContact({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    firstName: 'Ada',
    lastName: `Lovelace ${n}`,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  });
}

/** A service of `total` contacts answering pages by numeric cursor; records the limits asked. */
function pagedService(total: number) {
  const limits: number[] = [];
  const fetchPage = async (cursor: string | undefined, limit: number): Promise<ApiSchemas['ContactPage']> => {
    limits.push(limit);
    const start = cursor ? Number(cursor) : 0;
    const end = Math.min(total, start + limit);
    const items = Array.from({ length: end - start }, (_, i) => contact(start + i));
    return { items, nextCursor: end < total ? String(end) : null };
  };
  return { fetchPage, limits };
}

describe('fetchContactPages', () => {
  it('follows the cursor to the last page and says the list is complete', async () => {
    const service = pagedService(1_234);
    const list = await fetchContactPages(service.fetchPage, 2_000);
    expect(list.complete).toBe(true);
    expect(list.contacts.map((c) => c.lastName)).toEqual(Array.from({ length: 1_234 }, (_, i) => `Lovelace ${i}`));
    expect(service.limits).toEqual([500, 500, 500]);
  });

  it('stops at the bound, asking no more than it keeps, and says the list is not complete', async () => {
    const service = pagedService(5_000);
    const list = await fetchContactPages(service.fetchPage, 1_200);
    expect(list.contacts).toHaveLength(1_200);
    expect(list.complete).toBe(false);
    expect(service.limits).toEqual([500, 500, 200]);
  });

  it('says a list of exactly the bound is complete when the service has no more', async () => {
    const list = await fetchContactPages(pagedService(1_000).fetchPage, 1_000);
    expect(list).toMatchObject({ complete: true });
    expect(list.contacts).toHaveLength(1_000);
  });
});

describe('matchesNarrowing', () => {
  const row: ContactRow = {
    ...contact(1),
    firstName: 'Greta',
    lastName: 'Fischer',
    email: 'greta@kestrel.example',
    jobTitle: 'Buyer',
    companyName: 'Kestrel Logistics',
    syncState: 'synced',
  };

  it('matches every word of the search in the name, e-mail, job title or company, in any case', () => {
    expect(matchesNarrowing(row, { query: 'GRETA kestrel' })).toBe(true);
    expect(matchesNarrowing(row, { query: 'buyer fisch' })).toBe(true);
    expect(matchesNarrowing(row, { query: 'greta smith' })).toBe(false);
    expect(matchesNarrowing(row, { query: '   ' })).toBe(true);
  });

  it('matches the type and state filters', () => {
    expect(matchesNarrowing(row, { type: 'customer', state: 'active' })).toBe(true);
    expect(matchesNarrowing(row, { type: 'partner' })).toBe(false);
    expect(matchesNarrowing(row, { state: 'archived' })).toBe(false);
  });
});
