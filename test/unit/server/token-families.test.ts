/**
 * Refresh-token families in the service's data layer (server/db/users.ts, schema version 3 in
 * server/db/schema.ts): rotation stays in the family, reuse revokes exactly that family, and a
 * database from schema version 2 keeps its refresh tokens working, each as a family of its own.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase, schemaVersion } from '../../../server/db/schema';
import { UserRepo } from '../../../server/db/users';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let dir: string | null = null;
let db: Db | null = null;

/** A fresh service database with one user (foreign keys off: no contact row is needed). */
function freshDb(): Db {
  dir = mkdtempSync(join(tmpdir(), 'brm-token-families-'));
  db = openDatabase(join(dir, 'service.db'), '');
  db.pragma('foreign_keys = OFF');
  db.prepare("INSERT INTO users (id, email, password_hash, roles) VALUES ('u1', 'u1@example.com', 'x', '[]')").run();
  return db;
}

afterEach(() => {
  db?.close();
  db = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('UserRepo token families', () => {
  it('keeps a family through rotations and revokes only it when a used token comes back', () => {
    const users = new UserRepo(freshDb());
    const signIn = users.issueTokens('u1', 900);
    const other = users.issueTokens('u1', 900);
    const next = users.rotate(signIn.refreshToken, 900);
    if (next.kind !== 'rotated') throw new Error(`expected a rotation, got ${next.kind}`);
    expect(users.verifyAccessToken(next.tokens.accessToken)).toBe('u1');
    expect(users.rotate(signIn.refreshToken, 900)).toEqual({
      kind: 'reused',
      userId: 'u1',
      revokedAccessTokens: 2,
      revokedRefreshTokens: 1,
    });
    expect(users.verifyAccessToken(signIn.accessToken)).toBeNull();
    expect(users.verifyAccessToken(next.tokens.accessToken)).toBeNull();
    expect(users.rotate(next.tokens.refreshToken, 900)).toEqual({ kind: 'unknown' });
    expect(users.verifyAccessToken(other.accessToken)).toBe('u1');
    expect(users.rotate(other.refreshToken, 900).kind).toBe('rotated');
  });

  it('answers unknown for an expired refresh token', () => {
    const users = new UserRepo(freshDb());
    const issued = users.issueTokens('u1', 900, Date.parse('2020-01-01T00:00:00Z'));
    expect(users.rotate(issued.refreshToken, 900)).toEqual({ kind: 'unknown' });
  });
});

describe('schema version 3', () => {
  it('gives refresh tokens of a version 2 database a family each, and they keep working', () => {
    const old = freshDb();
    old.exec(`DROP INDEX documents_without_crc32; DROP INDEX access_tokens_family; DROP INDEX refresh_tokens_family;
      ALTER TABLE access_tokens DROP COLUMN family_id; ALTER TABLE refresh_tokens DROP COLUMN family_id;
      ALTER TABLE refresh_tokens DROP COLUMN used_at; PRAGMA user_version = 2;`);
    old
      .prepare(
        "INSERT INTO refresh_tokens (token_hash, user_id, expires_at) VALUES (?, 'u1', '2999-01-01T00:00:00.000Z')",
      )
      .run(sha256('old-refresh-token'));
    const file = old.name;
    old.close();

    db = openDatabase(file, '');
    db.pragma('foreign_keys = OFF');
    expect(db.pragma('user_version', { simple: true })).toBe(schemaVersion);
    expect(db.prepare('SELECT family_id, used_at FROM refresh_tokens').get()).toEqual({
      family_id: sha256('old-refresh-token'),
      used_at: null,
    });
    const users = new UserRepo(db);
    expect(users.rotate('old-refresh-token', 900).kind).toBe('rotated');
    expect(users.rotate('old-refresh-token', 900).kind).toBe('reused');
  });
});
