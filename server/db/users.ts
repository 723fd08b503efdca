/**
 * Users (contacts who may sign in), password hashes (scrypt) and tokens. Access and refresh tokens
 * are random opaque strings (32 bytes, base64url); only their SHA-256 is stored, with an expiry.
 *
 * Refresh tokens rotate with reuse detection (OAuth 2.0 Security BCP, RFC 9700 §4.14.2): every
 * sign-in starts a token family (`family_id` on its refresh and access tokens), and each refresh
 * token is single-use: using it marks it used (`used_at`, kept until it expires) and issues the
 * next tokens of the same family. Using a refresh token that was already used means it was copied:
 * the whole family is revoked (its refresh tokens and the access tokens issued from it), so both the
 * copier's and the owner's sessions end and the owner signs in again. Signing out revokes a family
 * the same way (`revoke`, RFC 7009 §2.1: a refresh token's revocation ends the access tokens issued
 * from its grant too).
 */
import { createHash, randomBytes, randomUUID, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { components } from '../../api/generated/schema';
import type { Statement } from 'better-sqlite3';
import type { Contact } from './contacts';
import type { Db } from './schema';

/** The contract's CurrentUser. */
export type CurrentUser = components['schemas']['CurrentUser'];
/** A role of a user. */
export type Role = CurrentUser['roles'][number];

/** Tokens issued by a sign-in or a refresh. Times are ISO 8601 UTC; `expiresIn` is seconds. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  expiresAt: string;
}

/**
 * What a refresh-token grant found: `rotated` (new tokens of the same family), `unknown` (no such
 * token, or expired), or `reused` (the token had been used before: its family, counted here, is revoked).
 */
export type Rotation =
  | { kind: 'rotated'; userId: string; tokens: IssuedTokens }
  | { kind: 'unknown' }
  | { kind: 'reused'; userId: string; revokedAccessTokens: number; revokedRefreshTokens: number };

/** The kind of token a revocation names (RFC 7009 §2.1 `token_type_hint`). */
export type TokenKind = 'refresh_token' | 'access_token';

/** What a revocation removed: rows of the refresh and access tokens tables (both 0 for an unknown token). */
export interface Revocation {
  revokedAccessTokens: number;
  revokedRefreshTokens: number;
}

/** Lifetime of a refresh token, seconds (30 days). */
export const refreshTokenTtlSeconds = 30 * 24 * 3600;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;
const scryptParams = { N: 16384, r: 8, p: 1 };

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Users and tokens repository. */
export class UserRepo {
  private readonly db: Db;
  private readonly stmts;
  private byId: Statement | null = null;
  /** A hash to compare against when the user is unknown, so both paths take the same time (made on first use). */
  private decoyHash: string | null = null;

  constructor(db: Db) {
    this.db = db;
    this.stmts = {
      insert: db.prepare('INSERT INTO users (id, email, password_hash, roles) VALUES (?, ?, ?, ?)'),
      byEmail: db.prepare('SELECT id, password_hash AS hash FROM users WHERE email = ?'),
      firstId: db.prepare('SELECT id FROM users ORDER BY rowid LIMIT 1').pluck(),
      insertAccess: db.prepare(
        'INSERT INTO access_tokens (token_hash, user_id, expires_at, family_id) VALUES (?, ?, ?, ?)',
      ),
      insertRefresh: db.prepare(
        'INSERT INTO refresh_tokens (token_hash, user_id, expires_at, family_id) VALUES (?, ?, ?, ?)',
      ),
      access: db.prepare('SELECT user_id FROM access_tokens WHERE token_hash = ? AND expires_at > ?').pluck(),
      accessOwner: db.prepare('SELECT user_id AS userId FROM access_tokens WHERE token_hash = ?'),
      refreshOwner: db.prepare(
        'SELECT user_id AS userId, family_id AS familyId FROM refresh_tokens WHERE token_hash = ?',
      ),
      revokeAccess: db.prepare('DELETE FROM access_tokens WHERE token_hash = ?'),
      refresh: db.prepare(
        'SELECT user_id AS userId, family_id AS familyId, used_at AS usedAt FROM refresh_tokens WHERE token_hash = ? AND expires_at > ?',
      ),
      markUsed: db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL'),
      revokeFamilyAccess: db.prepare('DELETE FROM access_tokens WHERE family_id = ?'),
      revokeFamilyRefresh: db.prepare('DELETE FROM refresh_tokens WHERE family_id = ? AND used_at IS NULL'),
      dropFamilyUsed: db.prepare('DELETE FROM refresh_tokens WHERE family_id = ?'),
      purgeAccess: db.prepare('DELETE FROM access_tokens WHERE expires_at <= ?'),
      purgeRefresh: db.prepare('DELETE FROM refresh_tokens WHERE expires_at <= ?'),
    };
  }

  /** Makes the contact a user who signs in with `email` and `password`. */
  create(contact: Contact, email: string, password: string, roles: Role[]): void {
    this.stmts.insert.run(contact.id, email, hashPassword(password), JSON.stringify(roles));
  }

  /** The id of the first user created (the demo user), or undefined when there is none. */
  firstUserId(): string | undefined {
    return this.stmts.firstId.get() as string | undefined;
  }

  /** The id of the user who signs in with `email`, or undefined when there is none. */
  idByEmail(email: string): string | undefined {
    return (this.stmts.byEmail.get(email) as { id: string } | undefined)?.id;
  }

  /** Checks a user name (e-mail, case-insensitive) and password; resolves the user id or null. */
  async verifyPassword(email: string, password: string): Promise<string | null> {
    const row = this.stmts.byEmail.get(email) as { id: string; hash: string } | undefined;
    if (!row) this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const ok = await verifyPassword(password, row?.hash ?? (this.decoyHash as string));
    return row && ok ? row.id : null;
  }

  /** The signed-in user's profile with roles and permission grants, or undefined when the user no longer exists. */
  currentUser(userId: string): CurrentUser | undefined {
    // Prepared on first use: the grants are in the contacts area's table, made after the core tables.
    this.byId ??= this.db.prepare(
      `SELECT u.email, u.roles, c.data,
         (SELECT json_group_array(permission)
            FROM (SELECT permission FROM permissions WHERE user_id = u.id ORDER BY permission)) AS permissions
       FROM users u JOIN contacts c ON c.id = u.id WHERE u.id = ?`,
    );
    const row = this.byId.get(userId) as
      | { email: string; roles: string; data: string; permissions: string }
      | undefined;
    if (!row) return undefined;
    const c = JSON.parse(row.data) as Contact;
    return {
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: row.email,
      jobTitle: c.jobTitle,
      companyId: c.companyId,
      roles: JSON.parse(row.roles) as Role[],
      permissions: JSON.parse(row.permissions) as CurrentUser['permissions'],
    };
  }

  /**
   * Issues a new access token (lifetime `accessTtlSeconds`) and refresh token for a user, starting a
   * new token family (a sign-in). `now` is ms since the epoch.
   */
  issueTokens(userId: string, accessTtlSeconds: number, now = Date.now()): IssuedTokens {
    return this.db.transaction(() => this.issueInFamily(userId, randomUUID(), accessTtlSeconds, now))();
  }

  /**
   * Uses a refresh token: when it is valid and unused, marks it used and issues the next tokens of
   * its family (rotation); when it was used before, revokes its whole family (reuse detection).
   */
  rotate(refreshToken: string, accessTtlSeconds: number, now = Date.now()): Rotation {
    const nowIso = new Date(now).toISOString();
    const hash = sha256(refreshToken);
    return this.db.transaction((): Rotation => {
      const row = this.stmts.refresh.get(hash, nowIso) as
        | { userId: string; familyId: string; usedAt: string | null }
        | undefined;
      if (!row) return { kind: 'unknown' };
      if (row.usedAt !== null || this.stmts.markUsed.run(nowIso, hash).changes !== 1) {
        const revokedAccessTokens = this.stmts.revokeFamilyAccess.run(row.familyId).changes;
        const revokedRefreshTokens = this.stmts.revokeFamilyRefresh.run(row.familyId).changes;
        this.stmts.dropFamilyUsed.run(row.familyId);
        return { kind: 'reused', userId: row.userId, revokedAccessTokens, revokedRefreshTokens };
      }
      return {
        kind: 'rotated',
        userId: row.userId,
        tokens: this.issueInFamily(row.userId, row.familyId, accessTtlSeconds, now),
      };
    })();
  }

  /**
   * Revokes `token` when it is a token of `userId` (RFC 7009): a refresh token (used or not) takes
   * its whole family with it, its refresh and access tokens; an access token goes alone. `hint`
   * says which kind to look for first; the other kind is looked for too. A token that is unknown,
   * already revoked or another user's revokes nothing (both counts 0).
   */
  revoke(userId: string, token: string, hint: TokenKind = 'refresh_token'): Revocation {
    const hash = sha256(token);
    return this.db.transaction((): Revocation => {
      const order: TokenKind[] =
        hint === 'access_token' ? ['access_token', 'refresh_token'] : ['refresh_token', 'access_token'];
      for (const kind of order) {
        if (kind === 'refresh_token') {
          const row = this.stmts.refreshOwner.get(hash) as { userId: string; familyId: string } | undefined;
          if (!row) continue;
          if (row.userId !== userId) break;
          const revokedAccessTokens = this.stmts.revokeFamilyAccess.run(row.familyId).changes;
          const revokedRefreshTokens = this.stmts.dropFamilyUsed.run(row.familyId).changes;
          return { revokedAccessTokens, revokedRefreshTokens };
        }
        const row = this.stmts.accessOwner.get(hash) as { userId: string } | undefined;
        if (!row) continue;
        if (row.userId !== userId) break;
        return { revokedAccessTokens: this.stmts.revokeAccess.run(hash).changes, revokedRefreshTokens: 0 };
      }
      return { revokedAccessTokens: 0, revokedRefreshTokens: 0 };
    })();
  }

  private issueInFamily(userId: string, familyId: string, accessTtlSeconds: number, now: number): IssuedTokens {
    const accessToken = newToken();
    const refreshToken = newToken();
    const expiresAt = new Date(now + accessTtlSeconds * 1000).toISOString();
    const nowIso = new Date(now).toISOString();
    this.stmts.purgeAccess.run(nowIso);
    this.stmts.purgeRefresh.run(nowIso);
    this.stmts.insertAccess.run(sha256(accessToken), userId, expiresAt, familyId);
    this.stmts.insertRefresh.run(
      sha256(refreshToken),
      userId,
      new Date(now + refreshTokenTtlSeconds * 1000).toISOString(),
      familyId,
    );
    return { accessToken, refreshToken, expiresIn: accessTtlSeconds, expiresAt };
  }

  /** The user id of a valid access token, or null. */
  verifyAccessToken(accessToken: string): string | null {
    return (this.stmts.access.get(sha256(accessToken), new Date().toISOString()) as string | undefined) ?? null;
  }
}

/** Hashes a password with scrypt: `scrypt$<salt b64>$<hash b64>`. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, scryptParams);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, scryptParams);
  return timingSafeEqual(actual, expected);
}
