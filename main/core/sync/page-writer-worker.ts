/**
 * The writer thread of sync: owns a second connection to the cache and writes change-feed pages
 * there, so that the main thread (and the host's event loop) never waits for SQLite during a
 * bootstrap. WAL lets the main connection read while this one writes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { configure } from '../cache/database';
import { createPageTransactions } from './page-transaction';
import type { WriterData, WriterRequest, WriterResponse } from './page-writer-protocol';

const port = parentPort;
if (!port) throw new Error('page-writer-worker runs only as a worker thread.');
const send = (message: WriterResponse) => port.postMessage(message);

try {
  const db = new BetterSqlite3((workerData as WriterData).file, { fileMustExist: true });
  configure(db);
  const pages = createPageTransactions(db);
  port.on('message', (request: WriterRequest) => {
    try {
      if (request.kind === 'write') {
        send({
          kind: 'done',
          id: request.id,
          result: pages.write(request.changes, request.cursor, request.bootstrapped),
        });
      } else if (request.kind === 'clear') {
        pages.clear();
        send({ kind: 'done', id: request.id, result: null });
      } else {
        db.close();
        send({ kind: 'done', id: request.id, result: null });
        port.close();
      }
    } catch (err) {
      send({ kind: 'failed', id: request.id, message: err instanceof Error ? err.message : String(err) });
    }
  });
  send({ kind: 'ready' });
} catch (err) {
  send({ kind: 'failed', id: null, message: err instanceof Error ? err.message : String(err) });
}
