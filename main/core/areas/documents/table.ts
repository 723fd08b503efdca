/** The folders and documents tables: the contract's Folder and Document in typed columns. */
import type { ApiDocument, ApiFolder } from '../../api/types';
import { col, commonColumns, type RecordTable } from '../../cache/record-table';

export const foldersTable: RecordTable<ApiFolder> = {
  type: 'folder',
  table: 'folders',
  columns: [...commonColumns<ApiFolder>(), col('parent_id', (r) => r.parentId), col('name', (r) => r.name)],
};

export const documentsTable: RecordTable<ApiDocument> = {
  type: 'document',
  table: 'documents',
  columns: [
    ...commonColumns<ApiDocument>(),
    col('folder_id', (r) => r.folderId),
    col('name', (r) => r.name),
    col('title', (r) => r.title),
    col('content_type', (r) => r.contentType),
    col('size', (r) => r.size),
    col('sha256', (r) => r.sha256),
    col('state', (r) => r.state),
    col('owner_id', (r) => r.ownerId),
  ],
};
