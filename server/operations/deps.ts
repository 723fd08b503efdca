/** What operation handlers need from the running service. */
import type { ServiceStore } from '../db/store';

/** Dependencies of the operation handlers. */
export interface OperationDeps {
  store: ServiceStore;
  /** Lifetime of access tokens, seconds. */
  accessTokenTtlSeconds: number;
}

/** The ETag of a record: its version, quoted (RFC 9110 §8.8.3). */
export function versionETag(record: { version: number }): string {
  return `"${record.version}"`;
}
