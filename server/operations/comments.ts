/**
 * Operations of the Comment group: add, list, delete comments on records and upload attachments.
 * Adding a comment notifies the record's owner and the mentioned users (the contract's `Add Comment`)
 * and adds a `commentAdded` feed item.
 */
import { randomUUID } from 'node:crypto';
import { type CommentResourceType, commentedRecord } from '../db/commentable';
import { type CommentAttachment, type CommentRecord, maxCommentAttachments } from '../db/comments';
import type { Notification } from '../db/notifications';
import { pageJson } from '../db/paging';
import type { ServiceRepos } from '../db/service-repos';
import type { ServiceStore } from '../db/store';
import { contentTypeOf } from '../files/content-type';
import { receiveUpload } from '../files/upload';
import type { OperationHandlers } from '../http/bind';
import { conflict, notFound } from '../http/problem';
import { userName } from './actors';
import { type OperationDeps, versionETag } from './deps';

/** Largest comment attachment, bytes (25 MiB), as the contract states. */
const maxAttachmentBytes = 25 * 1024 ** 2;

/** The kinds of record a notification may link to (the contract's `Notification.resourceType`). */
const notificationTypes: ReadonlySet<CommentResourceType> = new Set([
  'contact',
  'company',
  'calendarEvent',
  'document',
  'campaign',
]);

/** What `addCommentTo` takes: the comment's target, text and mentions, and its author. */
export interface NewComment {
  resourceType: CommentResourceType;
  resourceId: string;
  text: string;
  mentions: string[];
  authorId: string;
}

/** The repositories `addCommentTo` uses: comments, feed items and the commentable records of other areas. */
export type CommentWriteRepos = Pick<ServiceRepos, 'comments' | 'feedItems' | 'campaigns' | 'deals'>;

/**
 * Stores a new comment in one transaction with its events: a `comment` notification to the record's
 * owner and to each mentioned user (never to the author), and a `commentAdded` feed item. Throws 404
 * for an unknown record or mentioned contact. `history` (demo data) dates the comment at `at`
 * (ISO 8601) and sends no notifications, as they would have been read long ago.
 */
export function addCommentTo(
  store: ServiceStore,
  repos: CommentWriteRepos,
  input: NewComment,
  history?: { at: string },
): CommentRecord {
  return store.transaction(() => {
    const record = commentedRecord(store, repos, input.resourceType, input.resourceId);
    if (!record) throw notFound(input.resourceType, input.resourceId);
    for (const id of input.mentions) if (!store.contacts.get(id)) throw notFound('contact', id);
    const times = history && { createdAt: history.at, updatedAt: history.at };
    const comment = repos.comments.save(
      randomUUID(),
      {
        resourceType: input.resourceType,
        resourceId: input.resourceId,
        authorId: input.authorId,
        text: input.text,
        mentions: input.mentions,
        attachments: [],
      },
      times,
    );
    const author = userName(store, input.authorId);
    const notified = new Set([record.ownerUserId, ...input.mentions]);
    notified.delete(input.authorId);
    if (history) notified.clear();
    for (const userId of notified) {
      if (!userId || !store.users.currentUser(userId)) continue;
      const mentioned = userId !== record.ownerUserId;
      store.createNotification({
        userId,
        kind: 'comment',
        title: `${author} ${mentioned ? 'mentioned you in a comment on' : 'commented on'} ${record.name}`.slice(0, 200),
        body: input.text.slice(0, 2000),
        // Notifications link only to the kinds of record their contract lists; others are named in the title.
        ...(notificationTypes.has(input.resourceType)
          ? { resourceType: input.resourceType as Notification['resourceType'], resourceId: input.resourceId }
          : {}),
      });
    }
    repos.feedItems.record({
      kind: 'commentAdded',
      actorId: input.authorId,
      title: `${author} commented on ${record.name}`,
      summary: input.text,
      resourceType: input.resourceType,
      resourceId: input.resourceId,
      occurredAt: comment.createdAt,
    });
    return comment;
  });
}

/** Handlers of the Comment group. */
export function commentHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'addComment' | 'getRelatedComments' | 'deleteComment' | 'uploadCommentAttachment'> {
  const { store, repos } = deps;
  const { files } = store;
  const { comments } = repos;
  return {
    addComment: ({ body, reply, userId }) => {
      const comment = addCommentTo(store, repos, { ...body, mentions: body.mentions ?? [], authorId: userId });
      reply.code(201).header('ETag', versionETag(comment));
      return comment;
    },

    getRelatedComments: ({ query }) => {
      if (!commentedRecord(store, repos, query.resourceType, query.resourceId))
        throw notFound(query.resourceType, query.resourceId);
      return pageJson(
        comments.list(query.resourceType, query.resourceId, {
          desc: query.sort === '-createdAt',
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },

    deleteComment: async ({ query, reply }) => {
      const comment = comments.get(query.id);
      if (!comment) throw notFound('comment', query.id);
      comments.delete(comment.id);
      for (const attachment of comment.attachments) files.remove(attachment.id);
      reply.code(204);
      return reply.send();
    },

    uploadCommentAttachment: async ({ request, reply }) => {
      const check = (commentId: string) => {
        const comment = comments.get(commentId);
        if (!comment) throw notFound('comment', commentId);
        if (comment.attachments.length >= maxCommentAttachments)
          throw conflict(`The comment already has ${maxCommentAttachments} attachments, the most it may have.`);
      };
      const upload = await receiveUpload(request, files, check, { idPart: 'commentId', maxBytes: maxAttachmentBytes });
      try {
        const attachment: CommentAttachment = store.transaction(() => {
          // Checked again: the comment may have changed while the file streamed in.
          check(upload.folderId);
          const comment = comments.get(upload.folderId) as CommentRecord;
          const added: CommentAttachment = {
            id: randomUUID(),
            fileName: upload.fileName,
            contentType: contentTypeOf(upload.fileName),
            size: upload.size,
            sha256: upload.sha256,
            createdAt: new Date().toISOString(),
          };
          const { id, version: _v, createdAt: _c, updatedAt: _u, ...body } = comment;
          comments.save(id, { ...body, attachments: [...comment.attachments, added] });
          files.commit(upload.tempPath, added.id);
          return added;
        });
        reply.code(201);
        return attachment;
      } catch (error) {
        await files.discard(upload.tempPath);
        throw error;
      }
    },
  };
}
