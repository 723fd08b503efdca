/**
 * The core's side of the transfer thread (transfer-worker.ts): a TransferIo whose requests run on
 * one worker thread, started with the first transfer and kept until the core stops. The thread
 * runs `transfer-worker.ts` from the sources (through tsx's loader, in development and tests) or
 * `transfer-worker.js` next to the bundle that contains this module.
 */
import type { Worker } from 'node:worker_threads';
import type { FileAnswer, FileRequest } from '../api/client';
import { startWorker } from '../worker-thread';
import type { ReceivedFile } from './receive-file';
import type { TransferIo } from './transfer-io';
import { fromTransferError, type TransferRequest, type TransferResponse } from './transfer-protocol';

interface Pending {
  resolve(answer: FileAnswer<ReceivedFile>): void;
  reject(err: Error): void;
  onProgress(bytes: number): void;
}

/** A request for the thread, without its id. */
type Job = TransferRequest extends infer R ? (R extends { kind: 'receive' | 'send' } ? Omit<R, 'id'> : never) : never;

/** Creates the TransferIo of the transfer thread; the thread starts with the first request. */
export function createTransferThread(): TransferIo {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const onMessage = (message: TransferResponse) => {
    const p = pending.get(message.id);
    if (!p) return;
    if (message.kind === 'progress') return p.onProgress(message.bytes);
    pending.delete(message.id);
    if (message.kind === 'failed') return p.reject(fromTransferError(message.error));
    const { text, result } = message;
    p.resolve({ status: message.status, headers: new Headers(message.headers), text, result });
  };
  const thread = (): Worker => {
    if (worker) return worker;
    const started = startWorker(import.meta.url, 'transfer-worker', null);
    started.unref();
    started.on('message', onMessage);
    const lost = (reason: string) => {
      if (worker === started) worker = null;
      failAll(new Error(`The transfer thread stopped (${reason}). Try the transfer again.`));
    };
    started.on('error', (err) => lost(err.message));
    started.on('exit', (code) => lost(`exit code ${code}`));
    worker = started;
    return started;
  };
  const post = (request: TransferRequest) => thread().postMessage(request);

  /** Runs `job` on the thread; `signal` cancels it there. */
  function request(job: Job, signal: AbortSignal | undefined, onProgress: (bytes: number) => void) {
    signal?.throwIfAborted();
    const id = nextId++;
    return new Promise<FileAnswer<ReceivedFile>>((resolve, reject) => {
      const cancel = () => post({ kind: 'cancel', id });
      signal?.addEventListener('abort', cancel, { once: true });
      const settle = () => signal?.removeEventListener('abort', cancel);
      pending.set(id, {
        onProgress,
        resolve: (answer) => {
          settle();
          resolve(answer);
        },
        reject: (err) => {
          settle();
          reject(err);
        },
      });
      post({ ...job, id } as TransferRequest);
    });
  }
  const plain = ({ signal: _signal, ...req }: FileRequest) => req;

  return {
    receive: (req, sink, onProgress) => request({ kind: 'receive', req: plain(req), sink }, req.signal, onProgress),
    send: async (req, body, onProgress) => {
      const { status, headers, text } = await request({ kind: 'send', req: plain(req), body }, req.signal, onProgress);
      return { status, headers, text };
    },
    async stop() {
      const running = worker;
      worker = null;
      failAll(new Error('BRM Desktop is stopping; the transfer goes on at the next start.'));
      await running?.terminate();
    },
  };
}
