/**
 * Date-times that pass the contract's `format: date-time` (RFC 3339) but that JavaScript cannot hold:
 * a leap second (`23:59:60`) is valid RFC 3339, yet `Date.parse` answers NaN for it, and
 * `toISOString()` would then throw. Handlers check such inputs first and answer 400.
 */
import type { ProblemFieldError } from './problem';

/**
 * Problems with date-times (ISO 8601, already checked by the contract) that JavaScript cannot
 * represent: a leap second (`:60`) passes the RFC 3339 format but has no `Date`. Pointers are
 * `<prefix>/<name>`.
 */
export function unrepresentableTimes(values: Record<string, string>, prefix: string): ProblemFieldError[] {
  return Object.entries(values)
    .filter(([, v]) => Number.isNaN(Date.parse(v)))
    .map(([name]) => ({
      pointer: `${prefix}/${name}`,
      detail: 'is a time this service cannot store (a leap second?)',
    }));
}
