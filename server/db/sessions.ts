/**
 * Sessions and passwords of users beyond signing in: roles, revoking every token of a user
 * (`Boot User`, `Reset Password`) and replacing a password hash. Tokens are stored as SHA-256
 * hashes (see `./users.ts`), so revoking deletes rows; a revoked access token answers 401 at once.
 */
import type { Db } from './schema';
import { hashPassword, type Role } from './users';

/** What a revocation removed: tokens that were still valid, and when (ISO 8601 UTC). */
export interface Revocation {
  userId: string;
  revokedAccessTokens: number;
  revokedRefreshTokens: number;
  revokedAt: string;
}

/** A user's sign-in record. */
export interface Account {
  id: string;
  email: string;
  roles: Role[];
}

/** Sessions and passwords repository. */
export class SessionRepo {
  private readonly db: Db;
  private readonly stmts;

  constructor(db: Db) {
    this.db = db;
    this.stmts = {
      account: db.prepare('SELECT id, email, roles FROM users WHERE id = ?'),
      allAccounts: db.prepare('SELECT id, email, roles FROM users ORDER BY rowid'),
      revokeAccess: db.prepare('DELETE FROM access_tokens WHERE user_id = ? AND expires_at > ?'),
      revokeRefresh: db.prepare('DELETE FROM refresh_tokens WHERE user_id = ? AND expires_at > ?'),
      dropExpiredAccess: db.prepare('DELETE FROM access_tokens WHERE user_id = ?'),
      dropExpiredRefresh: db.prepare('DELETE FROM refresh_tokens WHERE user_id = ?'),
      setHash: db.prepare('UPDATE users SET password_hash = ? WHERE id = ?'),
    };
  }

  /** The user's sign-in record, or undefined when `id` is no user. */
  account(id: string): Account | undefined {
    const row = this.stmts.account.get(id) as { id: string; email: string; roles: string } | undefined;
    return row && { id: row.id, email: row.email, roles: JSON.parse(row.roles) as Role[] };
  }

  /** Every user, in the order they were created. */
  accounts(): Account[] {
    return (this.stmts.allAccounts.all() as Array<{ id: string; email: string; roles: string }>).map((row) => ({
      id: row.id,
      email: row.email,
      roles: JSON.parse(row.roles) as Role[],
    }));
  }

  /** True when the user has `role`. */
  hasRole(id: string, role: Role): boolean {
    return this.account(id)?.roles.includes(role) ?? false;
  }

  /** Deletes every access and refresh token of the user; counts those that were still valid. */
  revokeAll(userId: string, now = Date.now()): Revocation {
    const at = new Date(now).toISOString();
    return this.db.transaction(() => {
      const access = this.stmts.revokeAccess.run(userId, at).changes;
      const refresh = this.stmts.revokeRefresh.run(userId, at).changes;
      this.stmts.dropExpiredAccess.run(userId);
      this.stmts.dropExpiredRefresh.run(userId);
      return { userId, revokedAccessTokens: access, revokedRefreshTokens: refresh, revokedAt: at };
    })();
  }

  /** Replaces the user's password (stored as an scrypt hash). */
  setPassword(userId: string, password: string): void {
    this.stmts.setHash.run(hashPassword(password), userId);
  }
}
