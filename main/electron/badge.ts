/**
 * Keeps the dock/taskbar badge equal to the number of unread notifications: refreshed at start,
 * whenever notifications change in the cache, and when the session changes (0 when signed out).
 */
import { app } from 'electron';
import type { Core } from '../core/platform';

/** Starts keeping the badge up to date; returns the function that stops it. */
export function keepBadgeCount(core: Pick<Core, 'handlers' | 'on'>): () => void {
  const update = async () => {
    let count = 0;
    try {
      const session = await core.handlers['session.get']({});
      if (session.state === 'signedIn') count = (await core.handlers['notifications.list']({})).unreadCount;
    } catch (error) {
      console.error('BRM Desktop could not count unread notifications:', error);
    }
    app.setBadgeCount(count);
  };
  const offData = core.on('data.changed', ({ types }) => {
    if (types.includes('notification')) void update();
  });
  const offSession = core.on('session.changed', () => void update());
  void update();
  return () => {
    offData();
    offSession();
  };
}
