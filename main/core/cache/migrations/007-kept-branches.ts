/**
 * Schema 7: every branch this computer has read, one row per branch (`kept_branches`), in place of
 * the one query-cache answer (`branchesRead`) that held them all and was rewritten whole on every
 * read. Branches are not in the change feed (api/openapi.yaml, ChangeType): the Branch Locator
 * searches these rows when the service cannot be reached (main/core/areas/branches/kept-branches.ts),
 * by a bounding box over the position columns. Each row: the branch id, its company, position (WGS
 * 84 degrees), kind, the branch as the service gave it (JSON) and when it was read (ISO 8601 UTC).
 * The branches of the old answer are moved here with its fetch time. Rebuildable like the rest of
 * cache.db: cleared with the query cache.
 */
import type { Migration } from './migration';

export const keptBranches: Migration = {
  version: 7,
  name: 'kept branches table',
  up: (db) =>
    db.exec(`
CREATE TABLE kept_branches (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL,
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  kind TEXT NOT NULL,
  branch TEXT NOT NULL,
  read_at TEXT NOT NULL
);
CREATE INDEX kept_branches_by_position ON kept_branches (latitude, longitude);
CREATE INDEX kept_branches_by_company ON kept_branches (company_id);
CREATE INDEX kept_branches_by_read ON kept_branches (read_at);
INSERT OR REPLACE INTO kept_branches (id, company_id, latitude, longitude, kind, branch, read_at)
  SELECT json_extract(kept.value, '$.id'), json_extract(kept.value, '$.companyId'),
    json_extract(kept.value, '$.latitude'), json_extract(kept.value, '$.longitude'),
    json_extract(kept.value, '$.kind'), kept.value, answer.fetched_at
  FROM query_cache AS answer, json_each(answer.value, '$.branches') AS kept
  WHERE answer.key = 'branchesRead';
DELETE FROM query_cache WHERE key = 'branchesRead';
`),
};
