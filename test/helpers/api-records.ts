/**
 * Valid records of the contract (api/openapi.yaml `Contact`, `Company`), for tests that write them
 * into a cache or serve them: every field set, the ones a test cares about given.
 */
import type { ApiCompany, ApiContact } from '../../main/core/api/types';

/** When the fixtures' records were made and last changed (ISO 8601 UTC). */
export const recordTime = '2026-03-01T10:00:00.000Z';

/** A stable UUID numbered `n` (`00000000-0000-4000-8000-<n, 12 digits>`). */
export const numberedId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A Contact: a customer, active, named Dana Reyes, with no company, unless `fields` says otherwise. */
export function apiContact(fields: Partial<ApiContact> & { id: string }): ApiContact {
  return {
    version: 1,
    firstName: 'Dana',
    lastName: 'Reyes',
    email: null,
    phone: null,
    jobTitle: null,
    companyId: null,
    type: 'customer',
    state: 'active',
    city: null,
    country: null,
    createdAt: recordTime,
    updatedAt: recordTime,
    ...fields,
  };
}

/** A Company with no address, phone or website, unless `fields` says otherwise. */
export function apiCompany(fields: Partial<ApiCompany> & { id: string; name: string }): ApiCompany {
  return {
    version: 1,
    industry: null,
    website: null,
    phone: null,
    address: { street: null, city: null, postalCode: null, country: null },
    createdAt: recordTime,
    updatedAt: recordTime,
    ...fields,
  };
}
