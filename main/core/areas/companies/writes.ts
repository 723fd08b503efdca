/** How companies are written to the service: `Saves a company`, `Delete company`, read again with `Get Company`. */
import type { ApiCompany } from '../../api/types';
import { pick, type RecordWrites } from '../../writes/record-writes';

/** The fields of a company a save sends (the contract's CompanySave without `id`). */
export const companySaveFields = ['name', 'industry', 'website', 'phone', 'address'] as const;

export const companyWrites: RecordWrites<ApiCompany> = {
  type: 'company',
  noun: 'company',
  label: (r) => r.name,
  create: (r) => ({ operationId: 'saveCompany', body: pick(r, companySaveFields) }),
  update: (r) => ({ operationId: 'saveCompany', body: { id: r.id, ...pick(r, companySaveFields) } }),
  delete: (id) => ({ operationId: 'deleteCompany', query: { id } }),
  fetch: (id) => ({ operationId: 'getCompany', query: { id } }),
};
