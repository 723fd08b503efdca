/**
 * Tells when sync gets an answer from the service again after a sign-in, a restore or an outage:
 * a finished sync (`idle`), a page of changes (counts), or `syncing` right after `offline` (the
 * engine says it only once a page arrived; see engine.ts). Used to send queued uploads at once
 * (docs/ARCHITECTURE.md, "Transfers").
 */
import type { EventBus } from '../events';

/** Calls `listener` each time sync reaches the service after being `signedOut`, `offline` or in `error`. Returns the unsubscribe function. */
export function onServiceAnswered(bus: EventBus, listener: () => void): () => void {
  let before: string = 'signedOut';
  let away = true;
  return bus.on('sync.status', (status) => {
    const previous = before;
    before = status.state;
    if (status.state === 'offline' || status.state === 'error' || status.state === 'signedOut') {
      away = true;
      return;
    }
    const answered = status.state === 'idle' || Object.keys(status.counts).length > 0 || previous === 'offline';
    if (away && answered) {
      away = false;
      listener();
    }
  });
}
