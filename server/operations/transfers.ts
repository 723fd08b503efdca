/** Operations `downloadDocument` (streamed, resumable) and `uploadDocument` (streamed, idempotent). */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../files/disposition';
import { contentTypeOf } from '../files/content-type';
import { resolveRange } from '../files/range';
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
      const path = files.path(document.id);
      const size = await stat(path).then(
        (s) => s.size,
        () => {
          throw new ProblemError(
            404,
            '/problems/not-found',
            `The file of document ${document.id} is missing on the service.`,
          );
        },
      );
      const etag = `"${document.sha256}"`;
      const range = resolveRange(headers.Range, headers['If-Range'], etag, size);
      reply
        .header('ETag', etag)
        .header('Accept-Ranges', 'bytes')
        .header('Content-Disposition', attachmentDisposition(document.name));
      reply.type('application/octet-stream');
      if (range === 'unsatisfiable') {
        throw new ProblemError(
          416,
          '/problems/range-not-satisfiable',
          `The file has ${size} bytes; ask for a range inside it.`,
          {
            headers: { 'Content-Range': `bytes */${size}` },
          },
        );
      }
      if (!range) return reply.header('Content-Length', size).send(createReadStream(path));
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(createReadStream(path, { start: range.start, end: range.end }));
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
              : `This Idempotency-Key was used for ${claim.operationId}; use a new key.`,
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
