/**
 * A well-behaved service for the hostile test service (test/helpers/hostile-service.ts) to fall back
 * on before and after a fault: a change feed over the records it holds, in the order they were
 * added, paged as the contract says (api/openapi.yaml, getChanges: `limit`, `nextCursor`, `hasMore`),
 * and the documents' contents for downloadDocument (the whole body, 200). Fresh clients and
 * test/helpers/feed-reader.ts read it like the reference service's feed.
 */
import { changePage, type HostileHandler, type HostileService, sendJson, sendProblem } from './hostile-service';

/** A kept feed and its documents' contents. */
export interface KeptFeed {
  /** Adds an upsert of `record` (of `type`) at the end of the feed; `content` is a document's body. */
  add(type: string, record: Record<string, unknown>, content?: Buffer): void;
  /** The cursor after the last change added so far. */
  lastCursor(): string;
  /** Answers getChanges from the feed: 400 for a cursor it did not issue. */
  readonly answerChanges: HostileHandler;
  /** Answers downloadDocument with the document's content: 404 for a document it does not hold. */
  readonly answerDownload: HostileHandler;
  /** Makes `hostile` answer getChanges and downloadDocument from this feed (again, after a fault). */
  serveOn(hostile: HostileService): void;
}

const cursorOf = (delivered: number) => `kept-${delivered}`;

/** Creates an empty kept feed. */
export function createKeptFeed(): KeptFeed {
  const changes: [string, Record<string, unknown>][] = [];
  const contents = new Map<string, Buffer>();
  const answerChanges: HostileHandler = (_req, res, url) => {
    const cursor = url.searchParams.get('cursor');
    const from = cursor === null ? 0 : Number(/^kept-(\d+)$/.exec(cursor)?.[1] ?? Number.NaN);
    if (!Number.isSafeInteger(from) || from > changes.length) return sendProblem(res, 400, 'Unknown cursor.');
    const limit = Math.max(1, Math.min(2000, Number(url.searchParams.get('limit') ?? 1000) || 1000));
    const upTo = Math.min(changes.length, from + limit);
    sendJson(res, 200, changePage(changes.slice(from, upTo), cursorOf(upTo), upTo < changes.length));
  };
  const answerDownload: HostileHandler = (_req, res, url) => {
    const content = contents.get(url.searchParams.get('id') ?? '');
    if (!content) return sendProblem(res, 404, 'No such document.');
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': content.length });
    res.end(content);
  };
  return {
    add(type, record, content) {
      changes.push([type, record]);
      if (content) contents.set(record.id as string, content);
    },
    lastCursor: () => cursorOf(changes.length),
    answerChanges,
    answerDownload,
    serveOn(hostile) {
      hostile.answer('getChanges', answerChanges);
      hostile.answer('downloadDocument', answerDownload);
    },
  };
}
