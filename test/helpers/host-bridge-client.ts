/**
 * A Node client of the browser-mode host's bridge WebSocket, for integration tests: typed calls,
 * rejections as BridgeError, and every event received kept for assertions.
 */
import WebSocket from 'ws';
import type { EventFrame, ResponseFrame } from '../../preload/channels';
import {
  BridgeError,
  type CallInput,
  type CallName,
  type CallResult,
  type EventName,
  type EventPayloads,
} from '../../preload/contract';

/** A connected test client. */
export interface NodeBridgeClient {
  call<K extends CallName>(name: K, input: CallInput<K>): Promise<CallResult<K>>;
  /** Every event received so far, oldest first. */
  readonly events: EventFrame[];
  /** Resolves with the first event (already received or still to come) named `name` that `match` accepts. */
  waitForEvent<E extends EventName>(name: E, match?: (payload: EventPayloads[E]) => boolean): Promise<EventPayloads[E]>;
  close(): void;
}

/** Connects to the host whose page URL is `hostUrl` (`http://127.0.0.1:PORT/?token=…`). */
export async function connectNodeBridge(hostUrl: string): Promise<NodeBridgeClient> {
  const page = new URL(hostUrl);
  const socket = new WebSocket(`ws://${page.host}/bridge${page.search}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  const events: EventFrame[] = [];
  const waiters = new Set<{ name: string; match(payload: unknown): boolean; resolve(payload: unknown): void }>();
  let nextId = 1;

  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ResponseFrame | EventFrame;
    if ('event' in frame) {
      events.push(frame);
      for (const waiter of waiters) {
        if (waiter.name === frame.event && waiter.match(frame.payload)) {
          waiters.delete(waiter);
          waiter.resolve(frame.payload);
        }
      }
      return;
    }
    const call = typeof frame.id === 'number' ? pending.get(frame.id) : undefined;
    if (!call) return;
    pending.delete(frame.id as number);
    if (frame.ok) call.resolve(frame.result);
    else call.reject(new BridgeError(frame.error.code, frame.error.message));
  });

  return {
    call(name, input) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        socket.send(JSON.stringify({ id, name, input }));
      });
    },
    events,
    waitForEvent(name, match = () => true) {
      const accept = match as (payload: unknown) => boolean;
      const seen = events.find((frame) => frame.event === name && accept(frame.payload));
      if (seen) return Promise.resolve(seen.payload as never);
      return new Promise((resolve) => {
        waiters.add({ name, match: accept, resolve: resolve as (payload: unknown) => void });
      });
    },
    close: () => socket.close(),
  };
}
