/**
 * `Save Document`, `Approve Document` and `Reject Document`: metadata edits and the approval state
 * machine of documents (the table is written in the contract's `DocumentState`), with the
 * notifications they emit (Events in `api/openapi.yaml` `info.description`).
 */
import type { DocumentRecord } from '../db/documents';
import type { RecordBody } from '../db/record-table';
import type { ServiceStore } from '../db/store';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { notFound, stateConflict, validationProblem } from '../http/problem';
import { nextState, type TransitionTable } from '../http/transitions';
import { type OperationDeps, versionETag } from './deps';
import { clip, extensionOf, requireDocument, requireFolder, userName } from './document-access';

type DocumentState = DocumentRecord['state'];
/** The actions of the document approval state machine. */
export type DocumentAction = 'submit' | 'approve' | 'reject';

/** The document state machine, as the contract's `DocumentState` describes it. */
export const documentTransitions: TransitionTable<DocumentState, DocumentAction> = {
  submit: { from: ['draft', 'rejected'], to: 'pendingApproval' },
  approve: { from: ['pendingApproval'], to: 'approved' },
  reject: { from: ['pendingApproval'], to: 'rejected' },
};

/** States in which the title and name may change. */
const editableStates: readonly DocumentState[] = ['draft', 'rejected'];

/** The record body of a stored document (without the fields the table maintains). */
export function documentBody(document: DocumentRecord): RecordBody<DocumentRecord> {
  const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...body } = document;
  return body;
}

/** Notifies the owner of a decided document (when the owner is a user who can read notifications). */
function notifyOwner(store: ServiceStore, document: DocumentRecord, deciderId: string): void {
  if (!store.users.currentUser(document.ownerId)) return;
  const approved = document.state === 'approved';
  const comment = document.approval?.comment;
  store.createNotification({
    userId: document.ownerId,
    kind: approved ? 'documentApproved' : 'documentRejected',
    title: clip(`${document.title} was ${approved ? 'approved' : 'rejected'}`, 200),
    body: clip(
      `${userName(store, deciderId)} ${approved ? 'approved' : 'rejected'} ${document.name}${comment ? `: ${comment}` : '.'}`,
      2000,
    ),
    resourceType: 'document',
    resourceId: document.id,
  });
}

/** Handlers of the document approval operations. */
export function documentApprovalHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'saveDocument' | 'approveDocument' | 'rejectDocument'> {
  const { store } = deps;

  const decide = (
    action: 'approve' | 'reject',
    input: { id: string; comment?: string | null },
    ifMatch: string | undefined,
    userId: string,
  ): DocumentRecord => {
    const document = requireDocument(store, input.id);
    checkIfMatch(ifMatch, document, 'document');
    const state = nextState(documentTransitions, action, document.state, 'document', document.id);
    const approval = document.approval;
    if (!approval) throw stateConflict('document', document.id, document.state, `${action}d: it was never submitted`);
    return store.transaction(() => {
      const saved = store.documents.save(document.id, {
        ...documentBody(document),
        state,
        approval: {
          ...approval,
          decidedBy: userId,
          decidedAt: new Date().toISOString(),
          comment: input.comment ?? null,
        },
      });
      notifyOwner(store, saved, userId);
      return saved;
    });
  };

  return {
    saveDocument: ({ body, headers, userId, reply }) => {
      const document = requireDocument(store, body.id);
      checkIfMatch(headers['If-Match'], document, 'document');
      const next = documentBody(document);
      const renamed =
        (body.title !== undefined && body.title !== document.title) ||
        (body.name !== undefined && body.name !== document.name);
      if (renamed && !editableStates.includes(document.state)) {
        throw stateConflict('document', document.id, document.state, 'retitled or renamed (clone it to edit a copy)');
      }
      if (body.name !== undefined && extensionOf(body.name) !== extensionOf(document.name)) {
        throw validationProblem([
          {
            pointer: '/body/name',
            detail: `must keep the extension "${extensionOf(document.name)}" of ${document.name}`,
          },
        ]);
      }
      if (body.title !== undefined) next.title = body.title;
      if (body.name !== undefined) next.name = body.name;
      if (body.folderId !== undefined) next.folderId = requireFolder(store, body.folderId).id;
      const request = body.submitForApproval;
      if (request) {
        next.state = nextState(documentTransitions, 'submit', document.state, 'document', document.id);
        if (request.approverId === userId) {
          throw validationProblem([
            { pointer: '/body/submitForApproval/approverId', detail: 'names you: choose another user to approve it' },
          ]);
        }
        if (!store.users.currentUser(request.approverId)) throw notFound('user', request.approverId);
        next.approval = {
          requestedBy: userId,
          requestedAt: new Date().toISOString(),
          requestComment: request.comment ?? null,
          approverId: request.approverId,
          decidedBy: null,
          decidedAt: null,
          comment: null,
        };
      }
      const saved = store.transaction(() => {
        const result = store.documents.save(document.id, next);
        if (request) {
          store.createNotification({
            userId: request.approverId,
            kind: 'documentAwaitingApproval',
            title: clip(`${result.title} awaits your approval`, 200),
            body: clip(
              `${userName(store, userId)} submitted ${result.name} for approval${request.comment ? `: ${request.comment}` : '.'}`,
              2000,
            ),
            resourceType: 'document',
            resourceId: result.id,
          });
        }
        return result;
      });
      reply.header('ETag', versionETag(saved));
      return saved;
    },

    approveDocument: ({ body, headers, userId, reply }) => {
      const saved = decide('approve', body, headers['If-Match'], userId);
      reply.header('ETag', versionETag(saved));
      return saved;
    },

    rejectDocument: ({ body, headers, userId, reply }) => {
      const saved = decide('reject', body, headers['If-Match'], userId);
      reply.header('ETag', versionETag(saved));
      return saved;
    },
  };
}
