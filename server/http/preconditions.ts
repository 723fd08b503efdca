/**
 * Optimistic concurrency (`If-Match` in `api/openapi.yaml` `info.description`; RFC 9110 §13.1.1): a
 * save that sends `If-Match` with a stale ETag is refused with 412 and the current record, so the
 * client can merge and retry.
 */
import { ProblemError } from './problem';

/**
 * Checks an `If-Match` header value against a record's version. Passes when the header is absent,
 * `*`, or lists `"<version>"` (weak `W/` tags compare equal). Throws 412
 * `/problems/precondition-failed` with the current record in `current` otherwise.
 */
export function checkIfMatch(ifMatch: string | undefined, record: { version: number }, what: string): void {
  if (ifMatch === undefined) return;
  const tags = ifMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes('*') || tags.includes(`"${record.version}"`)) return;
  throw new ProblemError(
    412,
    '/problems/precondition-failed',
    `The ${what} has changed since you read it (it is at version ${record.version}); reload it and apply your change again.`,
    { members: { current: record as unknown as Record<string, unknown> } },
  );
}
