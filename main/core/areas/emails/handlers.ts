/**
 * Handlers of `emails.*` (preload/contract/emails.ts): e-mails logged against a contact or a company,
 * read on demand from the service (they are not in the change feed: api/openapi.yaml `ChangeType`),
 * each answer kept for offline use with its age (kept.ts); the message and its attachments are
 * downloaded through email-downloads.ts.
 */
import { BridgeError, type EmailAttachmentRow, type EmailPage, emailPageSize } from '../../../../preload/contract';
import type { ApiSchemas } from '../../../../preload/contract/common';
import { companyServiceId } from '../company-refs';
import type { AreaHandlers, HandlerContext } from '../context';
import { markFinishedDownloads } from '../documents/download-marks';
import { openLocalFile } from '../documents/open-document';
import { keptAnswer } from '../kept';
import { attachmentLocalPath, downloadAttachment, downloadMessage } from './email-downloads';
import { emailAttachmentsKey, emailKey, emailPageKey } from './keys';

type Names =
  | 'emails.list'
  | 'emails.get'
  | 'emails.attachments'
  | 'emails.downloadAttachment'
  | 'emails.openAttachment'
  | 'emails.downloadMessage';

/** How long one read may take, ms. */
const timeoutMs = 10_000;

type ServiceAttachment = ApiSchemas['EmailAttachment'];

/** An e-mail without its bodies, as lists keep it. */
function rowOf(email: ApiSchemas['Email']): EmailPage['emails'][number] {
  const { id, subject, from, to, cc, sentAt, direction, attachmentCount, contactId, companyId } = email;
  return { id, subject, from, to, cc, sentAt, direction, attachmentCount, contactId, companyId };
}

/** The attachments of e-mail `emailId` as kept (asked of the service when it can be reached); null when never fetched. */
async function attachmentsOf(ctx: HandlerContext, emailId: string) {
  return keptAnswer<ServiceAttachment[] | null>(
    ctx,
    emailAttachmentsKey(emailId),
    async () => (await ctx.session.api().call('getEmailAttachments', { query: { emailId }, timeoutMs })).items,
    null,
  );
}

/** Attachment `attachmentId` of e-mail `emailId`, from the last answer; throws `not_found` in words. */
async function findAttachment(ctx: HandlerContext, emailId: string, attachmentId: string) {
  const kept = await attachmentsOf(ctx, emailId);
  const attachment = kept.value?.find((a) => a.id === attachmentId);
  if (!attachment) {
    throw new BridgeError(
      'not_found',
      kept.value === null
        ? "This e-mail's attachments have not been read from the service yet. Open the e-mail again once the service can be reached."
        : 'That attachment is not on this e-mail any more. Open the e-mail again to see its attachments as they are now.',
    );
  }
  return { ...attachment, localPath: null };
}

/** Creates the e-mails handlers. */
export const emailsHandlers: AreaHandlers<Names> = (ctx) => {
  const marks = markFinishedDownloads(ctx);
  return {
    'emails.list': async (input) => {
      const [by, id] =
        'contactId' in input ? (['contactId', input.contactId] as const) : (['companyId', input.companyId] as const);
      const recordId = companyServiceId(ctx, id);
      // A record the service does not have yet has no e-mails there.
      if (recordId === null) return { value: { emails: [], nextCursor: null }, fetchedAt: null };
      return keptAnswer<EmailPage>(
        ctx,
        emailPageKey(by, recordId, input.cursor),
        async () => {
          const page = await ctx.session.api().call('getEmails', {
            query: { [by]: recordId, limit: emailPageSize, cursor: input.cursor, sort: '-sentAt' },
            timeoutMs,
          });
          return { emails: page.items.map(rowOf), nextCursor: page.nextCursor };
        },
        { emails: [], nextCursor: null },
      );
    },

    'emails.get': async ({ id }) =>
      keptAnswer(ctx, emailKey(id), () => ctx.session.api().call('getEmail', { query: { id }, timeoutMs }), null),

    'emails.attachments': async ({ emailId }) => {
      const kept = await attachmentsOf(ctx, emailId);
      const value: EmailAttachmentRow[] | null =
        kept.value?.map((a) => ({ ...a, localPath: attachmentLocalPath(ctx, a) })) ?? null;
      return { value, fetchedAt: kept.fetchedAt };
    },

    'emails.downloadAttachment': async ({ emailId, attachmentId }) => {
      ctx.session.api();
      return downloadAttachment(ctx, emailId, await findAttachment(ctx, emailId, attachmentId));
    },

    'emails.openAttachment': async ({ emailId, attachmentId, confirm }) => {
      const kept = ctx.cache.state.getCached<ServiceAttachment[] | null>(emailAttachmentsKey(emailId))?.value ?? [];
      const attachment = kept.find((a) => a.id === attachmentId);
      const localPath = attachment ? attachmentLocalPath(ctx, attachment) : null;
      if (!attachment || !localPath) {
        const name = attachment ? attachment.fileName : 'This attachment';
        throw new BridgeError('not_found', `${name} is not on this computer yet. Download it first.`);
      }
      await marks.settled(localPath);
      return openLocalFile(ctx, localPath, { name: attachment.fileName, contentType: attachment.contentType, confirm });
    },

    'emails.downloadMessage': async ({ id }) => {
      const subject = ctx.cache.state.getCached<ApiSchemas['Email'] | null>(emailKey(id))?.value?.subject ?? '';
      return downloadMessage(ctx, id, subject);
    },
  };
};
