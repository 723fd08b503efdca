/**
 * Uploads and downloads as the core reports them (`transfers.list` at start, then
 * `transfer.progress`), plus files the renderer refused before handing them to the core
 * (empty, too large, unreadable) so the user sees why each one did not start. Uploads are kept by
 * the core until they land (docs/ARCHITECTURE.md, "Transfers"): a queued one waits for the service
 * by itself, a failed one waits for the user to send it again or cancel it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BrmBridge, Transfer } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';

/** A file that never became a transfer, and why. */
export interface Refusal {
  id: string;
  name: string;
  reason: string;
}

export interface TransfersStoreState {
  /** Transfers by id. */
  byId: Record<string, Transfer>;
  /** Ids, most recently started first. */
  order: string[];
  refusals: Refusal[];
  /** Files being handed to the core (read or staged) before their transfers start. */
  preparing: number;
  /** Why the last cancel or list failed. */
  error: string | null;
  load(): Promise<void>;
  /** Adds or updates transfers (from a call result or a progress event). */
  upsert(transfers: readonly Transfer[]): void;
  /** Cancels a transfer; a queued or failed upload is removed with the copy the core kept. */
  cancel(id: string): Promise<void>;
  /** Sends a failed upload again. */
  retry(id: string): Promise<void>;
  refuse(refusals: ReadonlyArray<Omit<Refusal, 'id'>>): void;
  dismissRefusal(id: string): void;
  /** Adds `delta` (may be negative) to `preparing`. */
  addPreparing(delta: number): void;
  /** Removes finished, failed and cancelled transfers (not failed uploads, which wait for a decision) and all refusals. */
  clearFinished(): void;
  /** Forgets everything (after sign-out). */
  reset(): void;
}

/** True while a transfer can still make progress (and so can be cancelled). */
export function isActive(transfer: Transfer): boolean {
  return transfer.state === 'queued' || transfer.state === 'running';
}

/** True for an upload the service refused: the core keeps its file until the user sends it again or cancels it. */
export function awaitsDecision(transfer: Transfer): boolean {
  return transfer.kind === 'upload' && transfer.state === 'failed';
}

/** True when `transfer` can leave the list ("Clear finished"): nothing more will happen to it. */
export function isSettled(transfer: Transfer): boolean {
  return !isActive(transfer) && !awaitsDecision(transfer);
}

/** True for the states after which a transfer never changes. */
const isFinal = (transfer: Transfer) => transfer.state === 'done' || transfer.state === 'cancelled';

/** Creates the transfers store over `bridge`. */
export function createTransfersStore(bridge: BrmBridge): StoreApi<TransfersStoreState> {
  let refusalSeq = 0;
  return createStore<TransfersStoreState>()((set, get) => ({
    byId: {},
    order: [],
    refusals: [],
    preparing: 0,
    error: null,

    async load() {
      try {
        get().upsert(await bridge.call('transfers.list', {}));
      } catch (reason) {
        set({ error: `Transfers could not be listed: ${errorMessage(reason)}` });
      }
    },

    upsert(transfers) {
      if (transfers.length === 0) return;
      set((state) => {
        const byId = { ...state.byId };
        const fresh: string[] = [];
        for (const transfer of transfers) {
          const known = byId[transfer.id];
          if (!known) fresh.push(transfer.id);
          // A call's answer may arrive after a later event: a final state is never taken back.
          if (!known || !isFinal(known)) byId[transfer.id] = transfer;
        }
        return { byId, order: fresh.length > 0 ? [...fresh.reverse(), ...state.order] : state.order };
      });
    },

    async cancel(id) {
      set({ error: null });
      try {
        const transfer = await bridge.call('transfers.cancel', { id });
        if (transfer) get().upsert([transfer]);
      } catch (reason) {
        set({ error: `The transfer could not be cancelled: ${errorMessage(reason)}` });
      }
    },

    async retry(id) {
      set({ error: null });
      try {
        const transfer = await bridge.call('transfers.retry', { id });
        if (transfer) get().upsert([transfer]);
      } catch (reason) {
        set({ error: `The upload could not be sent again: ${errorMessage(reason)}` });
      }
    },

    refuse(refusals) {
      if (refusals.length === 0) return;
      set((state) => ({
        refusals: [...refusals.map((refusal) => ({ ...refusal, id: `refusal-${++refusalSeq}` })), ...state.refusals],
      }));
    },

    dismissRefusal(id) {
      set((state) => ({ refusals: state.refusals.filter((refusal) => refusal.id !== id) }));
    },

    addPreparing(delta) {
      set((state) => ({ preparing: Math.max(0, state.preparing + delta) }));
    },

    reset() {
      set({ byId: {}, order: [], refusals: [], preparing: 0, error: null });
    },

    clearFinished() {
      set((state) => {
        const order = state.order.filter((id) => !isSettled(state.byId[id]));
        const byId = Object.fromEntries(order.map((id) => [id, state.byId[id]]));
        return { order, byId, refusals: [], error: null };
      });
    },
  }));
}
