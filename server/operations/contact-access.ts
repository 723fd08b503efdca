/** Role and permission checks of the contacts area (contract: `PermissionName`). */
import type { ServiceRepos } from '../db/service-repos';
import type { PermissionName } from '../db/permissions';
import { forbidden } from '../http/problem';

/** Throws 403 unless the user holds `permission`; `action` says what was refused. */
export function requirePermission(
  repos: Pick<ServiceRepos, 'permissions'>,
  userId: string,
  permission: PermissionName,
  action: string,
): void {
  if (!repos.permissions.has(userId, permission)) {
    throw forbidden(`You need the ${permission} permission to ${action}; ask an administrator.`);
  }
}

/** Throws 403 unless the user has the `admin` role; `action` says what was refused. */
export function requireAdmin(repos: Pick<ServiceRepos, 'sessions'>, userId: string, action: string): void {
  if (!repos.sessions.hasRole(userId, 'admin')) throw forbidden(`Only administrators may ${action}.`);
}
