/**
 * Zod schemas of the records the client writes, built from the contract's own JSON Schemas
 * (`api/generated/write-schemas.ts`, generated from api/openapi.yaml), so that an edit is refused
 * before it is queued with exactly the limits the service applies (lengths, formats, enums, patterns). Rules
 * the contract states in words are added here as refinements, each citing its schema description.
 */
import { z } from 'zod';
import { writeSchemas } from '../../api/generated/write-schemas';
import { nonUnicodePattern, normalizeNameFields } from '../../api/name-characters';
import type { ApiSchemas } from './common';

/** `schema` with every `pattern` in the form zod compiles (without the `u` flag: `nonUnicodePattern`). */
function zodPatterns(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(zodPatterns);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'pattern' && typeof value === 'string' ? nonUnicodePattern(value) : zodPatterns(value),
    ]),
  );
}

/**
 * The zod schema of a contract write body, typed as the generated type `T`. Its names are put into
 * NFC before they are checked, so the parsed input that is queued and sent holds every name in the one
 * form the service stores (`normalizeNameFields`, the "Names" convention of api/openapi.yaml).
 */
export function fromContract<T>(schema: unknown): z.ZodType<T, T> {
  const checked = z.fromJSONSchema(zodPatterns(schema) as Parameters<typeof z.fromJSONSchema>[0]);
  return z.preprocess((value) => normalizeNameFields(schema, value), checked) as unknown as z.ZodType<T, T>;
}

/** Body of `Saves a user` (ContactSave): a contact to create (no id) or update. */
export const contactSaveSchema = fromContract<ApiSchemas['ContactSave']>(writeSchemas.ContactSave);
export type ContactSave = ApiSchemas['ContactSave'];

/** Body of `Saves a company` (CompanySave). */
export const companySaveSchema = fromContract<ApiSchemas['CompanySave']>(writeSchemas.CompanySave);
export type CompanySave = ApiSchemas['CompanySave'];

/** The longest calendar event, ms (CalendarEventInput: "an event lasts at most 31 days"). */
export const maxEventDurationMs = 31 * 24 * 60 * 60 * 1000;

/**
 * Body of `Save Calendar` (CalendarEventInput), with the rules its description states: `endsAt` is
 * after `startsAt`, an event lasts at most 31 days, an all-day event starts and ends at 00:00 UTC.
 */
export const calendarEventSaveSchema = fromContract<ApiSchemas['CalendarEventInput']>(
  writeSchemas.CalendarEventInput,
).superRefine((event, ctx) => {
  const starts = Date.parse(event.startsAt);
  const ends = Date.parse(event.endsAt);
  if (!(ends > starts)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
  } else if (ends - starts > maxEventDurationMs) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'An event lasts at most 31 days.' });
  }
  if (event.allDay) {
    for (const key of ['startsAt', 'endsAt'] as const) {
      if (!/T00:00:00(\.0+)?Z$/.test(event[key])) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'An all-day event starts and ends at midnight.' });
      }
    }
  }
});
export type CalendarEventSave = ApiSchemas['CalendarEventInput'];

/** Body of `Comment` (CommentInput): a note on a record. */
export const commentInputSchema = fromContract<ApiSchemas['CommentInput']>(writeSchemas.CommentInput);
export type CommentInput = ApiSchemas['CommentInput'];

/** Body of `Save CMT` (CmtSave): a company's customer management terms to create (no id) or replace. */
export const cmtSaveSchema = fromContract<ApiSchemas['CmtSave']>(writeSchemas.CmtSave);
export type CmtSave = ApiSchemas['CmtSave'];

/** Body of `Save branch` (BranchSave): a company's location to create (no id) or replace. */
export const branchSaveSchema = fromContract<ApiSchemas['BranchSave']>(writeSchemas.BranchSave);
export type BranchSave = ApiSchemas['BranchSave'];

/** Body of `Create Group` (GroupCreate). A dynamic group needs a `filter`, a static one has none (its description). */
export const groupCreateSchema = fromContract<ApiSchemas['GroupCreate']>(writeSchemas.GroupCreate).superRefine(
  (group, ctx) => {
    if (group.kind === 'dynamic' && !group.filter)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: 'A dynamic group needs its member criteria.' });
    if (group.kind === 'static' && group.filter)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: 'A static group has no member criteria.' });
  },
);
export type GroupCreate = ApiSchemas['GroupCreate'];

/** Body of `Rename Group` (GroupRename). */
export const groupRenameSchema = fromContract<ApiSchemas['GroupRename']>(writeSchemas.GroupRename);
/** Body of `Save Group Meta` (GroupMetaSave): description, colour and tags of a group. */
export const groupMetaSaveSchema = fromContract<ApiSchemas['GroupMetaSave']>(writeSchemas.GroupMetaSave);
export type GroupMetaSave = ApiSchemas['GroupMetaSave'];
/** Body of `Move Group in Tree` (GroupMove). */
export const groupMoveSchema = fromContract<ApiSchemas['GroupMove']>(writeSchemas.GroupMove);
/** Body of `Add to Group` (GroupAddMembers): up to 500 distinct contact ids. */
export const groupAddMembersSchema = fromContract<ApiSchemas['GroupAddMembers']>(writeSchemas.GroupAddMembers);

/** Body of `Save Contact Settings` (ContactSettingsSave): the signed-in user's preferences, replaced as a whole. */
export const contactSettingsSaveSchema = fromContract<ApiSchemas['ContactSettingsSave']>(
  writeSchemas.ContactSettingsSave,
);
export type ContactSettingsSave = ApiSchemas['ContactSettingsSave'];

/** Body of `Reset Password` (PasswordReset): `newPassword` has 10 to 1024 characters (its schema). */
export const passwordResetSchema = fromContract<ApiSchemas['PasswordReset']>(writeSchemas.PasswordReset);

/**
 * Body of `Save` (Pim: ExportTemplateSave): an export template to create (no `id`) or replace. The
 * rule its description states in words (every column is of `target`'s set) is checked where the
 * template is built (preload/contract/export-templates.ts).
 */
export const exportTemplateSaveSchema = fromContract<ApiSchemas['ExportTemplateSave']>(writeSchemas.ExportTemplateSave);
export type ExportTemplateSave = ApiSchemas['ExportTemplateSave'];

/** Body of `Save Document` (DocumentSave): a document's new title, file name (same extension) and/or folder. */
export const documentSaveSchema = fromContract<ApiSchemas['DocumentSave']>(writeSchemas.DocumentSave);
export type DocumentSave = ApiSchemas['DocumentSave'];

/** Body of `Save a folder` (FolderSave): a new folder (parent and name), or a folder's new name and/or parent. */
export const folderSaveSchema = fromContract<ApiSchemas['FolderSave']>(writeSchemas.FolderSave);
export type FolderSave = ApiSchemas['FolderSave'];

/** `submitForApproval` of `Save Document` (DocumentApprovalRequest): the approver and a note for them. */
export const documentApprovalRequestSchema = fromContract<ApiSchemas['DocumentApprovalRequest']>(
  writeSchemas.DocumentApprovalRequest,
);

/** Body of `Reject Document` (DocumentRejection): the comment is required ("the owner reads it"). */
export const documentRejectionSchema = fromContract<ApiSchemas['DocumentRejection']>(writeSchemas.DocumentRejection);
