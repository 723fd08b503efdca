/**
 * Handlers of a document's workflow (api/openapi.yaml, tags Documents and Open ai).
 * - Edits (`Save Document`: title, name, folder) and deletes go through the write path: applied to
 *   the cache at once, sent once with If-Match, merged or offered on 412 (main/core/writes/).
 * - Clone is queued in the outbox too: `Clone` takes an Idempotency-Key, so it is safe to send later
 *   and once; the copy arrives with the next sync.
 * - Submit, approve and reject need the service: a move is decided against the state the service
 *   holds now (409 with `currentState` otherwise), `Approve Document` and `Reject Document` take no
 *   Idempotency-Key (a resend after a lost answer is refused), and the person deciding must see the
 *   outcome. Unpacking needs the service as well (its refusals are about the file itself).
 * - Detail (the approval round), related documents and the summary are read on demand and kept for
 *   offline with their age (kept.ts).
 */
import {
  BridgeError,
  type DocumentServiceDetail,
  type DocumentSummary,
  type RelatedDocumentRow,
} from '../../../../preload/contract';
import type { ApiDocument } from '../../api/types';
import { ServiceError } from '../../errors';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer, staleAnswers } from '../kept';
import { needService } from '../service-reach';
import { readDocument } from './handlers';
import { keepServiceRecords } from '../service-records';
import { refusedMoveWords } from './state-words';
import { documentSaveFields } from './writes';

type Names =
  | 'documents.save'
  | 'documents.delete'
  | 'documents.clone'
  | 'documents.submit'
  | 'documents.approve'
  | 'documents.reject'
  | 'documents.detail'
  | 'documents.related'
  | 'documents.unpack'
  | 'documents.summary'
  | 'documents.summaryText';

/** How long one call may take, ms; unpacking a large zip, longer. */
const timeoutMs = 15_000;
const unpackTimeoutMs = 120_000;
/** How long a summary fetched in this run is given again without asking the service, ms (Refresh asks at once). */
const summaryFreshMs = 10 * 60_000;
/** Related documents asked at once (api/openapi.yaml `Limit`: at most 500). */
const relatedLimit = 500;

const detailKey = (id: string) => `documentDetail:${id}`;
const relatedKey = (id: string) => `documentRelated:${id}`;

/** The name of user (contact) `id` from the cache, or null. */
function personName(ctx: HandlerContext, id: string | null): string | null {
  if (!id) return null;
  const contact = ctx.stores.contacts.get(id);
  return contact ? `${contact.firstName} ${contact.lastName}`.trim() : null;
}

function toServiceDetail(ctx: HandlerContext, document: ApiDocument): DocumentServiceDetail {
  const a = document.approval;
  return {
    id: document.id,
    version: document.version,
    state: document.state,
    approval: a
      ? {
          ...a,
          requestedByName: personName(ctx, a.requestedBy),
          approverName: personName(ctx, a.approverId),
          decidedByName: personName(ctx, a.decidedBy),
        }
      : null,
  };
}

