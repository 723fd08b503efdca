/** The folders and documents tables: the contract's Folder and Document in typed columns. */
import type { ApiDocument, ApiFolder } from '../../api/types';
import { col, commonColumns, commonFields, type RecordTable } from '../../cache/record-table';

export const foldersTable: RecordTable<ApiFolder> = {
  type: 'folder',
  table: 'folders',
  columns: [
    ...commonColumns<ApiFolder>(),
    col('parent_id', (r) => r.parentId),
    col('name', (r) => r.name),
    // NULL for a row synced before contract 0.6.0 (cache/migrations/011-folder-owner.ts).
    col('owner_id', (r) => r.ownerId ?? null),
  ],
  // A folder created here may hold folders created here before it reached the service.
  references: [{ column: 'parent_id', type: 'folder' }],
  fromRow: (row) => ({
    ...commonFields(row),
    parentId: row.parent_id as string | null,
    name: row.name as string,
    ownerId: (row.owner_id as string | null) ?? null,
  }),
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
    // NULL for a record from a service before contract 0.5.0 (cache/migrations/010-document-crc32.ts).
    col('crc32', (r) => r.crc32 || null),
    col('state', (r) => r.state),
    col('owner_id', (r) => r.ownerId),
  ],
  references: [{ column: 'folder_id', type: 'folder' }],
  // The approval round is not cached (its history is read with `Document Detail`, kept for offline).
  fromRow: (row) => ({
    ...commonFields(row),
    folderId: row.folder_id as string,
    name: row.name as string,
    title: row.title as string,
    contentType: row.content_type as string,
    size: row.size as number,
    sha256: row.sha256 as string,
    // Empty for a row without one (see its column); written back as NULL.
    crc32: (row.crc32 as string | null) ?? '',
    state: row.state as ApiDocument['state'],
    ownerId: row.owner_id as string,
    approval: null,
  }),
};
