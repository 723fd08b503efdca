/**
 * Drafts: what a user typed into a form and has not saved, kept on this machine so that closing
 * the window mid-edit loses nothing. Keyed by form (`contact:new`, `contact:<id>`, `note:contact:<id>`…).
 */
import { z } from 'zod';
import { call } from './common';

const draftKey = z.string().min(1).max(200);
/** The largest draft kept, characters of JSON. */
export const maxDraftLength = 100_000;

export const draftsCalls = {
  'drafts.get': call<{ value: unknown; savedAt: string } | null>()(z.object({ key: draftKey }).strict()),
  'drafts.put': call<{ savedAt: string }>()(
    z
      .object({
        key: draftKey,
        value: z.json().refine((v) => JSON.stringify(v).length <= maxDraftLength, 'This draft is too large to keep.'),
      })
      .strict(),
  ),
  'drafts.remove': call<{ removed: boolean }>()(z.object({ key: draftKey }).strict()),
} as const;
