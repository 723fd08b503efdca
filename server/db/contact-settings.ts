/**
 * Users' saved preferences (`ContactPreferences`), one row per user with a version. A user who never
 * saved any has the defaults at version 0.
 */
import type { ValidateFunction } from 'ajv';
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { Db } from './schema';

/** The contract's ContactPreferences. */
export type ContactPreferences = components['schemas']['ContactPreferences'];

/** Stored preferences of one user; `version` 0 and null times when never saved. */
export interface StoredPreferences {
  userId: string;
  version: number;
  preferences: ContactPreferences;
  createdAt: string | null;
  updatedAt: string | null;
}

/** Table of saved preferences. */
export const contactSettingsDdl = `
CREATE TABLE contact_settings (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE, version INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, data TEXT NOT NULL);
`;

/** Preferences of a user who never saved any (the contract's example of `ContactPreferences`). */
const defaultPreferences: ContactPreferences = {
  locale: 'en-US',
  timeZone: 'UTC',
  dateFormat: 'yyyy-MM-dd',
  timeFormat: '24h',
  firstDayOfWeek: 'monday',
  defaultCalendarView: 'week',
  pageSize: 50,
  mutedNotificationKinds: [],
};

/** True when `zone` is an IANA time zone this runtime knows (e.g. `Europe/Berlin`, `UTC`). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Saved preferences repository. */
export class ContactSettingsRepo {
  private readonly validate: ValidateFunction;
  private readonly stmts;

  constructor(db: Db, ajv: ContractAjv) {
    this.validate = ajv.getSchema('contract#/$defs/ContactPreferences') as ValidateFunction;
    this.stmts = {
      get: db.prepare('SELECT version, created_at, updated_at, data FROM contact_settings WHERE user_id = ?'),
      upsert: db.prepare(
        `INSERT INTO contact_settings (user_id, version, created_at, updated_at, data) VALUES (@userId, 1, @at, @at, @data)
         ON CONFLICT (user_id) DO UPDATE SET version = version + 1, updated_at = @at, data = @data`,
      ),
    };
  }

  /** The user's preferences, or the defaults at version 0 when never saved. */
  get(userId: string): StoredPreferences {
    const row = this.stmts.get.get(userId) as
      | { version: number; created_at: string; updated_at: string; data: string }
      | undefined;
    if (!row) return { userId, version: 0, preferences: defaultPreferences, createdAt: null, updatedAt: null };
    return {
      userId,
      version: row.version,
      preferences: JSON.parse(row.data) as ContactPreferences,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /**
   * Replaces the user's preferences and bumps the version. `at` is ISO 8601 UTC (default now).
   * Throws when they do not match the contract.
   */
  save(userId: string, preferences: ContactPreferences, at = new Date().toISOString()): StoredPreferences {
    if (!this.validate(preferences))
      throw new Error(`Invalid ContactPreferences: ${this.validate.errors?.[0]?.message}`);
    this.stmts.upsert.run({ userId, at, data: JSON.stringify(preferences) });
    return this.get(userId);
  }
}
