/** Bridge calls of the documents area: folders and documents from the cache, upload, download and open. */
import { z } from 'zod';
import {
  type ApiSchemas,
  byId,
  call,
  empty,
  fileRefSchema,
  type RecordSyncState,
  type RowWindow,
  searchText,
  uuid,
  windowInput,
} from './common';
import type { Transfer } from './transfers';

export type DocumentState = ApiSchemas['DocumentState'];

export interface Folder {
  id: string;
  parentId: string | null;
  name: string;
  documentCount: number;
}

/** A document in a list. */
export type DocumentRow = Pick<
  ApiSchemas['Document'],
  'id' | 'folderId' | 'name' | 'title' | 'contentType' | 'size' | 'state' | 'updatedAt'
> & { syncState?: RecordSyncState };

/** A document and, when it has been downloaded on this machine, where. */
export type DocumentDetail = DocumentRow &
  Pick<ApiSchemas['Document'], 'sha256' | 'ownerId' | 'createdAt'> & {
    ownerName: string | null;
    localPath: string | null;
  };

export const documentsCalls = {
  'documents.listFolders': call<Folder[]>()(empty),
  'documents.list': call<RowWindow<DocumentRow>>()(
    z.object({ folderId: uuid, query: searchText, ...windowInput }).strict(),
  ),
  'documents.get': call<DocumentDetail | null>()(byId),
  /** Queues files for upload to a folder; they are kept and sent when the service can be reached. */
  'documents.upload': call<Transfer[]>()(
    z.object({ folderId: uuid, files: z.array(fileRefSchema).min(1).max(100) }).strict(),
  ),
  'documents.download': call<Transfer>()(byId),
  /** Opens a downloaded document in its viewer. `url` is set in browser mode, for the page to open. */
  'documents.open': call<{ url: string | null }>()(byId),
} as const;
