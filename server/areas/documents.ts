/**
 * The documents area of the service (see `./area.ts`): document approval, clones, deletes, the
 * folder tree's writes, inline viewing, thumbnails, related documents and zip unpacking. The read
 * and transfer operations of the group live in `../operations/documents.ts` and `../operations/transfers.ts`.
 */
import { documentLinksDdl } from '../db/document-links';
import { seedDocumentWorkflow } from '../demo/document-workflow';
import { ThumbnailCache } from '../files/thumbnails';
import { documentApprovalHandlers } from '../operations/document-approval';
import { documentCopyHandlers } from '../operations/document-copies';
import { documentMediaHandlers } from '../operations/document-media';
import { documentUnpackHandlers } from '../operations/document-unpack';
import { folderHandlers } from '../operations/folders';
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the documents area. */
export const documentsArea: ServiceArea = {
  name: 'documents',
  ddl: documentLinksDdl,
  handlers: (deps) => {
    const shared = { links: deps.repos.documentLinks, thumbnails: new ThumbnailCache(deps.store.files) };
    return {
      ...documentApprovalHandlers(deps),
      ...documentCopyHandlers(deps, shared),
      ...folderHandlers(deps, shared),
      ...documentMediaHandlers(deps, shared),
      ...documentUnpackHandlers(deps, shared),
    };
  },
  seed: (ctx) => seedDocumentWorkflow(ctx),
};
