import { describe, expect, it } from 'vitest';
import { createAnswerCache } from '../../../renderer/src/stores/answer-cache';

describe('answer cache (the views last answers)', () => {
  it('keeps the most recently used answers, drops the least recently used one first, and forgets all on clear', () => {
    const cache = createAnswerCache(2);
    cache.set('deals.byCategory {"category":"hardware"}', 'hardware board');
    cache.set('spend.summary {}', 'all spend');
    // Reading the hardware board makes the spend the least recently used.
    expect(cache.get('deals.byCategory {"category":"hardware"}')).toBe('hardware board');
    cache.set('branches.locate {}', 'branches');
    expect(cache.get('spend.summary {}')).toBeUndefined();
    expect(cache.get('deals.byCategory {"category":"hardware"}')).toBe('hardware board');
    expect(cache.get('branches.locate {}')).toBe('branches');
    cache.clear();
    expect(cache.get('branches.locate {}')).toBeUndefined();
    expect(cache.get('deals.byCategory {"category":"hardware"}')).toBeUndefined();
  });
});
