/**
 * Bridge calls of the companies area: the cached list and company page, its related records fetched
 * on demand (kept with their age for offline), and every company edit (queued offline).
 */
import { z } from 'zod';
import {
  type ApiSchemas,
  byId,
  call,
  type KeptAnswer,
  type RecordSyncState,
  type RowWindow,
  searchText,
  uuid,
  windowInput,
} from './common';
import { companySaveSchema } from './write-inputs';

/** A company as the cache keeps it (the contract's Company with its address flattened). */
export type Company = Pick<ApiSchemas['Company'], 'id' | 'name' | 'industry' | 'website' | 'phone' | 'updatedAt'> & {
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
};

/** A company in a list, with how many cached contacts belong to it. */
export type CompanyRow = Company & { contactCount: number; syncState: RecordSyncState };

/** A branch of a company (the contract's Branch). */
export type Branch = ApiSchemas['Branch'];
/** A PSA deal (the contract's Deal). */
export type Deal = ApiSchemas['Deal'];

/**
 * What the service relates to a company, fetched on demand: its deals (`Get related deals`). Its
 * branches are read through `branches.ofCompany` (preload/contract/branches.ts).
 */
export interface CompanyRelated {
  deals: Deal[];
}

export const companiesCalls = {
  'companies.list': call<RowWindow<CompanyRow>>()(z.object({ query: searchText, ...windowInput }).strict()),
  'companies.get': call<CompanyRow | null>()(byId),
  /** Deals of a company: from the service when online, else the last answer with its age. */
  'companies.related': call<KeptAnswer<CompanyRelated>>()(byId),
  'companies.save': call<CompanyRow>()(z.object({ company: companySaveSchema }).strict()),
  /** Deletes a company; the service refuses (shown in words) while deals, rebates or contacts name it. */
  'companies.delete': call<{ deleted: boolean }>()(z.object({ id: uuid }).strict()),
  /** The company's logo as a `data:` URL, fetched once and kept; null offline before the first fetch. */
  'companies.logo': call<{ dataUrl: string | null }>()(byId),
} as const;
