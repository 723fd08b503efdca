/**
 * Handlers of `comments.*` (notes): a record's notes from the service when it can be reached,
 * kept for offline with their age, plus the notes written here and still queued. Writing a note
 * (with its files) and deleting one go through the write path; the files are copied under the
 * data folder first, so a note written offline keeps them until it is sent.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  BridgeError,
  type FileRef,
  type Note,
  type NoteRecordType,
  type SyncedType,
} from '../../../../preload/contract';
import type { ApiSchemas } from '../../../../preload/contract/common';
import { formatBytes } from '../../format-bytes';
import { campaignKey } from '../campaigns/sent-campaign';
import type { AreaHandlers, HandlerContext } from '../context';
import { dealAnswerKey } from '../deals/keys';
import { keptAnswer } from '../kept';

type Names = 'comments.list' | 'comments.add' | 'comments.delete';
type ApiComment = ApiSchemas['Comment'];

/** The largest note attachment, bytes (the contract's CommentAttachment.size). */
export const maxAttachmentBytes = 26_214_400;
/** The folder (under the data folder) where the files of notes not yet sent are kept. */
export const noteFilesFolder = 'outbox-files';
/**
 * How long a record's notes, once fetched, are shown without asking the service again, ms. The
 * push forgets it for every record when a note of this machine reaches the service, so a note
 * written here turns from pending to written at once.
 */
export const notesFreshForMs = 60_000;
/** The prefix of the keys under which records' notes are kept. */
export const notesKeyPrefix = 'comments:';
/** Most notes read for one record. */
const maxNotes = 500;

function authorName(ctx: HandlerContext, authorId: string): string | null {
  const author = ctx.stores.contacts.get(authorId);
  return author ? `${author.firstName} ${author.lastName}` : null;
}

function toNote(ctx: HandlerContext, comment: ApiComment): Note {
  return {
    id: comment.id,
    resourceType: comment.resourceType,
    resourceId: comment.resourceId,
    authorId: comment.authorId,
    authorName: authorName(ctx, comment.authorId),
    text: comment.text,
    createdAt: comment.createdAt,
    attachments: comment.attachments.map((a) => ({ id: a.id, name: a.fileName, size: a.size })),
    pending: false,
  };
}

/** Notes of `recordId` written here and queued, and ids of notes whose deletion is queued. */
function queuedNotes(ctx: HandlerContext, recordId: string): { written: Note[]; deleted: Set<string> } {
  const written: Note[] = [];
  const deleted = new Set<string>();
  for (const entry of ctx.outbox.all()) {
    if (entry.recordType !== 'comment') continue;
    if (entry.kind === 'create' && entry.mine && ctx.writes.currentId(entry.mine.resourceId as string) === recordId) {
      written.push(entry.mine as unknown as Note);
    } else if (entry.kind === 'delete' && entry.recordId) deleted.add(entry.recordId);
  }
  return { written, deleted };
}

/** Copies the files of a note under the data folder; returns them as the outbox keeps them. */
async function keepFiles(ctx: HandlerContext, noteId: string, files: readonly FileRef[]) {
  const resolved = await Promise.all(files.map((f) => ctx.options.platform.resolveFileRef(f)));
  const large = resolved.filter((f) => f.size > maxAttachmentBytes);
  if (large.length)
    throw new BridgeError(
      'too_large',
      `${large.map((f) => f.name).join(', ')}: a note's files may be at most ${formatBytes(maxAttachmentBytes)} each. Choose smaller files.`,
    );
  const empty = resolved.filter((f) => f.size === 0);
  if (empty.length)
    throw new BridgeError(
      'invalid_input',
      `${empty.map((f) => f.name).join(', ')} is empty. Choose a file with content.`,
    );
  const folder = join(ctx.options.dataDir, noteFilesFolder, noteId);
  mkdirSync(folder, { recursive: true });
  return resolved.map((file, index) => {
    const path = join(folder, `${index}`);
    copyFileSync(file.path, path);
    return { path, name: file.name, size: file.size };
  });
}

