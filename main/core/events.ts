/**
 * The core's event bus (bridge events of preload/contract.ts) and the coalescing of
 * `data.changed`, so that a burst of sync pages reaches the views as a few events per second.
 */
import type { EventName, EventPayloads, SyncedType } from '../../preload/contract';

/** A typed publish/subscribe bus for the bridge events. */
export interface EventBus {
  on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): () => void;
  emit<E extends EventName>(name: E, payload: EventPayloads[E]): void;
}

/** Creates an EventBus. A listener that throws does not stop the others. */
export function createEventBus(): EventBus {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          (listener as (p: typeof payload) => void)(payload);
        } catch (err) {
          console.error(`A listener of ${name} failed:`, err);
        }
      }
    },
  };
}

/** Collects changed types and emits `data.changed` at most once per `intervalMs`. */
export interface ChangeNotifier {
  /** Marks types as changed; the event follows at once or at the end of the current interval. */
  changed(types: Iterable<SyncedType>): void;
  /** Emits what is pending now and stops the timer. */
  flush(): void;
}

/** Creates a ChangeNotifier that emits on `bus` (leading and trailing edge throttle, default 250 ms). */
export function createChangeNotifier(bus: EventBus, intervalMs = 250): ChangeNotifier {
  const pending = new Set<SyncedType>();
  let lastEmit = 0;
  let timer: NodeJS.Timeout | null = null;

  function emitNow(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return;
    const types = [...pending];
    pending.clear();
    lastEmit = Date.now();
    bus.emit('data.changed', { types });
  }

  return {
    changed(types) {
      for (const type of types) pending.add(type);
      if (pending.size === 0 || timer) return;
      const wait = lastEmit + intervalMs - Date.now();
      if (wait <= 0) emitNow();
      else timer = setTimeout(emitNow, wait);
    },
    flush: emitNow,
  };
}
