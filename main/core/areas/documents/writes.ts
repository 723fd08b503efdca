/**
 * How documents are written to the service: `Save Document` (title, name, folder), `Delete` and
 * `Document Detail` to read one again (api/openapi.yaml, tag Documents). Documents are created by
 * `Upload`, `Clone` and `Unpack Zip file Related Documents`, never by a save (`DocumentSave`
 * requires `id`).
 */
import { BridgeError } from '../../../../preload/contract';
import type { ApiDocument } from '../../api/types';
import { pick, type RecordWrites } from '../../writes/record-writes';

/** The fields of a document a save sends (the contract's DocumentSave without `id` and `submitForApproval`). */
export const documentSaveFields = ['title', 'name', 'folderId'] as const;

export const documentWrites: RecordWrites<ApiDocument> = {
  type: 'document',
  noun: 'document',
  label: (r) => r.title,
  create: () => {
    throw new BridgeError(
      'invalid_input',
      'A document deleted on the service cannot be re-created from here. Upload its file again instead.',
    );
  },
  update: (r) => ({ operationId: 'saveDocument', body: { id: r.id, ...pick(r, documentSaveFields) } }),
  delete: (id) => ({ operationId: 'deleteDocument', query: { id } }),
  fetch: (id) => ({ operationId: 'getDocumentDetail', query: { id } }),
};