/**
 * True when the record a note is written on is on this computer: a synced record in the cache, or
 * a deal (read on demand, not synced) whose page was read once (its kept answer, `deals.get`), or a
 * campaign read once (its kept answer, `campaigns.get`).
 */
function recordIsHere(ctx: HandlerContext, recordType: NoteRecordType, id: string): boolean {
  if (recordType === 'deal') return ctx.cache.state.getCached(dealAnswerKey(id)) !== null;
  if (recordType === 'campaign') return ctx.cache.state.getCached(campaignKey(id)) !== null;
  const type = recordType as SyncedType;
  return Boolean(ctx.cache.applier.read(type, id) || (type === 'document' && ctx.stores.documents.get(id)));
}

/** Creates the notes handlers. */
export const commentsHandlers: AreaHandlers<Names> = (ctx) => ({
  'comments.list': async ({ recordType, recordId }) => {
    const id = ctx.writes.currentId(recordId);
    const local = ctx.outbox.serviceIdOf(id) === null;
    const kept = local
      ? { value: [] as Note[], fetchedAt: null }
      : await keptAnswer(
          ctx,
          `${notesKeyPrefix}${recordType}:${id}`,
          async () => {
            const page = await ctx.session.api().call('getRelatedComments', {
              query: { resourceType: recordType, resourceId: id, limit: maxNotes },
              timeoutMs: 10_000,
            });
            return page.items.map((c) => toNote(ctx, c));
          },
          [] as Note[],
          notesFreshForMs,
        );
    const queued = queuedNotes(ctx, id);
    const notes = [...queued.written, ...kept.value.filter((n) => !queued.deleted.has(n.id))];
    notes.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { value: notes, fetchedAt: kept.fetchedAt };
  },
  'comments.add': async ({ recordType, recordId, text, attachments }) => {
    const id = ctx.writes.currentId(recordId);
    if (!recordIsHere(ctx, recordType, id))
      throw new BridgeError('not_found', 'That record is not here any more; the note was not written.');
    const user = ctx.session.state();
    if (user.state !== 'signedIn') throw new BridgeError('unauthorized', 'Sign in to write notes.');
    const noteId = crypto.randomUUID();
    const files = await keepFiles(ctx, noteId, attachments);
    const note: Note = {
      id: noteId,
      resourceType: recordType,
      resourceId: id,
      authorId: user.user.id,
      authorName: `${user.user.firstName} ${user.user.lastName}`,
      text,
      createdAt: new Date().toISOString(),
      attachments: files.map((f) => ({ id: null, name: f.name, size: f.size })),
      pending: true,
    };
    const summary = `Note: ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`;
    ctx.cache.db.transaction(() => {
      ctx.outbox.mapId(noteId, 'comment', null);
      ctx.writes.queue({
        kind: 'create',
        recordType: 'comment',
        recordId: noteId,
        request: { operationId: 'addComment', body: { resourceType: recordType, resourceId: id, text } },
        base: null,
        mine: note as unknown as Record<string, unknown>,
        ifMatch: null,
        summary,
      });
      for (const file of files) {
        ctx.writes.queue({
          kind: 'upload',
          recordType: 'comment',
          recordId: noteId,
          request: { operationId: 'uploadCommentAttachment', body: { commentId: noteId } },
          base: null,
          mine: null,
          ifMatch: null,
          summary: `Attach ${file.name} to a note`,
          file,
        });
      }
    })();
    return note;
  },
  'comments.delete': async ({ id }) => {
    const noteId = ctx.writes.currentId(id);
    const entries = ctx.outbox.forRecord(noteId);
    if (entries[0]?.kind === 'create' && entries[0].state !== 'sending') {
      for (const entry of entries) ctx.writes.discard(entry.id);
      return { deleted: true };
    }
    ctx.writes.queue({
      kind: 'delete',
      recordType: 'comment',
      recordId: noteId,
      request: { operationId: 'deleteComment', query: { id: noteId } },
      base: null,
      mine: null,
      ifMatch: null,
      summary: 'Delete a note',
    });
    return { deleted: true };
  },
});
