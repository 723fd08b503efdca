/**
 * `If-Match` as RFC 9110 §13.1.1 evaluates it, with the strong comparison of §8.8.3.2
 * (`server/http/preconditions.ts`): weak tags never match, `*` matches exactly when the record exists.
 */
import { describe, expect, it } from 'vitest';
import { checkIfMatch, type IfMatchValue, ifMatchPasses, parseIfMatch } from '../../../server/http/preconditions';
import { ProblemError } from '../../../server/http/problem';

function failure(run: () => void): ProblemError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

describe('parseIfMatch', () => {
  it('reads *, one tag, weak tags and lists (with empty elements and commas inside tags)', () => {
    expect(parseIfMatch('*')).toBe('*');
    expect(parseIfMatch(' * ')).toBe('*');
    expect(parseIfMatch('"3"')).toEqual([{ weak: false, opaque: '"3"' }]);
    expect(parseIfMatch('W/"3"')).toEqual([{ weak: true, opaque: '"3"' }]);
    expect(parseIfMatch('"1", W/"2" ,, "a,b"')).toEqual([
      { weak: false, opaque: '"1"' },
      { weak: true, opaque: '"2"' },
      { weak: false, opaque: '"a,b"' },
    ]);
  });

  it('refuses what is neither * nor entity tags', () => {
    for (const bad of ['3', '"3', 'w/"3"', '"3" "4"', '*, "3"', '', ' , ', '"a"b"'])
      expect(parseIfMatch(bad)).toBeNull();
  });
});

describe('ifMatchPasses (strong comparison)', () => {
  it('matches a strong tag of the version and nothing weak', () => {
    expect(ifMatchPasses([{ weak: false, opaque: '"3"' }], 3)).toBe(true);
    expect(ifMatchPasses([{ weak: true, opaque: '"3"' }], 3)).toBe(false);
    expect(ifMatchPasses([{ weak: false, opaque: '"2"' }], 3)).toBe(false);
    expect(ifMatchPasses(parseIfMatch('W/"3", "3"') as IfMatchValue, 3)).toBe(true);
  });

  it('matches * only when a record exists, and nothing when none does', () => {
    expect(ifMatchPasses('*', 1)).toBe(true);
    expect(ifMatchPasses('*', undefined)).toBe(false);
    expect(ifMatchPasses([{ weak: false, opaque: '"1"' }], undefined)).toBe(false);
  });
});

describe('checkIfMatch', () => {
  const record = { id: 'c1', version: 3 };

  it('passes without If-Match, with the current strong ETag and with * on an existing record', () => {
    expect(() => checkIfMatch(undefined, record, 'contact')).not.toThrow();
    expect(() => checkIfMatch(undefined, undefined, 'contact')).not.toThrow();
    expect(() => checkIfMatch('"3"', record, 'contact')).not.toThrow();
    expect(() => checkIfMatch('*', record, 'contact')).not.toThrow();
  });

  it('refuses a weak ETag of the current version with 412, the current record and words about W/', () => {
    const problem = failure(() => checkIfMatch('W/"3"', record, 'contact'));
    expect(problem.status).toBe(412);
    expect(problem.members?.current).toEqual(record);
    expect(problem.message).toContain('weak');
  });

  it('refuses a stale ETag with 412 and the current record', () => {
    const problem = failure(() => checkIfMatch('"2"', record, 'contact'));
    expect([problem.status, problem.type]).toEqual([412, '/problems/precondition-failed']);
    expect(problem.members?.current).toEqual(record);
  });

  it('refuses * and any tag when there is no record yet (a create) with 412', () => {
    for (const value of ['*', '"1"']) {
      const problem = failure(() => checkIfMatch(value, undefined, 'contact'));
      expect(problem.status).toBe(412);
      expect(problem.members).toBeUndefined();
    }
  });

  it('refuses a malformed If-Match with 400 at /header/If-Match', () => {
    const problem = failure(() => checkIfMatch('3', record, 'contact'));
    expect(problem.status).toBe(400);
    expect(problem.errors?.[0].pointer).toBe('/header/If-Match');
  });
});
