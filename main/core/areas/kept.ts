/**
 * On-demand answers kept for offline use: the service is asked when it can be reached and the
 * answer is kept with its time (the query cache); offline, or when asking fails, the last answer
 * is given with its age. One piece for every area's on-demand reads (recipients, related records,
 * notes, avatars).
 */
import { BridgeError, type KeptAnswer, type KeptFirstArea } from '../../../preload/contract';
import { ServiceError } from '../errors';
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

/** The image operations whose answers `keptImage` keeps (api/openapi.yaml). */
export type ImageOperation = 'getAvatar' | 'getCompanyLogo' | 'getDocumentThumbnail';

/** What `keptImage` keeps of an image answer: the picture (null: the record has none), its ETag, and the content version it shows. */
interface KeptPicture {
  dataUrl: string | null;
  etag: string | null;
  version: string | null;
}

/** Answers with which the service says a record has no picture to make (api/openapi.yaml `getDocumentThumbnail`: 415 a type without one, 422 a file that cannot be decoded). */
const noPictureStatuses = new Set([415, 422]);

/** Reads what is kept under `key`; answers kept before ETags were kept (a bare `data:` URL) count as having none. */
function keptPicture(ctx: HandlerContext, key: string): KeptPicture | null {
  return asPicture(ctx.cache.state.getCached<KeptPicture | string>(key)?.value);
}

function asPicture(kept: KeptPicture | string | null | undefined): KeptPicture | null {
  if (kept === undefined || kept === null) return null;
  return typeof kept === 'string' ? { dataUrl: kept, etag: null, version: null } : kept;
}

/** Options of `keptImage`. */
export interface ImageOptions {
  /** Width and height asked for, px; the picture is kept per size. Default 128, the contract's default for avatars and logos. */
  size?: number;
  /** The encoding asked for (`getDocumentThumbnail` only); default the service's (PNG). */
  format?: 'png' | 'webp';
  /**
   * The version of the record's content the picture shows (a document's sha256): a picture kept
   * for another version is neither given nor counted fresh, so a changed file gets a new picture.
   */
  version?: string;
  /** How long a picture fetched in this run is given without asking again, ms. Default 0: revalidated on every read. */
  freshForMs?: number;
}

/**
 * An image operation's answer (`Gets an avatar`, `Get Company Logo`, `Gets a document thumbnail`)
 * as a `data:` URL, kept for offline use per record and size; null when there is none. A kept
 * picture is revalidated with its ETag (If-None-Match, RFC 9110 section 13.1.2): a 304 keeps it.
 * A 415 or 422 is kept as "no picture" for that `version` and not asked again until it changes.
 * Null too when the picture was never fetched and cannot be now, or the record no longer exists.
 */
export async function keptImage(
  ctx: HandlerContext,
  operationId: ImageOperation,
  id: string,
  options: ImageOptions = {},
): Promise<{ dataUrl: string | null }> {
  const { size, format, freshForMs = 0 } = options;
  const version = options.version ?? null;
  // Pictures of the default size keep the key they always had, so pictures kept before stay in use.
  const key = size === undefined ? `${operationId}:${id}` : `${operationId}:${id}:${size}`;
  const before = keptPicture(ctx, key);
  const current = before !== null && before.version === version;
  if (current && before.dataUrl === null) return { dataUrl: null };
  try {
    const kept = await keptAnswer<KeptPicture | string | null>(
      ctx,
      key,
      async () => {
        const query = { id, size: size ?? 128, ...(format ? { format } : {}) };
        const headers: Record<string, string> = before?.etag ? { 'if-none-match': before.etag } : {};
        try {
          const response = await ctx.session.api().open(operationId, { query, headers });
          const type = (response.headers.get('content-type') ?? 'image/png').split(';')[0];
          const bytes = Buffer.from(await response.arrayBuffer());
          const dataUrl = `data:${type};base64,${bytes.toString('base64')}`;
          return { dataUrl, etag: response.headers.get('etag'), version };
        } catch (err) {
          if (!(err instanceof ServiceError)) throw err;
          // 304: the picture named by the kept ETag is still current.
          if (err.status === 304 && before) return { ...before, version };
          if (noPictureStatuses.has(err.status)) return { dataUrl: null, etag: null, version };
          throw err;
        }
      },
      null,
      current ? freshForMs : 0,
    );
    // Offline, a picture kept for another version of the content is not this content's.
    const picture = asPicture(kept.value);
    return { dataUrl: picture && picture.version === version ? picture.dataUrl : null };
  } catch {
    // No picture for a record the service no longer has: the view shows initials or the type icon instead.
    return { dataUrl: null };
  }
}
