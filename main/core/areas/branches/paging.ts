/** How the branches handlers page through the service's lists (handlers.ts, locate.ts). */

/** Branches per page asked of the service (api/openapi.yaml `Limit`: at most 500). */
export const pageSize = 500;
/** How long one page may take, ms. */
export const timeoutMs = 10_000;
