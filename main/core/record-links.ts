/**
 * The core's inbox of record links (`brm://contact/<id>`, preload/contract/record-links.ts): the
 * Electron shell hands each link the OS gives it (at start, from a second instance, or on macOS
 * from `open-url`) to `open`; the window takes the last one with `app.takeRecordLink` when told by
 * the `app.recordLink` event, or when it shows after sign-in, so a link that started the app is
 * not lost while the window loads or the user signs in.
 */
import { parseRecordLink, type RecordLink } from '../../preload/contract';
import type { EventBus } from './events';

/** Record links waiting for the window. */
export interface RecordLinkInbox {
  /** Keeps the record `url` names for the window and tells it; false (nothing kept) when `url` is no record link. */
  open(url: string): boolean;
  /** The last link kept and not taken yet, or null; taking it clears it. */
  take(): RecordLink | null;
}

/** An empty inbox that announces links on `bus`. */
export function createRecordLinkInbox(bus: EventBus): RecordLinkInbox {
  let waiting: RecordLink | null = null;
  return {
    open(url) {
      const link = parseRecordLink(url);
      if (!link) return false;
      waiting = link;
      bus.emit('app.recordLink', {});
      return true;
    },
    take() {
      const link = waiting;
      waiting = null;
      return link;
    },
  };
}
