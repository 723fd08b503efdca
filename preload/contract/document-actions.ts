/**
 * Bridge calls of a document's workflow (api/openapi.yaml, tags Documents and Open ai): edits and
 * deletes through the write path (they work offline), clone queued the same way, the approval moves
 * and unpacking that need the service, and the reads the cache does not hold (detail with its
 * approval round, related documents, summary), each kept for offline with its age.
 */
import { z } from 'zod';
import { type ApiSchemas, byId, call, type KeptAnswer, uuid } from './common';
import type { DocumentDetail } from './documents';
import { documentApprovalRequestSchema, documentRejectionSchema, documentSaveSchema } from './write-inputs';

/** A document's approval round with the people named (api/openapi.yaml `DocumentApproval`). */
export type DocumentApprovalRound = ApiSchemas['DocumentApproval'] & {
  requestedByName: string | null;
  approverName: string | null;
  decidedByName: string | null;
};

/** What `Document Detail` adds to the cached record: the latest approval round (null: never submitted). */
export interface DocumentServiceDetail {
  id: string;
  version: number;
  state: ApiSchemas['DocumentState'];
  approval: DocumentApprovalRound | null;
}

/** A document related to another one (api/openapi.yaml `RelatedDocument`), seen from the asked one. */
export interface RelatedDocumentRow {
  /** The relation's id. */
  id: string;
  kind: ApiSchemas['RelatedDocumentKind'];
  document: Pick<ApiSchemas['Document'], 'id' | 'name' | 'title' | 'state' | 'contentType' | 'size' | 'folderId'>;
}

/** The answer of `documents.unpack`: the folder the entries went to and how many documents were made. */
export interface DocumentUnpackResult {
  folderId: string;
  folderName: string;
  folderCreated: boolean;
  count: number;
}

export type DocumentSummary = ApiSchemas['DocumentSummary'];

export const documentActionsCalls = {
  /**
   * Saves a document's title, name and/or folder through the write path: applied to the cache at
   * once, marked pending, sent with If-Match; a conflicting edit is merged or offered, a refusal
   * (e.g. a locked title while pending approval) lands next to its field in Pending changes.
   * `submitForApproval` is refused here: submitting is `documents.submit`.
   */
  'documents.save': call<DocumentDetail>()(z.object({ document: documentSaveSchema }).strict()),
  /** Deletes a document through the write path (gone from the list at once, sent when online). */
  'documents.delete': call<{ deleted: true }>()(byId),
  /**
   * Queues a copy of a document (`Clone`, sent once with its Idempotency-Key); the copy appears in the
   * list when the service answers and sync brings it.
   */
  'documents.clone': call<{ queued: true }>()(byId),
  /** Submits a draft or rejected document to `approverId` (needs the service; a refused move says the current state). */
  'documents.submit': call<DocumentDetail>()(z.object({ id: uuid, request: documentApprovalRequestSchema }).strict()),
  /** Approves a document awaiting approval, with an optional comment (needs the service). */
  'documents.approve': call<DocumentDetail>()(
    z.object({ id: uuid, comment: z.string().max(2000).nullable().optional() }).strict(),
  ),
  /** Rejects a document awaiting approval with the required comment (needs the service). */
  'documents.reject': call<DocumentDetail>()(documentRejectionSchema),
  /** The document's approval round from `Document Detail`, kept for offline with its age. */
  'documents.detail': call<KeptAnswer<DocumentServiceDetail | null>>()(byId),
  /** The documents related to one (`List Related Documents`), kept for offline with its age. */
  'documents.related': call<KeptAnswer<RelatedDocumentRow[]>>()(byId),
  /** Unpacks a zip document on the service into related documents (needs the service). */
  'documents.unpack': call<DocumentUnpackResult>()(byId),
  /**
   * The document's summary (`Document Summary`), kept for offline with its age; `refresh` asks the
   * service even when an answer of this run is kept. A document the service cannot summarize gives
   * `unavailable` in words.
   */
  'documents.summary': call<KeptAnswer<{ summary: DocumentSummary | null; unavailable: string | null }>>()(
    z.object({ id: uuid, refresh: z.boolean().optional() }).strict(),
  ),
  /** The summary as plain text (`Summary Text`), for the clipboard; kept for offline with its age. */
  'documents.summaryText': call<KeptAnswer<string | null>>()(byId),
} as const;
