/**
 * The transfer thread: sends each upload and download request and moves its file's bytes
 * (transfer-io.ts), so that the main thread never handles them. Its small heap keeps cheap the
 * collections that a GiB of socket and file buffers causes; on the main thread, whose heap holds
 * the whole core, they cost up to 2 s of CPU per GiB (docs/PERFORMANCE.md, rows 7–10).
 */
import { parentPort } from 'node:worker_threads';
import type { FileAnswer } from '../api/client';
import { createTransferIoHere } from './transfer-io';
import { progressEveryMs, type TransferRequest, type TransferResponse, toTransferError } from './transfer-protocol';
import type { ReceivedFile } from './receive-file';

const port = parentPort;
if (!port) throw new Error('transfer-worker runs only as a worker thread.');
const post = (message: TransferResponse) => port.postMessage(message);
const io = createTransferIoHere();
const running = new Map<number, AbortController>();

/** Runs request `id`, reporting its progress (its first two counts, then at most every `progressEveryMs`, and `total`) and its end. */
async function run(
  id: number,
  total: number,
  work: (signal: AbortSignal, onProgress: (bytes: number) => void) => Promise<FileAnswer<ReceivedFile>>,
): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  let reportedAt = Number.NEGATIVE_INFINITY;
  let reports = 0;
  const onProgress = (bytes: number) => {
    const now = performance.now();
    // The count it starts from and the first bytes that moved go at once (the transfer shows as running).
    if (reports >= 2 && now - reportedAt < progressEveryMs && bytes < total) return;
    reports++;
    reportedAt = now;
    post({ kind: 'progress', id, bytes });
  };
  try {
    const answer = await work(controller.signal, onProgress);
    const { status, text, result } = answer;
    post({ kind: 'answer', id, status, headers: [...answer.headers], text, result });
  } catch (err) {
    post({ kind: 'failed', id, error: toTransferError(err, controller.signal.aborted) });
  } finally {
    running.delete(id);
  }
}

port.on('message', (request: TransferRequest) => {
  if (request.kind === 'cancel') running.get(request.id)?.abort();
  else if (request.kind === 'receive') {
    const { id, req, sink } = request;
    void run(id, sink.size, (signal, onProgress) => io.receive({ ...req, signal }, sink, onProgress));
  } else {
    const { id, req, body } = request;
    void run(id, body.file.size, (signal, onProgress) => io.send({ ...req, signal }, body, onProgress));
  }
});
