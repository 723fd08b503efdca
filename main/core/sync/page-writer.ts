/**
 * Where sync writes its pages: on a writer thread with its own connection (so that the event loop
 * is never blocked by SQLite during a bootstrap, and the next page is fetched and parsed while the
 * last one is written), or inline on the main connection when no thread can be started.
 *
 * The thread runs `page-writer-worker.ts` from the sources (through tsx's loader, in development and
 * tests) or `page-writer-worker.js` next to the bundle that contains this module.
 */
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import type { ChangeToApply } from '../cache/apply-changes';
import { createPageTransactions, type PageWriteResult } from './page-transaction';
import type { WriterData, WriterRequest, WriterRequestBody, WriterResponse } from './page-writer-protocol';

/** Writes change-feed pages. */
export interface PageWriter {
  readonly kind: 'thread' | 'inline';
  write(changes: readonly ChangeToApply[], cursor: string, bootstrapped: boolean): Promise<PageWriteResult>;
  clear(): Promise<void>;
  /** Finishes pending writes and closes the writer's connection. */
  close(): Promise<void>;
}

/** A writer on the main connection `db` (blocks the event loop while it writes). */
export function createInlineWriter(db: Database): PageWriter {
  const pages = createPageTransactions(db);
  return {
    kind: 'inline',
    write: async (changes, cursor, bootstrapped) => pages.write(changes, cursor, bootstrapped),
    clear: async () => pages.clear(),
    close: async () => undefined,
  };
}

/** How long the writer thread may take to open the database, ms. */
const startTimeoutMs = 15_000;

function spawn(file: string): Worker {
  const workerData: WriterData = { file };
  const fromSources = import.meta.url.endsWith('.ts');
  if (!fromSources) return new Worker(new URL('./page-writer-worker.js', import.meta.url), { workerData });
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./page-writer-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData });
}

/** Starts a writer thread on the database `file`. Rejects when the thread cannot start or open it. */
export function createThreadWriter(file: string): Promise<PageWriter> {
  return new Promise((resolve, reject) => {
    const worker = spawn(file);
    const pending = new Map<number, { resolve(result: PageWriteResult | null): void; reject(err: Error): void }>();
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

    function request(message: WriterRequestBody): Promise<PageWriteResult | null> {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise((res, rej) => {
        pending.set(id, { resolve: res, reject: rej });
        worker.postMessage({ ...message, id } as WriterRequest);
      });
    }

    worker.on('message', (message: WriterResponse) => {
      if (message.kind === 'ready') {
        clearTimeout(timer);
        resolve({
          kind: 'thread',
          write: async (changes, cursor, bootstrapped) =>
            (await request({ kind: 'write', changes, cursor, bootstrapped }))!,
          clear: async () => void (await request({ kind: 'clear' })),
          async close() {
            if (!failure) await request({ kind: 'close' }).catch(() => undefined);
            await worker.terminate();
          },
        });
      } else if (message.kind === 'done') {
        pending.get(message.id)?.resolve(message.result);
        pending.delete(message.id);
      } else if (message.id === null) {
        clearTimeout(timer);
        void worker.terminate();
        reject(new Error(message.message));
      } else {
        pending.get(message.id)?.reject(new Error(message.message));
        pending.delete(message.id);
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

/** A writer thread when one starts, else the inline writer on `db`. */
export async function createPageWriter(db: Database): Promise<PageWriter> {
  try {
    return await createThreadWriter(db.name);
  } catch (err) {
    console.warn(`Sync writes on the main thread: ${err instanceof Error ? err.message : String(err)}`);
    return createInlineWriter(db);
  }
}
