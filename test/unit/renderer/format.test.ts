import { describe, expect, it } from 'vitest';
import { formatAgo, formatRelative, matchSummary } from '../../../renderer/src/lib/format';

describe('relative times', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('says "just now" for this very instant and the last seconds', () => {
    expect(formatRelative('2026-11-22T10:00:00Z', now)).toBe('just now');
    expect(formatAgo('2026-11-22T10:00:00Z', now)).toBe('just now');
    expect(formatAgo('2026-11-22T09:59:30Z', now)).toBe('just now');
  });

  it('says "in a few seconds" only for instants ahead of now', () => {
    expect(formatRelative('2026-11-22T10:00:10Z', now)).toBe('in a few seconds');
  });

  it('treats a sync stamped slightly ahead of the page clock as just now', () => {
    expect(formatAgo('2026-11-22T10:00:05Z', now)).toBe('just now');
  });
});

describe('matchSummary', () => {
  it('agrees the verb with the count', () => {
    expect(matchSummary(1, 'contact', 'ab')).toBe('1 contact matches "ab"');
    expect(matchSummary(3, 'contact', 'ab')).toBe('3 contacts match "ab"');
    expect(matchSummary(0, 'document', 'x')).toBe('0 documents match "x"');
  });
});
