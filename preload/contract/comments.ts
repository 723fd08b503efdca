/**
 * Bridge calls of notes: comments on a contact, a company, an event or a document, with
 * attachments. Read on demand (kept for offline with their age); written offline like any edit.
 */
import { z } from 'zod';
import { type ApiSchemas, byId, call, fileRefSchema, type KeptAnswer, uuid } from './common';

export type CommentResourceType = ApiSchemas['CommentResourceType'];
/** The record types notes are written on in the app. */
export const noteRecordTypes = [
  'contact',
  'company',
  'calendarEvent',
  'document',
  'deal',
  'campaign',
] as const satisfies readonly CommentResourceType[];
/** A record type notes are written on in the app. */
export type NoteRecordType = (typeof noteRecordTypes)[number];

/** A note on a record, with its author's name; `pending` until the service has it. */
export type Note = Pick<
  ApiSchemas['Comment'],
  'id' | 'resourceType' | 'resourceId' | 'authorId' | 'text' | 'createdAt'
> & {
  authorName: string | null;
  attachments: { id: string | null; name: string; size: number }[];
  pending: boolean;
};

/** The longest note, characters (the contract's CommentInput.text). */
export const maxNoteLength = 10_000;
/** The most files attached to one note (the contract's Comment.attachments). */
export const maxNoteAttachments = 20;

export const commentsCalls = {
  'comments.list': call<KeptAnswer<Note[]>>()(
    z.object({ recordType: z.enum(noteRecordTypes), recordId: uuid }).strict(),
  ),
  'comments.add': call<Note>()(
    z
      .object({
        recordType: z.enum(noteRecordTypes),
        recordId: uuid,
        text: z
          .string()
          .max(maxNoteLength, `A note holds at most ${maxNoteLength.toLocaleString('en')} characters.`)
          .regex(/\S/, 'Write something first.'),
        attachments: z.array(fileRefSchema).max(maxNoteAttachments).default([]),
      })
      .strict(),
  ),
  'comments.delete': call<{ deleted: boolean }>()(byId),
} as const;