/** Creates the document workflow handlers. */
export const documentWorkflowHandlers: AreaHandlers<Names> = (ctx) => {
  const api = () => ctx.session.api();

  function existing(id: string) {
    const document = ctx.stores.documents.get(ctx.writes.currentId(id));
    if (!document) throw new BridgeError('not_found', 'That document is not here any more; it may have been deleted.');
    return document;
  }

  /** `Document Detail`, kept for offline (and the record written to the cache when newer). */
  const fetchDetail = async (id: string): Promise<ApiDocument | null> => {
    try {
      const document = await api().call('getDocumentDetail', { query: { id }, timeoutMs });
      keepServiceRecords(ctx, { document: [document] });
      return document;
    } catch (err) {
      if (err instanceof ServiceError && err.status === 404) return null;
      throw err;
    }
  };

  /**
   * Sends an approval move. Its answer is written to the cache; a 409 is said with the state the
   * document is in on the service now and what can be done from it.
   */
  async function move(id: string, what: string, send: () => Promise<ApiDocument>) {
    needService(ctx, what);
    const document = existing(id);
    if (ctx.outbox.forRecord(document.id).length > 0)
      throw new BridgeError(
        'conflict',
        `An edit of this document has not reached the service yet. ${what} once it is sent (see Pending changes).`,
      );
    try {
      const answer = await send();
      ctx.reachedService();
      keepServiceRecords(ctx, { document: [answer] });
      ctx.cache.state.putCached(detailKey(id), answer, new Date().toISOString());
      return readDocument(ctx, answer.id)!;
    } catch (err) {
      ctx.lostService(err);
      if (err instanceof ServiceError && err.status === 409) {
        const now = await fetchDetail(document.id).catch(() => null);
        if (now) throw new BridgeError('conflict', refusedMoveWords(what, now.state));
      }
      throw err;
    }
  }

  return {
    'documents.save': async ({ document }) => {
      const { id, submitForApproval, ...fields } = document;
      if (submitForApproval)
        throw new BridgeError('invalid_input', 'Submitting for approval is its own action: use Submit for approval.');
      const current = existing(id);
      if (fields.folderId && !ctx.stores.documents.listFolders().some((f) => f.id === fields.folderId))
        throw new BridgeError('invalid_input', 'That folder is not in your data any more. Choose another folder.', [
          { pointer: '/document/folderId', message: 'choose a folder from the list' },
        ]);
      if (fields.name !== undefined && extension(fields.name) !== extension(current.name))
        throw new BridgeError(
          'invalid_input',
          `The file name must keep its extension (${extension(current.name) || 'none'}).`,
          [{ pointer: '/document/name', message: `keep the extension ${extension(current.name) || '(none)'}` }],
        );
      const changes = Object.fromEntries(
        documentSaveFields.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]]),
      );
      ctx.writes.update('document', current.id, changes);
      return readDocument(ctx, current.id)!;
    },
    'documents.delete': async ({ id }) => {
      ctx.writes.remove('document', id);
      return { deleted: true };
    },
    'documents.clone': async ({ id }) => {
      const document = existing(id);
      ctx.writes.action(
        'document',
        document.id,
        null,
        { operationId: 'cloneDocument', body: { id: document.id } },
        `Clone document ${document.title}`,
      );
      staleAnswers(ctx.freshness, relatedKey(document.id));
      return { queued: true };
    },
    'documents.submit': async ({ id, request }) =>
      move(id, 'Submitting for approval', () =>
        api().call('saveDocument', { body: { id, submitForApproval: request }, timeoutMs }),
      ),
    'documents.approve': async ({ id, comment }) =>
      move(id, 'Approving', () =>
        api().call('approveDocument', { body: { id, ...(comment ? { comment } : {}) }, timeoutMs }),
      ),
    'documents.reject': async ({ id, comment }) =>
      move(id, 'Rejecting', () => api().call('rejectDocument', { body: { id, comment }, timeoutMs })),
    'documents.detail': async ({ id }) => {
      const kept = await keptAnswer<ApiDocument | null>(ctx, detailKey(id), () => fetchDetail(id), null);
      return { value: kept.value ? toServiceDetail(ctx, kept.value) : null, fetchedAt: kept.fetchedAt };
    },
    'documents.related': async ({ id }) =>
      keptAnswer<RelatedDocumentRow[]>(
        ctx,
        relatedKey(id),
        async () => {
          const page = await api().call('listRelatedDocuments', { query: { id, limit: relatedLimit }, timeoutMs });
          return page.items.map((r) => ({
            id: r.id,
            kind: r.kind,
            document: {
              id: r.document.id,
              name: r.document.name,
              title: r.document.title,
              state: r.document.state,
              contentType: r.document.contentType,
              size: r.document.size,
              folderId: r.document.folderId,
            },
          }));
        },
        [],
      ),
    'documents.unpack': async ({ id }) => {
      needService(ctx, 'Unpacking');
      const document = existing(id);
      try {
        const answer = await api().call('unpackZipRelatedDocuments', {
          body: { id: document.id },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
          timeoutMs: unpackTimeoutMs,
        });
        ctx.reachedService();
        keepServiceRecords(ctx, { folder: [answer.folder], document: answer.items });
        staleAnswers(ctx.freshness, relatedKey(document.id));
        return {
          folderId: answer.folder.id,
          folderName: answer.folder.name,
          folderCreated: answer.folderCreated,
          count: answer.items.length,
        };
      } catch (err) {
        ctx.lostService(err);
        throw unpackRefusal(err, document.name);
      }
    },
    'documents.summary': async ({ id, refresh }) =>
      keptAnswer<{ summary: DocumentSummary | null; unavailable: string | null }>(
        ctx,
        `documentSummary:${id}`,
        async () => {
          try {
            return { summary: await api().call('documentSummary', { query: { id }, timeoutMs }), unavailable: null };
          } catch (err) {
            if (err instanceof ServiceError && err.status === 422)
              return { summary: null, unavailable: summaryRefusal(err) };
            throw err;
          }
        },
        { summary: null, unavailable: null },
        refresh ? 0 : summaryFreshMs,
      ),
    'documents.summaryText': async ({ id }) =>
      keptAnswer<string | null>(
        ctx,
        `documentSummaryText:${id}`,
        async () => {
          const response = await api().open('summaryText', { query: { id }, timeoutMs });
          return (await response.text()).slice(0, 20_000);
        },
        null,
      ),
  };
};

/** The extension of a file name, lower case with its dot ("" when it has none). */
function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The words of a 422 from `Document Summary`: why this document has no summary. */
function summaryRefusal(err: ServiceError): string {
  const said = err.problem?.detail ?? err.problem?.title;
  return `The service cannot summarize this document${said ? `: ${said.replace(/\.+$/, '')}` : ''}. Only PDF and text files with text in them have a summary.`;
}

/** The service's refusal of an unpack in words (415: not a zip; 422: the zip's problem). */
function unpackRefusal(err: unknown, name: string): unknown {
  if (!(err instanceof ServiceError)) return err;
  if (err.status === 415)
    return new BridgeError('invalid_input', `${name} is not a zip file; only a zip file can be unpacked.`);
  if (err.status === 422) {
    const said = err.problem?.detail ?? err.problem?.title ?? 'the file is not a zip the service accepts';
    return new BridgeError(
      'invalid_input',
      `${name} could not be unpacked: ${said.replace(/\.+$/, '')}. Nothing was unpacked.`,
    );
  }
  return err;
}
