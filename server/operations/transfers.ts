/** Operations `downloadDocument` (streamed, resumable) and `uploadDocument` (streamed, idempotent). */
import { documentTitle } from '../files/document-title';
import { randomUUID } from 'node:crypto';
import { attachmentDisposition } from '../files/disposition';
import { contentTypeOf } from '../files/content-type';
import { sendDocumentFile } from '../files/send-file';
import { receiveUpload } from '../files/upload';
import type { OperationHandlers } from '../http/bind';
import { notFound } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

/** Handlers of the Documents group's transfer operations. */
export function transferHandlers(deps: OperationDeps): Pick<OperationHandlers, 'downloadDocument' | 'uploadDocument'> {
  const { documents, files } = deps.store;
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

    uploadDocument: async ({ request, reply, userId }) => {
      // Idempotency-Key replay is generic (server/http/idempotency-hook.ts), claimed before the stream.
      const upload = await receiveUpload(request, files, (folderId) => {
        if (!documents.folder(folderId)) throw notFound('folder', folderId);
      });
      const id = randomUUID();
      files.commit(upload.tempPath, id);
      const document = deps.store.transaction(() =>
        documents.save(id, {
          folderId: upload.folderId,
          name: upload.fileName,
          title: documentTitle(upload.fileName),
          contentType: contentTypeOf(upload.fileName),
          size: upload.size,
          sha256: upload.sha256,
          crc32: upload.crc32,
          state: 'draft',
          ownerId: userId,
          approval: null,
        }),
      );
      const body = JSON.stringify(document);
      return reply.code(201).header('ETag', versionETag(document)).type('application/json; charset=utf-8').send(body);
    },
  };
}
