/**
 * Starts the reference BRM service (see `server/README.md`): opens (or creates and seeds) the data in
 * `dataDir`, binds the contract's operations and listens on `host:port`.
 */
import { maxFeedWaitSeconds } from './sync/feed-waits';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { composeService } from './compose';
import { backfillDocumentCrc32, type Crc32Backfill } from './db/document-crc32-backfill';
import { backfillNameKeys, type NameKeyRename } from './db/record-table';
import type { ServiceRepos } from './db/service-repos';
import type { ServiceStore } from './db/store';
import { type DemoOptions, demoCredentials, isSeeded, seedDemo } from './demo/seed';
import { defaultBodyTimeoutMs } from './http/body-timeout';
import { defaultRateLimits, type RateLimits } from './http/rate-limit';
import type { CampaignSender } from './operations/campaign-sender';

export type { Crc32Backfill } from './db/document-crc32-backfill';
export type { ServiceRepos } from './db/service-repos';
export type { ServiceStore } from './db/store';

/** Options of startService. */
export interface StartServiceOptions {
  /** SQLite db + files on disk live here; seeded with demo data when empty, reused otherwise. */
  dataDir: string;
  /** 0 = pick a free port (default 0). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Log requests as JSON lines (pino) to stdout; default false. */
  logger?: boolean;
  /** Size of the demo data set when seeding (defaults 2000/200/500/300/50, seed 20261122). */
  demo?: Partial<DemoOptions>;
  /** Lifetime of access tokens, seconds (default 900). */
  accessTokenTtlSeconds?: number;
  /** Request quotas; defaults 600 per minute per user and 600 per minute per address without a valid token. */
  rateLimits?: Partial<RateLimits>;
  /**
   * Longest silence within a request body, ms, before the request is answered 408 and its connection
   * closed (default 30 000; tests use a few hundred).
   */
  bodyTimeoutMs?: number;
  /**
   * The longest a `Get changes` request may be held for `Prefer: wait=N`, seconds (default and most
   * 30); 0 answers every request at once, as services before contract 0.4.0 did (for proxies that
   * cut long requests).
   */
  maxFeedWaitSeconds?: number;
}

/** A running service. */
export interface RunningService {
  /** e.g. http://127.0.0.1:43123 (no trailing slash). */
  url: string;
  /** The demo user (an e-mail and a password). */
  credentials: { username: string; password: string };
  /** The service's data layer, used by handlers and by tests to make changes. */
  store: ServiceStore;
  /** The service areas' repositories over the same database (the ones the handlers use). */
  repos: ServiceRepos;
  /** The background sender of campaigns, running while the service runs. */
  campaignSender: CampaignSender;
  /** How long seeding took, ms (0 when the data dir was already seeded). */
  seedMs: number;
  /**
   * What the start did to documents stored before contract 0.5.0 (`crc32` added, or the document
   * deleted when its file is lost: `db/document-crc32-backfill.ts`); nothing on later starts.
   */
  crc32Backfill: Crc32Backfill;
  /**
   * The records renamed because their names read like an older one's of the same scope (stored before
   * names were compared as people read them: `db/record-table.ts` `backfillNameKeys`); none on later starts.
   */
  nameKeyRenames: NameKeyRename[];
  /** Stops listening, closes open connections, stops the campaign sender and closes the database. */
  stop(): Promise<void>;
}

/**
 * Starts the service. Documents stored before contract 0.5.0 get their `crc32`, and names that must be
 * unique their keys, before the first request is answered (`db/document-crc32-backfill.ts`,
 * `db/record-table.ts` `backfillNameKeys`). Throws when the data dir cannot be opened
 * (e.g. a database from a newer version), when none of those documents has its file, or when the
 * port cannot be bound.
 */
export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const service = composeService(dataDir);
  const { store, repos, campaignSender } = service;
  try {
    // Requests of an earlier run that was killed never stored their answers: their keys may be sent again.
    store.idempotency.releaseUnfinished();
    store.feed.waits.maxSeconds = Math.max(
      0,
      Math.min(options.maxFeedWaitSeconds ?? maxFeedWaitSeconds, maxFeedWaitSeconds),
    );
    const crc32Backfill = await backfillDocumentCrc32(store);
    const nameKeyRenames = backfillNameKeys(store.db);
    const seedMs = isSeeded(store) ? 0 : await seedDemo(service, options.demo);
    const app = await buildApp(service, {
      logger: options.logger ?? false,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 900,
      rateLimits: { ...defaultRateLimits, ...options.rateLimits },
      bodyTimeoutMs: options.bodyTimeoutMs ?? defaultBodyTimeoutMs,
    });
    // Started after seeding, so background deliveries never mix into the seeding transaction.
    campaignSender.start();
    const host = options.host ?? '127.0.0.1';
    await app.listen({ port: options.port ?? 0, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    let stopped: Promise<void> | null = null;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      credentials: { ...demoCredentials },
      store,
      repos,
      campaignSender,
      seedMs,
      crc32Backfill,
      nameKeyRenames,
      stop: () => {
        // Held feed requests (long polls) answer now instead of holding the close up.
        store.feed.waits.end();
        stopped ??= app.close().then(() => {
          campaignSender.stop();
          store.close();
        });
        return stopped;
      },
    };
  } catch (error) {
    campaignSender.stop();
    store.close();
    throw error;
  }
}
