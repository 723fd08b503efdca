/** Operations `downloadDocument` (streamed, resumable) and `uploadDocument` (streamed, idempotent). */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../files/disposition';
import { contentTypeOf } from '../files/content-type';
import { sendDocumentFile } from '../files/send-file';
import { receiveUpload } from '../files/upload';
import type { OperationHandlers } from '../http/bind';
import { notFound, ProblemError } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

/** Reads and discards the rest of a request body, so that the client sees the answer, not a reset. */
async function drain(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded) return;
  await new Promise<void>((resolve) => {
    raw.on('end', resolve);
    raw.on('error', () => resolve());
    raw.resume();
  });
}

function sendStored(reply: FastifyReply, status: number, etag: string | null, body: string): FastifyReply {
  if (etag) reply.header('ETag', etag);
  return reply.code(status).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(body);
}

/** Handlers of the Documents group's transfer operations. */
export function transferHandlers(deps: OperationDeps): Pick<OperationHandlers, 'downloadDocument' | 'uploadDocument'> {
  const { documents, files, idempotency } = deps.store;
  return {
    downloadDocument: async ({ query, headers, reply }) => {
      const document = documents.get(query.id);
      if (!document) throw notFound('document', query.id);
      return sendDocumentFile(reply, files, document, {
        disposition: attachmentDisposition(document.name),
        contentType: 'application/octet-stream',
        range: headers.Range,
        ifRange: headers['If-Range'],
      });
    },

    uploadDocument: async ({ request, reply, headers, userId }) => {
      const key = headers['Idempotency-Key'];
      if (key) {
        const claim = idempotency.claim(userId, key, 'uploadDocument');
        if (claim.state === 'replay') {
          await drain(request);
          return sendStored(reply, claim.response.status, claim.response.etag, claim.response.body);
        }
        if (claim.state !== 'claimed') {
          await drain(request);
          throw new ProblemError(
            409,
            '/problems/conflict',
            claim.state === 'in-progress'
              ? 'An upload with this Idempotency-Key is still running; wait for it, then retry.'
              : `This Idempotency-Key was used for ${claim.state === 'other-operation' ? claim.operationId : 'another request'}; use a new key.`,
          );
        }
      }
      try {
        const upload = await receiveUpload(request, files, (folderId) => {
          if (!documents.folder(folderId)) throw notFound('folder', folderId);
        });
        const id = randomUUID();
        files.commit(upload.tempPath, id);
        const dot = upload.fileName.lastIndexOf('.');
        const document = deps.store.transaction(() =>
          documents.save(id, {
            folderId: upload.folderId,
            name: upload.fileName,
            title: (dot > 0 ? upload.fileName.slice(0, dot) : upload.fileName).slice(0, 300),
            contentType: contentTypeOf(upload.fileName),
            size: upload.size,
            sha256: upload.sha256,
            state: 'draft',
            ownerId: userId,
            approval: null,
          }),
        );
        const body = JSON.stringify(document);
        if (key) idempotency.complete(userId, key, { status: 201, etag: versionETag(document), body });
        return reply.code(201).header('ETag', versionETag(document)).type('application/json; charset=utf-8').send(body);
      } catch (error) {
        if (key) idempotency.release(userId, key);
        throw error;
      }
    },
  };
}
