/**
 * The transfers of this app session (uploads and downloads): their state, cancellation, and
 * `transfer.progress` events throttled to about ten per second per transfer, plus every change of
 * state (so the final one always arrives).
 */
import { randomUUID } from 'node:crypto';
import type { Transfer } from '../../../preload/contract';
import type { EventBus } from '../events';

/** One transfer with its cancel switch. */
export interface TransferHandle {
  readonly transfer: Transfer;
  readonly signal: AbortSignal;
  /** Records progress (bytes); emits at most every `progressIntervalMs`. */
  progress(bytesDone: number): void;
  /** Changes the state (and other fields); always emits. */
  update(patch: Partial<Transfer>): void;
}

/** The registry of transfers. */
export interface TransferRegistry {
  create(init: Pick<Transfer, 'kind' | 'name' | 'folderId' | 'documentId' | 'bytesTotal'>): TransferHandle;
  list(): Transfer[];
  /** Cancels a queued or running transfer; returns it (null when unknown). */
  cancel(id: string): Transfer | null;
  /** Cancels every unfinished transfer. */
  cancelAll(): void;
}

/** Least time between two progress events of one transfer, ms. */
export const progressIntervalMs = 100;
/** Finished transfers kept for `transfers.list`. */
const keepFinished = 200;

/** Creates an empty registry emitting on `bus`. */
export function createTransferRegistry(bus: EventBus): TransferRegistry {
  const entries = new Map<string, { transfer: Transfer; controller: AbortController }>();

  function prune(): void {
    const finished = [...entries.values()].filter(
      (e) => e.transfer.state !== 'queued' && e.transfer.state !== 'running',
    );
    for (const e of finished.slice(0, Math.max(0, finished.length - keepFinished))) entries.delete(e.transfer.id);
  }

  function cancelEntry(entry: { transfer: Transfer; controller: AbortController }): void {
    if (entry.transfer.state !== 'queued' && entry.transfer.state !== 'running') return;
    entry.controller.abort();
    entry.transfer.state = 'cancelled';
    entry.transfer.error = null;
    bus.emit('transfer.progress', { ...entry.transfer });
  }

  return {
    create(init) {
      const transfer: Transfer = {
        id: randomUUID(),
        ...init,
        bytesDone: 0,
        state: 'queued',
        error: null,
        localPath: null,
      };
      const controller = new AbortController();
      entries.set(transfer.id, { transfer, controller });
      prune();
      let lastEmit = 0;
      const emit = () => {
        lastEmit = Date.now();
        bus.emit('transfer.progress', { ...transfer });
      };
      emit();
      return {
        transfer,
        signal: controller.signal,
        progress(bytesDone) {
          transfer.bytesDone = bytesDone;
          if (Date.now() - lastEmit >= progressIntervalMs) emit();
        },
        update(patch) {
          if (transfer.state === 'cancelled') return;
          Object.assign(transfer, patch);
          emit();
        },
      };
    },
    list: () => [...entries.values()].map((e) => ({ ...e.transfer })),
    cancel(id) {
      const entry = entries.get(id);
      if (!entry) return null;
      cancelEntry(entry);
      return { ...entry.transfer };
    },
    cancelAll() {
      for (const entry of entries.values()) cancelEntry(entry);
    },
  };
}
