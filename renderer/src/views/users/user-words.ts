/** Words of user administration: roles, permissions and what an action did. */
import type { PermissionName, SessionRevocation, UserRole } from '../../../../preload/contract';
import { formatDateTime, pluralize } from '../../lib/format';

/** A role in words. */
export const roleLabel: Record<UserRole, string> = { sales: 'Sales', manager: 'Manager', admin: 'Administrator' };

/** What a permission allows, in words (api/openapi.yaml, PermissionName). */
export const permissionLabel: Record<PermissionName, string> = {
  'contacts.write': 'Save, archive and restore contacts',
  'contacts.delete': 'Delete contacts',
  'companies.write': 'Save companies',
  'companies.delete': 'Delete companies',
};

/** "2 sessions and 2 sign-in renewals ended at <time>": what `Boot User` or `Reset Password` revoked. */
export function revokedText(revoked: SessionRevocation): string {
  const sessions = pluralize(revoked.revokedAccessTokens, 'open session');
  const renewals = pluralize(revoked.revokedRefreshTokens, 'kept sign-in');
  return `${sessions} and ${renewals} ended at ${formatDateTime(revoked.revokedAt)}`;
}
