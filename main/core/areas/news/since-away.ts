/**
 * When the user's sessions end and what the first sync of a session brought. A session lasts from
 * the start of the app or a sign-in to the end of the app or a sign-out; its end is the end of its
 * last sync, kept in local.db's settings per user (`news.sessionEnd:<user id>`), so it survives a
 * restart and a sign-out. When the first sync of a session ends (a `sync.status` of this session,
 * idle), the digest is made from the cache against the end of the previous session (digest.ts) and
 * kept for the rest of the session; the setting then follows every sync of this session.
 */
import type { SinceAway, SyncStatus } from '../../../../preload/contract';
import type { HandlerContext } from '../context';
import { keptAnswer } from '../kept';
import { digestSince } from './digest';

/** The settings key of the end of `userId`'s last session. */
const sessionEndKey = (userId: string) => `news.sessionEnd:${userId}`;

/** The digest of one user's session, made once. */
interface Made {
  since: string | null;
  madeAt: string;
  sections: SinceAway['sections'];
  announced: boolean;
}

/** Tracks sessions on `ctx` from now on; returns the call that gives this session's digest. */
export function trackSessions(ctx: HandlerContext): (announce: boolean) => Promise<SinceAway | null> {
  /** When this session started (ISO 8601 UTC); null while signed out. */
  let sessionStartedAt: string | null = new Date().toISOString();
  /** The end of the previous session, per user, read before this run writes its own. */
  const previousEnd = new Map<string, string | null>();
  const made = new Map<string, Made>();

  const userId = (): string | null => {
    const state = ctx.session.state();
    return state.state === 'signedIn' ? state.user.id : null;
  };
  const previous = (user: string): string | null => {
    if (!previousEnd.has(user)) previousEnd.set(user, ctx.cache.state.getSetting(sessionEndKey(user)));
    return previousEnd.get(user) ?? null;
  };

  ctx.bus.on('session.changed', (state) => {
    if (state.state === 'signedOut') {
      // The session ended: the next sign-in starts another, compared with this one's end.
      sessionStartedAt = null;
      previousEnd.clear();
      made.clear();
    } else if (sessionStartedAt === null) sessionStartedAt = new Date().toISOString();
  });

  ctx.bus.on('sync.status', (status: SyncStatus) => {
    const user = userId();
    const ended = status.lastSyncedAt;
    if (!user || status.state !== 'idle' || !ended || sessionStartedAt === null || ended < sessionStartedAt) return;
    const since = previous(user);
    if (!made.has(user)) {
      const sections = since ? digestSince(ctx.cache.db, since) : [];
      made.set(user, { since, madeAt: ended, sections, announced: false });
    }
    if (!ctx.cache.readOnly) ctx.cache.state.setSetting(sessionEndKey(user), ended);
  });

  return async (announce) => {
    const user = userId();
    const digest = user ? made.get(user) : undefined;
    if (!digest) return null;
    const unread = await keptAnswer<number | null>(
      ctx,
      'recentNotifications',
      async () =>
        (await ctx.session.api().call('getRecentNotifications', { query: { limit: 1 }, timeoutMs: 10_000 }))
          .unreadCount,
      null,
    );
    const tell = announce && !digest.announced && digest.sections.length > 0;
    if (tell) digest.announced = true;
    return { since: digest.since, madeAt: digest.madeAt, sections: digest.sections, unread, announce: tell };
  };
}
