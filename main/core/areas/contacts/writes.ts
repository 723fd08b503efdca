/** How contacts are written to the service: `Saves a user`, `Delete Contact`, read again with `Gets a user`. */
import type { ApiContact } from '../../api/types';
import { pick, type RecordWrites } from '../../writes/record-writes';

/** The fields of a contact a save sends (the contract's ContactSave without `id`). */
export const contactSaveFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'jobTitle',
  'companyId',
  'type',
  'city',
  'country',
] as const;

export const contactWrites: RecordWrites<ApiContact> = {
  type: 'contact',
  noun: 'contact',
  label: (r) => `${r.firstName} ${r.lastName}`.trim(),
  create: (r) => ({ operationId: 'saveUser', body: pick(r, contactSaveFields) }),
  update: (r) => ({ operationId: 'saveUser', body: { id: r.id, ...pick(r, contactSaveFields) } }),
  delete: (id) => ({ operationId: 'deleteContact', query: { id } }),
  fetch: (id) => ({ operationId: 'getUser', query: { id } }),
};
