/**
 * The transfers of this app session (uploads and downloads): their state, cancellation, and
 * `transfer.progress` events throttled to about ten per second per transfer, plus every change of
 * state (so the final one always arrives). Nothing is reported after a final state (`done`,
 * `cancelled`); after `failed` only a new try (`queued`, a failed upload sent again) or `cancelled`
 * is; and progress only while `running`.
 */
import { randomUUID } from 'node:crypto';
import type { Transfer } from '../../../preload/contract';
import type { EventBus } from '../events';

/** One transfer with its cancel switch. */
export interface TransferHandle {
  readonly transfer: Transfer;
  readonly signal: AbortSignal;
  /** Records progress (bytes) while `running`; emits at most every `progressIntervalMs`. Ignored in other states. */
  progress(bytesDone: number): void;
  /**
   * Changes the state (and other fields) and emits; ignored once the transfer is `done` or
   * `cancelled`, and once it is `failed` unless the patch moves it to `queued` or `cancelled`.
   */
  update(patch: Partial<Transfer>): void;
}

/** The registry of transfers. */
export interface TransferRegistry {
  /** Registers a transfer in state `queued` (under `id` when given: a queued upload keeps its id across restarts). */
  create(
    init: Pick<Transfer, 'kind' | 'name' | 'folderId' | 'documentId' | 'bytesTotal'> & Partial<Pick<Transfer, 'id'>>,
  ): TransferHandle;
  list(): Transfer[];
  /** Cancels a queued or running transfer; returns it (null when unknown). */
  cancel(id: string): Transfer | null;
  /** Cancels every unfinished transfer (only those `which` accepts, when given). */
  cancelAll(which?: (transfer: Transfer) => boolean): void;
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
        ...init,
        id: init.id ?? randomUUID(),
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
          if (transfer.state !== 'running') return;
          transfer.bytesDone = bytesDone;
          if (Date.now() - lastEmit >= progressIntervalMs) emit();
        },
        update(patch) {
          if (transfer.state === 'cancelled' || transfer.state === 'done') return;
          if (transfer.state === 'failed' && patch.state !== 'queued' && patch.state !== 'cancelled') return;
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
    cancelAll(which) {
      for (const entry of entries.values()) if (!which || which(entry.transfer)) cancelEntry(entry);
    },
  };
}
