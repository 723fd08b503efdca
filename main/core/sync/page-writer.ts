/**
 * Where sync reads and writes its pages: on a writer thread with its own connection (so that the
 * event loop is never blocked by parsing, validating or SQLite during a bootstrap, and the next
 * page is fetched while the last one is written), or inline on the main connection when no thread
 * can be started. Both run the same page transaction (page-transaction.ts).
 *
 * The thread runs `page-writer-worker.ts` from the sources (through tsx's loader, in development and
 * tests) or `page-writer-worker.js` next to the bundle that contains this module.
 */
import type { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { startWorker } from '../worker-thread';
import { createPageTransactions, type FeedPageResult, type PageCursor } from './page-transaction';
import {
  fromWriterError,
  type WriterData,
  type WriterRequest,
  type WriterRequestBody,
  type WriterResponse,
} from './page-writer-protocol';

/** Reads and writes change-feed pages. */
export interface PageWriter {
  readonly kind: 'thread' | 'inline';
  /**
   * Parses, validates and writes one `getChanges` answer body with its cursor, in one transaction
   * (see PageTransactions.writeAnswer). `asked` is the cursor the page was asked for with. The
   * thread writer takes the ArrayBuffer over (it is detached afterwards). `onRead` gets the page's
   * cursor before the write. Rejects with the same ServiceError as the inline writer for an
   * unreadable or invalid page, or one that repeats `asked`, which is not written.
   */
  writePage(
    body: ArrayBuffer,
    bootstrapped: boolean,
    asked: string | null,
    onRead: (cursor: PageCursor) => void,
  ): Promise<FeedPageResult>;
  /** Deletes the synced records and the sync state (for a 410). */
  clear(): Promise<void>;
  /** Finishes pending writes and closes the writer's connection. */
  close(): Promise<void>;
}

/** A writer on the main connection `db` (blocks the event loop while it parses and writes). */
export function createInlineWriter(db: Database): PageWriter {
  const pages = createPageTransactions(db);
  return {
    kind: 'inline',
    writePage: async (body, bootstrapped, asked, onRead) => pages.writeAnswer(body, bootstrapped, asked, onRead),
    clear: async () => pages.clear(),
    close: async () => undefined,
  };
}

/** How long the writer thread may take to open the database, ms. */
const startTimeoutMs = 15_000;

function spawn(file: string): Worker {
  const workerData: WriterData = { file };
  return startWorker(import.meta.url, 'page-writer-worker', workerData);
}

interface PendingRequest {
  resolve(result: FeedPageResult | null): void;
  reject(err: Error): void;
  onRead?: (cursor: PageCursor) => void;
}

/** Starts a writer thread on the database `file`. Rejects when the thread cannot start or open it. */
export function createThreadWriter(file: string): Promise<PageWriter> {
  return new Promise((resolve, reject) => {
    const worker = spawn(file);
    const pending = new Map<number, PendingRequest>();
    let nextId = 1;
    let failure: Error | null = null;
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('The sync writer thread did not start in time.'));
    }, startTimeoutMs);

    function failAll(err: Error): void {
      failure = err;
      for (const request of pending.values()) request.reject(err);
      pending.clear();
    }

    function request(
      message: WriterRequestBody,
      transfer: ArrayBuffer[] = [],
      onRead?: (cursor: PageCursor) => void,
    ): Promise<FeedPageResult | null> {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise((res, rej) => {
        pending.set(id, { resolve: res, reject: rej, onRead });
        worker.postMessage({ ...message, id } as WriterRequest, transfer);
      });
    }

    function settle(id: number, outcome: { result: FeedPageResult | null } | { error: Error }): void {
      const request = pending.get(id);
      pending.delete(id);
      if ('error' in outcome) request?.reject(outcome.error);
      else request?.resolve(outcome.result);
    }

    worker.on('message', (message: WriterResponse) => {
      if (message.kind === 'ready') {
        clearTimeout(timer);
        resolve({
          kind: 'thread',
          writePage: async (body, bootstrapped, asked, onRead) =>
            (await request({ kind: 'page', body, bootstrapped, asked }, [body], onRead))!,
          clear: async () => void (await request({ kind: 'clear' })),
          async close() {
            if (!failure) await request({ kind: 'close' }).catch(() => undefined);
            await worker.terminate();
          },
        });
      } else if (message.kind === 'read') {
        pending.get(message.id)?.onRead?.(message.cursor);
      } else if (message.kind === 'done') {
        settle(message.id, { result: message.result });
      } else if (message.id === null) {
        clearTimeout(timer);
        void worker.terminate();
        reject(fromWriterError(message.error));
      } else {
        settle(message.id, { error: fromWriterError(message.error) });
      }
    });
    worker.on('error', (err) => {
      clearTimeout(timer);
      failAll(err);
      reject(err);
    });
    worker.on('exit', () => failAll(new Error('The sync writer thread stopped.')));
  });
}

/**
 * A thread writer that ends its thread once a bootstrap is complete and starts a new one for the
 * next page: parsing a whole bootstrap leaves the thread's heap at its high mark (about 190 MB at
 * the design scale, docs/PERFORMANCE.md row 30), which V8 keeps for as long as the thread lives.
 * `first` is the thread already started. Rejects a request when no new thread can start.
 */
export function recyclingWriter(first: PageWriter, file: string): PageWriter {
  let current: Promise<PageWriter> | null = Promise.resolve(first);
  const writer = () => (current ??= createThreadWriter(file));
  return {
    kind: 'thread',
    async writePage(body, bootstrapped, asked, onRead) {
      const used = await writer();
      const result = await used.writePage(body, bootstrapped, asked, onRead);
      if (!bootstrapped && !result.hasMore && current) {
        current = null;
        await used.close();
      }
      return result;
    },
    clear: async () => (await writer()).clear(),
    async close() {
      const open = current;
      current = null;
      await (await open?.catch(() => null))?.close();
    },
  };
}

/** A writer thread on the cache file `file` (`db`'s main file unless given) when one starts, else the inline writer on `db`. */
export async function createPageWriter(db: Database, file = db.name): Promise<PageWriter> {
  try {
    return recyclingWriter(await createThreadWriter(file), file);
  } catch (err) {
    console.warn(`Sync writes on the main thread: ${err instanceof Error ? err.message : String(err)}`);
    return createInlineWriter(db);
  }
}
