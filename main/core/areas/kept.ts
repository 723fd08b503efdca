/**
 * On-demand answers kept for offline use: the service is asked when it can be reached and the
 * answer is kept with its time (the query cache); offline, or when asking fails, the last answer
 * is given with its age. One piece for every area's on-demand reads (recipients, related records,
 * notes, avatars).
 */
import { BridgeError, type KeptAnswer, type KeptFirstArea } from '../../../preload/contract';
import type { AnswerFreshness, HandlerContext } from './context';

/** Forgets the freshness of every kept answer whose key starts with `prefix`, so the next read asks the service. */
export function staleAnswers(freshness: AnswerFreshness, prefix: string): void {
  for (const key of freshness.keys()) if (key.startsWith(prefix)) freshness.delete(key);
}

/**
 * Returns the service's answer to `fetch` (kept under `key`), or the last kept one, or `fallback`
 * with `fetchedAt: null` when there is none. With `freshForMs`, an answer fetched less than that
 * long ago in this run is given without asking the service again. Refusals other than "offline"
 * are thrown when nothing was kept (e.g. a record that no longer exists).
 */
export async function keptAnswer<T>(
  ctx: HandlerContext,
  key: string,
  fetch: () => Promise<T>,
  fallback: T,
  freshForMs = 0,
): Promise<KeptAnswer<T>> {
  const fetchedMs = ctx.freshness.get(key);
  if (fetchedMs !== undefined && Date.now() - fetchedMs < freshForMs) {
    const kept = ctx.cache.state.getCached<T>(key);
    if (kept) return { value: kept.value, fetchedAt: kept.fetchedAt };
  }
  let failure: unknown = null;
  if (ctx.online()) {
    try {
      const value = await fetch();
      const fetchedAt = new Date().toISOString();
      ctx.cache.state.putCached(key, value, fetchedAt);
      ctx.freshness.set(key, Date.parse(fetchedAt));
      ctx.reachedService();
      return { value, fetchedAt };
    } catch (err) {
      ctx.lostService(err);
      failure = err;
    }
  }
  const kept = ctx.cache.state.getCached<T>(key);
  if (kept) return { value: kept.value, fetchedAt: kept.fetchedAt };
  if (failure instanceof BridgeError && failure.code !== 'offline' && failure.code !== 'server_error') throw failure;
  return { value: fallback, fetchedAt: null };
}

/**
 * How long after a background refresh began the same answer is given without asking again, ms:
 * the re-query that `answers.refreshed` causes must not start another refresh.
 */
export const keptFirstQuietMs = 5_000;

/** Background refreshes per core (keyed by its freshness map): keys on their way, and when each was last begun (ms). */
const refreshes = new WeakMap<AnswerFreshness, { running: Set<string>; begunAt: Map<string, number> }>();

function refreshesOf(ctx: HandlerContext) {
  let state = refreshes.get(ctx.freshness);
  if (!state) {
    state = { running: new Set(), begunAt: new Map() };
    refreshes.set(ctx.freshness, state);
  }
  return state;
}

/**
 * Kept first, refreshed in the background (stale-while-revalidate, RFC 5861 section 3): the kept
 * answer under `key` is given at once with `refreshing: true`, and when the service can be reached
 * it is asked again in the background (once at a time per key, at most once per `quietMs`); when
 * that ends, kept anew or failed, `answers.refreshed` names `area` so the views showing it re-query.
 * With nothing kept it waits for the service as `keptAnswer` does. For large answers a view must
 * paint at once (docs/PERFORMANCE.md, the sales views).
 */
export async function keptFirst<T>(
  ctx: HandlerContext,
  area: KeptFirstArea,
  key: string,
  fetch: () => Promise<T>,
  fallback: T,
  quietMs = keptFirstQuietMs,
): Promise<KeptAnswer<T>> {
  const kept = ctx.cache.state.getCached<T>(key);
  if (!kept) return keptAnswer(ctx, key, fetch, fallback);
  const refreshing = refreshInBackground(ctx, area, key, () => keptAnswer(ctx, key, fetch, fallback), quietMs);
  return { value: kept.value, fetchedAt: kept.fetchedAt, ...(refreshing ? { refreshing: true } : {}) };
}

/**
 * Runs `task` (asking the service again for what is kept under `key`) in the background when the
 * service can be reached, once at a time per key and at most once per `quietMs`; when it ends,
 * done or failed (its failure is dropped: the task records what it must), `answers.refreshed` names
 * `area`. Returns true while a refresh of `key` is on its way. Used by `keptFirst`, and for answers
 * kept in another form (the Branch Locator's searches, main/core/areas/branches/locate.ts).
 */
export function refreshInBackground(
  ctx: HandlerContext,
  area: KeptFirstArea,
  key: string,
  task: () => Promise<unknown>,
  quietMs = keptFirstQuietMs,
): boolean {
  const state = refreshesOf(ctx);
  const begunAt = state.begunAt.get(key);
  if (ctx.online() && !state.running.has(key) && (begunAt === undefined || Date.now() - begunAt >= quietMs)) {
    state.running.add(key);
    state.begunAt.set(key, Date.now());
    void task()
      .catch(() => undefined)
      .finally(() => {
        state.running.delete(key);
        ctx.bus.emit('answers.refreshed', { areas: [area] });
      });
  }
  return state.running.has(key);
}

/**
 * An image operation's answer (`Gets an avatar`, `Get Company Logo`) as a `data:` URL, kept for
 * offline use; null when it was never fetched and cannot be now.
 */
export async function keptImage(
  ctx: HandlerContext,
  operationId: 'getAvatar' | 'getCompanyLogo',
  id: string,
): Promise<{ dataUrl: string | null }> {
  try {
    const kept = await keptAnswer<string | null>(
      ctx,
      `${operationId}:${id}`,
      async () => {
        const response = await ctx.session.api().open(operationId, { query: { id, size: 128 } });
        const type = (response.headers.get('content-type') ?? 'image/png').split(';')[0];
        const bytes = Buffer.from(await response.arrayBuffer());
        return `data:${type};base64,${bytes.toString('base64')}`;
      },
      null,
    );
    return { dataUrl: kept.value };
  } catch {
    // No image for a record the service no longer has: the view shows initials instead.
    return { dataUrl: null };
  }
}
