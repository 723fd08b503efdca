/**
 * Permission grants: one row per user and permission. The operations each permission gates are
 * listed in the contract (`PermissionName`); a new user gets the grants of their roles.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { RecordTable } from './record-table';
import type { Db } from './schema';
import type { Role } from './users';

/** The contract's Permission. */
export type Permission = components['schemas']['Permission'];
/** The contract's PermissionName. */
export type PermissionName = components['schemas']['PermissionName'];

/** Table of permission grants. */
export const permissionsDdl = `
CREATE TABLE permissions (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, permission TEXT NOT NULL,
  version INTEGER NOT NULL, data TEXT NOT NULL, UNIQUE (user_id, permission));
`;

/** The grants each role brings to a new user (contract: `PermissionName`). */
const roleGrants: Record<Role, readonly PermissionName[]> = {
  sales: ['contacts.write', 'companies.write'],
  manager: ['contacts.write', 'contacts.delete', 'companies.write', 'companies.delete'],
  admin: ['contacts.write', 'contacts.delete', 'companies.write', 'companies.delete'],
};

/** The union of the grants of `roles`, in the contract's order. */
export function grantsOfRoles(roles: readonly Role[]): PermissionName[] {
  const all = new Set(roles.flatMap((r) => roleGrants[r]));
  return roleGrants.admin.filter((p) => all.has(p));
}

/** Permission grants repository. */
export class PermissionRepo {
  readonly table: RecordTable<Permission>;
  private readonly stmts;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.table = new RecordTable<Permission>(db, feed, ajv, {
      table: 'permissions',
      schema: 'Permission',
      columnNames: ['user_id', 'permission'],
      columns: (r) => ({ user_id: r.userId, permission: r.permission }),
    });
    this.stmts = {
      ofUser: db.prepare('SELECT data FROM permissions WHERE user_id = ? ORDER BY permission').pluck(),
      find: db.prepare('SELECT id FROM permissions WHERE user_id = ? AND permission = ?').pluck(),
    };
  }

  /**
   * Grants `permission` to a user (`grantedBy` null: with the user's roles). Keeps an existing grant
   * as it is and returns it. `at` is ISO 8601 UTC (default now).
   */
  grant(userId: string, permission: PermissionName, grantedBy: string | null, at?: string): Permission {
    const existing = this.find(userId, permission);
    if (existing) return existing;
    return this.table.write(
      randomUUID(),
      { userId, permission, grantedBy },
      undefined,
      at ? { createdAt: at, updatedAt: at } : {},
    );
  }

  /** The user's grant of `permission`, or undefined. */
  find(userId: string, permission: PermissionName): Permission | undefined {
    const id = this.stmts.find.get(userId, permission) as string | undefined;
    return id === undefined ? undefined : this.table.get(id);
  }

  /** True when the user holds `permission`. */
  has(userId: string, permission: PermissionName): boolean {
    return this.stmts.find.get(userId, permission) !== undefined;
  }

  /** The user's grants, by permission name. */
  ofUser(userId: string): Permission[] {
    return (this.stmts.ofUser.all(userId) as string[]).map((json) => JSON.parse(json) as Permission);
  }

  /** Withdraws a grant; false when the user did not hold it. */
  remove(userId: string, permission: PermissionName): boolean {
    const id = this.stmts.find.get(userId, permission) as string | undefined;
    return id === undefined ? false : this.table.remove(id, undefined);
  }
}
