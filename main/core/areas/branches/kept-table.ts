/**
 * The name of the cache.db table of every branch this computer has read (cache/migrations/
 * 007-kept-branches.ts). A table declaration only, so the sync writer thread can load it with the
 * table registry (main/core/areas/tables.ts).
 */

/** The kept branches' table: rebuildable, cleared with the query cache (docs/ARCHITECTURE.md, "Cache schema"). */
export const keptBranchesTable = 'kept_branches';
