/** Bridge calls of the contacts area: the cached list and detail, and every contact edit (queued offline). */
import { z } from 'zod';
import {
  type ApiSchemas,
  byId,
  call,
  type RecordSyncState,
  type RowWindow,
  searchText,
  uuid,
  windowInput,
} from './common';
import type { Company } from './companies';
import { contactSaveSchema } from './write-inputs';

export type ContactType = ApiSchemas['ContactType'];
export type ContactState = ApiSchemas['ContactState'];
export const contactTypes = [
  'customer',
  'prospect',
  'partner',
  'supplier',
  'employee',
] as const satisfies readonly ContactType[];
export const contactStates = ['active', 'archived'] as const satisfies readonly ContactState[];

/** A contact in a list: the contract's Contact without its bookkeeping, plus its company's name and sync state. */
export type ContactRow = Pick<
  ApiSchemas['Contact'],
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'jobTitle'
  | 'companyId'
  | 'type'
  | 'state'
  | 'city'
  | 'country'
  | 'updatedAt'
> & {
  companyName: string | null;
  syncState: RecordSyncState;
};

/** A contact with its company. */
export interface ContactDetail extends ContactRow {
  company: Company | null;
}

export const contactsCalls = {
  'contacts.list': call<RowWindow<ContactRow>>()(
    z
      .object({
        query: searchText,
        type: z.enum(contactTypes).optional(),
        state: z.enum(contactStates).optional(),
        companyId: uuid.optional(),
        ...windowInput,
      })
      .strict(),
  ),
  /** A contact by its id (a local id of a contact created offline still finds it after it reached the service). */
  'contacts.get': call<ContactDetail | null>()(byId),
  /** Creates (no `id`) or edits a contact: applied to the cache at once and queued for the service. */
  'contacts.save': call<ContactDetail>()(z.object({ contact: contactSaveSchema }).strict()),
  /** Archives (`archived` true) or restores a contact. */
  'contacts.archive': call<ContactDetail>()(z.object({ id: uuid, archived: z.boolean() }).strict()),
  'contacts.delete': call<{ deleted: boolean }>()(byId),
  /** The contact's avatar as a `data:` URL (PNG, JPEG or WebP), fetched once and kept; null offline before the first fetch. */
  'contacts.avatar': call<{ dataUrl: string | null }>()(byId),
} as const;
