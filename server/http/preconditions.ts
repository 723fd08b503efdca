/**
 * Optimistic concurrency (`If-Match` in `api/openapi.yaml` `info.description`): a save that sends
 * `If-Match` with a stale ETag is refused with 412 and the current record, so the client can merge
 * and retry. `If-Match` is evaluated as RFC 9110 §13.1.1 says, with the strong comparison of
 * §8.8.3.2: a weak entity tag (`W/"3"`) never matches, and `*` matches exactly when the record exists.
 */
import { ProblemError, validationProblem } from './problem';

/** One entity tag of an `If-Match` list (RFC 9110 §8.8.3): its opaque tag (quotes included) and whether it is weak. */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

/** The parsed `If-Match` field: `*`, or a list of entity tags. */
export type IfMatchValue = '*' | EntityTag[];

// entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text (RFC 9110 §8.8.3)
const entityTagAt = /[\t ]*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")[\t ]*(?:,|$)/y;

/**
 * Parses an `If-Match` field value (RFC 9110 §13.1.1: `"*" / #entity-tag`; empty list elements are
 * allowed, §5.6.1). Returns null when the value is neither.
 */
export function parseIfMatch(value: string): IfMatchValue | null {
  if (value.trim() === '*') return '*';
  const tags: EntityTag[] = [];
  let at = 0;
  while (at < value.length) {
    const rest = value.slice(at);
    const empty = /^[\t ]*,/.exec(rest);
    if (empty) {
      at += empty[0].length;
      continue;
    }
    if (/^[\t ]*$/.test(rest)) break;
    entityTagAt.lastIndex = at;
    const match = entityTagAt.exec(value);
    if (!match) return null;
    tags.push({ weak: match[1] !== undefined, opaque: match[2] });
    at = entityTagAt.lastIndex;
  }
  return tags.length > 0 ? tags : null;
}

/**
 * True when `If-Match` passes for a record at `version` (undefined: there is no current record, as
 * when a save creates one): `*` passes when the record exists; a list passes when one of its tags
 * is strong and equals `"<version>"` (strong comparison, RFC 9110 §8.8.3.2).
 */
export function ifMatchPasses(value: IfMatchValue, version: number | undefined): boolean {
  if (version === undefined) return false;
  if (value === '*') return true;
  return value.some((tag) => !tag.weak && tag.opaque === `"${version}"`);
}

/**
 * Checks an `If-Match` header value against a record (undefined when the save would create it).
 * Passes when the header is absent or `ifMatchPasses`. Throws 400 at `/header/If-Match` for a value
 * that is not `*` or a list of entity tags; 412 `/problems/precondition-failed` otherwise, with the
 * current record in `current` when there is one.
 */
export function checkIfMatch(ifMatch: string | undefined, record: { version: number } | undefined, what: string): void {
  if (ifMatch === undefined) return;
  const value = parseIfMatch(ifMatch);
  if (value === null) {
    throw validationProblem([
      { pointer: '/header/If-Match', detail: 'must be * or a list of entity tags such as "3" (RFC 9110 §13.1.1)' },
    ]);
  }
  if (ifMatchPasses(value, record?.version)) return;
  if (record === undefined) {
    throw new ProblemError(
      412,
      '/problems/precondition-failed',
      `There is no such ${what} yet, so If-Match cannot match; send the save without If-Match to create it.`,
    );
  }
  const weakOnly = value !== '*' && value.some((tag) => tag.weak && tag.opaque === `"${record.version}"`);
  throw new ProblemError(
    412,
    '/problems/precondition-failed',
    weakOnly
      ? `If-Match names the ${what}'s version with a weak entity tag (W/), which never matches (RFC 9110 §13.1.1); send the ETag as it was given ("${record.version}").`
      : `The ${what} has changed since you read it (it is at version ${record.version}); reload it and apply your change again.`,
    { members: { current: record as unknown as Record<string, unknown> } },
  );
}
