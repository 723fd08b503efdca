/**
 * The full integrity check of the data folder's files, off the event loop (docs/ARCHITECTURE.md,
 * "A damaged file"): `PRAGMA integrity_check` reads every page and index, which takes seconds on a
 * large cache, so it runs on a worker thread (integrity-worker.ts) after the start, while the app
 * answers from the files as usual.
 */
import { startWorker } from '../worker-thread';

/** What the worker is given. */
export interface IntegrityData {
  files: string[];
}

/** The verdict on one file: SQLite's findings ([] when whole), or why it could not be checked. */
export interface IntegrityResult {
  file: string;
  findings: string[];
  /** Set when the file could not be checked (e.g. it is gone); the findings are then empty. */
  error: string | null;
}

/** A check in progress. */
export interface IntegrityCheck {
  /** The verdicts, in the order of the files; rejects when the worker fails or is stopped. */
  result: Promise<IntegrityResult[]>;
  /** Stops the check (the result rejects). */
  stop(): Promise<void>;
}

/** Checks `files` on a worker thread. */
export function checkIntegrityInBackground(files: readonly string[]): IntegrityCheck {
  const data: IntegrityData = { files: [...files] };
  const worker = startWorker(import.meta.url, 'integrity-worker', data);
  const result = new Promise<IntegrityResult[]>((resolve, reject) => {
    worker.once('message', (results: IntegrityResult[]) => resolve(results));
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The integrity check stopped before it finished.')));
  });
  result.catch(() => undefined);
  return {
    result,
    async stop() {
      await worker.terminate();
    },
  };
}
