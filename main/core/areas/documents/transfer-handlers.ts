/**
 * Handlers of uploads and downloads (through the durable upload and download queues,
 * docs/ARCHITECTURE.md "Transfers"), opening downloaded documents, and the transfer list.
 */
import { BridgeError } from '../../../../preload/contract';
import { checkUploadFiles } from '../../transfers/upload';
import type { AreaHandlers } from '../context';
import { markFinishedDownloads } from './download-marks';
import { openDownloadedDocument } from './open-document';

type Names =
  | 'documents.upload'
  | 'documents.download'
  | 'documents.open'
  | 'transfers.list'
  | 'transfers.cancel'
  | 'transfers.retry';

/** Creates the transfer handlers. */
export const transferHandlers: AreaHandlers<Names> = (ctx) => {
  const documents = ctx.stores.documents;
  const { platform } = ctx.options;
  const marks = markFinishedDownloads(ctx);
  return {
    'documents.upload': async ({ folderId, files }) => {
      ctx.session.api();
      if (!documents.listFolders().some((f) => f.id === folderId)) {
        throw new BridgeError('not_found', 'That folder is not in your documents any more. Choose another folder.');
      }
      const resolved = await Promise.all(files.map((file) => platform.resolveFileRef(file)));
      checkUploadFiles(resolved, ctx.maxUploadBytes);
      return ctx.uploads.enqueue(
        folderId,
        files.map((ref, index) => ({ ref, file: resolved[index] })),
      );
    },
    'documents.download': async ({ id }) => {
      ctx.session.api();
      const document = documents.get(id);
      if (!document)
        throw new BridgeError(
          'not_found',
          'That document is not in your documents any more; it may have been deleted.',
        );
      return ctx.downloads.enqueue(document);
    },
    'documents.open': (input) => openDownloadedDocument(ctx, marks, input),
    'transfers.list': async () => ctx.registry.list(),
    'transfers.cancel': async ({ id }) =>
      (await ctx.uploads.cancel(id)) ?? (await ctx.downloads.cancel(id)) ?? ctx.registry.cancel(id),
    'transfers.retry': async ({ id }) => {
      ctx.session.api();
      return ctx.uploads.retry(id);
    },
  };
};
