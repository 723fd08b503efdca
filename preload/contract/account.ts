/**
 * Bridge calls of the signed-in user's own account: who they are and their roles (`Gets current
 * user`, getCurrentUser) and their settings (`Get Contact Settings` / `Save Contact Settings`).
 * Read on demand and kept with their age for offline use; a settings save goes through the write
 * path (queued in the outbox, sent once by sync), so it works offline too.
 */
import { z } from 'zod';
import { type ApiSchemas, call, empty, type FieldError, type KeptAnswer } from './common';
import { contactSettingsSaveSchema } from './write-inputs';

/** The signed-in user with their roles and permission grants (the contract's CurrentUser). */
export type CurrentUser = ApiSchemas['CurrentUser'];
/** A role of a user (api/openapi.yaml, CurrentUser.roles). */
export type UserRole = CurrentUser['roles'][number];
/** A user's settings: preferences, roles and grants (the contract's ContactSettings). */
export type ContactSettings = ApiSchemas['ContactSettings'];
/** A user's display and notification preferences (the contract's ContactPreferences). */
export type ContactPreferences = ApiSchemas['ContactPreferences'];

/** A settings save waiting in the outbox (made here, not yet accepted by the service). */
export interface QueuedSettings {
  /** The outbox entry (its id is the save's Idempotency-Key). */
  entryId: string;
  preferences: ContactPreferences;
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  /** Why the service refused it, in its words (null while waiting). */
  message: string | null;
  /** The refusal's field errors (JSON pointers into the request body, `/body/preferences/timeZone`). */
  fieldErrors: FieldError[];
}

/** The user's settings as the service gave them (null: never read), with their age and a save waiting. */
export type MySettings = KeptAnswer<ContactSettings | null> & { queued: QueuedSettings | null };

export const accountCalls = {
  /** The signed-in user with their roles (getCurrentUser): the service's answer when online, else the last one with its age. */
  'account.me': call<KeptAnswer<CurrentUser | null>>()(empty),
  /** The signed-in user's settings (getContactSettings without userId) and a save of them still waiting. */
  'account.settings': call<MySettings>()(empty),
  /**
   * Saves the signed-in user's preferences through the write path (saveContactSettings, If-Match
   * `version`: the version they were edited against, 0 for the defaults never saved). A save still
   * waiting is replaced by this one.
   */
  'account.saveSettings': call<MySettings>()(
    z.object({ settings: contactSettingsSaveSchema, version: z.number().int().min(0) }).strict(),
  ),
} as const;
