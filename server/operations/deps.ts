/** What operation handlers need from the running service. */
import type { ServiceRepos } from '../db/service-repos';
import type { ServiceStore } from '../db/store';
import type { CampaignSender } from './campaign-sender';

/** Dependencies of the operation handlers, made once by the start-up code (`server/compose.ts`). */
export interface OperationDeps {
  store: ServiceStore;
  /** The service areas' repositories. */
  repos: ServiceRepos;
  /** The background sender of campaigns (started by the start-up code once demo data is seeded). */
  campaignSender: CampaignSender;
  /** Lifetime of access tokens, seconds. */
  accessTokenTtlSeconds: number;
}

/** The ETag of a record: its version, quoted (RFC 9110 §8.8.3). */
export function versionETag(record: { version: number }): string {
  return `"${record.version}"`;
}
