/**
 * On-demand answers kept for offline use: the service is asked when it can be reached and the
 * answer is kept with its time (the query cache); offline, or when asking fails, the last answer
 * is given with its age. One piece for every area's on-demand reads (recipients, related records,
 * notes, avatars).
 */
import { BridgeError, type KeptAnswer } from '../../../preload/contract';
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
