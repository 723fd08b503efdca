/**
 * Bridge calls of user administration (Contact group): the users of the administrator's company
 * (`Gets all users from company`), a user (`Gets a user`) with their roles and grants (`Get Contact
 * Settings` with userId), and the administrators' actions `Boot User`, `Reset Password` (another
 * user's temporary password) and `Remove Permissions`. Reads are kept with their age for offline
 * use; the actions need the service and are sent at once (nothing is queued). A user's details are
 * edited as a contact (`contacts.save`, the write path's `Saves a user`).
 */
import { z } from 'zod';
import { type ApiSchemas, byId, call, empty, type KeptAnswer, uuid } from './common';
import type { ContactSettings } from './account';
import type { ServiceContactRow } from './users';
import { passwordResetSchema } from './write-inputs';

/** A contact as the service gives it (the contract's Contact). */
export type ServiceContact = ApiSchemas['Contact'];
/** A permission a user may hold (the contract's PermissionName). */
export type PermissionName = ApiSchemas['PermissionName'];
/** What `Boot User` and `Reset Password` revoked (the contract's SessionRevocation). */
export type SessionRevocation = ApiSchemas['SessionRevocation'];

/** The contract's permissions, in its order. */
export const permissionNames = [
  'contacts.write',
  'contacts.delete',
  'companies.write',
  'companies.delete',
] as const satisfies readonly PermissionName[];

/** The people of the administrator's company, for the user list. */
export type CompanyPeople = KeptAnswer<ServiceContactRow[]> & {
  /** The company's name from the cache (null when unknown or when the signed-in user has no company). */
  companyName: string | null;
};

/** A user's page: the contact as the service gives it, and their sign-in's roles and grants. */
export interface UserAccount {
  contact: KeptAnswer<ServiceContact | null>;
  /** Roles and grants (getContactSettings); `value` null with `noSignIn` when the contact has no sign-in. */
  settings: KeptAnswer<ContactSettings | null>;
  /** True when the service said the contact has no sign-in (404 for their settings): not a user. */
  noSignIn: boolean;
}

export const adminCalls = {
  /** The people of the signed-in user's company (getCompanyUsers, by last name, up to 2,000), kept with their age. */
  'admin.users': call<CompanyPeople>()(empty),
  /** A user's page (getUser and getContactSettings with userId): the service's answers when online, else the last ones. */
  'admin.user': call<UserAccount>()(byId),
  /** Signs user `id` out everywhere (bootUser); needs the service. Answers what was revoked. */
  'admin.bootUser': call<SessionRevocation>()(byId),
  /**
   * Sets another user's temporary password (resetPassword): `reset` is the contract's body with
   * `userId` naming the user and `currentPassword` null; needs the service.
   */
  'admin.resetPassword': call<SessionRevocation>()(z.object({ reset: passwordResetSchema }).strict()),
  /** Withdraws one grant from a user (removePermissions); needs the service. Answers the user's settings after it. */
  'admin.removePermission': call<ContactSettings>()(
    z.object({ userId: uuid, permission: z.enum(permissionNames) }).strict(),
  ),
} as const;
