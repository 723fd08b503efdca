/** Pure rules of the contacts area: role grants, If-None-Match matching, time zones, contact state moves. */
import { describe, expect, it } from 'vitest';
import { isKnownTimeZone } from '../../../server/db/contact-settings';
import { grantsOfRoles } from '../../../server/db/permissions';
import { ProblemError } from '../../../server/http/problem';
import { nextState } from '../../../server/http/transitions';
import { noneMatchHits } from '../../../server/operations/avatars';
import { contactTransitions } from '../../../server/operations/contact-writes';

describe('grantsOfRoles', () => {
  it('unions the grants of the roles, without duplicates, in the contract order', () => {
    expect(grantsOfRoles([])).toEqual([]);
    expect(grantsOfRoles(['sales'])).toEqual(['contacts.write', 'companies.write']);
    expect(grantsOfRoles(['sales', 'manager'])).toEqual([
      'contacts.write',
      'contacts.delete',
      'companies.write',
      'companies.delete',
    ]);
  });
});

describe('noneMatchHits', () => {
  const etag = '"abc"';
  it('matches the same tag, weak tags, lists and *', () => {
    expect(noneMatchHits('"abc"', etag)).toBe(true);
    expect(noneMatchHits('W/"abc"', etag)).toBe(true);
    expect(noneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(noneMatchHits('*', etag)).toBe(true);
  });
  it('does not match other tags, unquoted values or no header', () => {
    expect(noneMatchHits('"abd"', etag)).toBe(false);
    expect(noneMatchHits('abc', etag)).toBe(false);
    expect(noneMatchHits(undefined, etag)).toBe(false);
  });
});

describe('isKnownTimeZone', () => {
  it('accepts IANA zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});

describe('contact state moves', () => {
  it('archives active contacts and restores archived ones; other moves are 409 naming the state', () => {
    expect(nextState(contactTransitions, 'archive', 'active', 'contact', 'c1')).toBe('archived');
    expect(nextState(contactTransitions, 'restore', 'archived', 'contact', 'c1')).toBe('active');
    for (const [action, state] of [
      ['archive', 'archived'],
      ['restore', 'active'],
    ] as const) {
      try {
        nextState(contactTransitions, action, state, 'contact', 'c1');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ProblemError);
        expect((error as ProblemError).status).toBe(409);
        expect((error as ProblemError).members?.currentState).toBe(state);
      }
    }
  });
});
