/** Operations of the Email group: list, detail, attachments and the RFC 5322 download. */
import { stat } from 'node:fs/promises';
import { pageJson } from '../db/paging';
import { emailFileName, emailMessageStream } from '../email/message';
import { attachmentDisposition } from '../files/disposition';
import type { OperationHandlers } from '../http/bind';
import { notFound, ProblemError } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

/** Handlers of the Email group. */
export function emailHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'getEmails' | 'getEmail' | 'getEmailAttachments' | 'downloadEmail'> {
  const { files } = deps.store;
  const { emails } = deps.repos;
  const existing = (id: string) => {
    const email = emails.get(id);
    if (!email) throw notFound('e-mail', id);
    return email;
  };
  return {
    getEmails: ({ query }) =>
      pageJson(
        emails.list({
          contactId: query.contactId,
          companyId: query.companyId,
          direction: query.direction,
          q: query.q,
          from: query.from,
          to: query.to,
          sort: query.sort,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      ),
    getEmail: ({ query, reply }) => {
      const email = existing(query.id);
      reply.header('ETag', versionETag(email));
      return email;
    },
    getEmailAttachments: ({ query }) => {
      existing(query.emailId);
      return `{"items":[${emails.attachmentJson(query.emailId).join(',')}]}`;
    },
    downloadEmail: async ({ body, reply }) => {
      const email = existing(body.id);
      const attachments = emails.attachmentsFor(email.id);
      for (const a of attachments) {
        await stat(files.path(a.id)).catch(() => {
          throw new ProblemError(
            404,
            '/problems/not-found',
            `The file of attachment ${a.id} (${a.fileName}) of e-mail ${email.id} is missing on the service.`,
          );
        });
      }
      return reply
        .type('message/rfc822')
        .header('Content-Disposition', attachmentDisposition(emailFileName(email)))
        .send(emailMessageStream(email, attachments, (id) => files.path(id)));
    },
  };
}
