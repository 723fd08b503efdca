/**
 * The writer thread of sync: owns a second connection to the cache and reads and writes
 * change-feed pages there (decoding, JSON parsing, contract validation, the SQLite transaction), so
 * that the main thread (and the host's event loop) only moves bytes during a bootstrap. WAL lets
 * the main connection read while this one writes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { prepareChangePageValidation } from '../api/validator';
import { configure } from '../cache/database';
import { createPageTransactions, groupIdleMs } from './page-transaction';
import { toWriterError, type WriterData, type WriterRequest, type WriterResponse } from './page-writer-protocol';

const port = parentPort;
if (!port) throw new Error('page-writer-worker runs only as a worker thread.');
const send = (message: WriterResponse) => port.postMessage(message);

try {
  const db = new BetterSqlite3((workerData as WriterData).file, { fileMustExist: true });
  configure(db);
  const pages = createPageTransactions(db, { groupPages: true });
  // The bulk load's pages share a transaction while the next page comes at once (page-transaction.ts,
  // `maxGroupPages`); it is committed when none came for `groupIdleMs`. A failed commit is reported
  // with the next request.
  let commitTimer: NodeJS.Timeout | null = null;
  let commitFailure: unknown = null;
  const commitOpen = () => {
    commitTimer = null;
    try {
      pages.commitOpen();
    } catch (err) {
      commitFailure = err;
    }
  };
  port.on('message', (request: WriterRequest) => {
    if (commitTimer) clearTimeout(commitTimer);
    commitTimer = null;
    try {
      if (request.kind === 'page') {
        if (commitFailure !== null) {
          const failure = commitFailure;
          commitFailure = null;
          throw failure;
        }
        const result = pages.writeAnswer(request.body, request.bootstrapped, request.asked, (cursor) =>
          send({ kind: 'read', id: request.id, cursor }),
        );
        send({ kind: 'done', id: request.id, result });
        commitTimer = setTimeout(commitOpen, groupIdleMs);
      } else if (request.kind === 'clear') {
        commitFailure = null;
        pages.clear();
        send({ kind: 'done', id: request.id, result: null });
      } else {
        commitOpen();
        db.close();
        send({ kind: 'done', id: request.id, result: null });
        port.close();
      }
    } catch (err) {
      send({ kind: 'failed', id: request.id, error: toWriterError(err) });
    }
  });
  send({ kind: 'ready' });
  // Compile the feed's validators while no page waits (requests queue behind this).
  try {
    prepareChangePageValidation();
  } catch {
    // The same failure recurs, and is reported to the engine, with the first page.
  }
} catch (err) {
  send({ kind: 'failed', id: null, error: toWriterError(err) });
}
