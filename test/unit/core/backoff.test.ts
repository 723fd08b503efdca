import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../main/core/sync/backoff';

const options = { baseMs: 1000, maxMs: 60_000 };

describe('backoffDelay (full jitter)', () => {
  it('ranges from 0 up to base · 2^attempt', () => {
    expect(backoffDelay(0, options, null, () => 0)).toBe(0);
    expect(backoffDelay(0, options, null, () => 0.999_999)).toBe(999);
    expect(backoffDelay(3, options, null, () => 0.5)).toBe(4000);
  });

  it('never exceeds the cap, however many attempts', () => {
    expect(backoffDelay(10, options, null, () => 0.999_999)).toBe(59_999);
    expect(backoffDelay(10_000, options, null, () => 0.999_999)).toBe(59_999);
  });

  it('stays within [0, min(cap, base · 2^attempt)) for random draws', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** attempt);
      for (let i = 0; i < 200; i++) {
        const delay = backoffDelay(attempt, options);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(ceiling);
      }
    }
  });

  it('waits at least Retry-After, even beyond the cap', () => {
    expect(backoffDelay(0, options, 5000, () => 0.1)).toBe(5000);
    expect(backoffDelay(8, options, 120_000, () => 0.9)).toBe(120_000);
    expect(backoffDelay(8, options, 10, () => 0.5)).toBe(30_000);
  });
});
