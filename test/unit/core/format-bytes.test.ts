import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../main/core/format-bytes';

describe('formatBytes', () => {
  it('uses binary units, with at most one decimal', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GiB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MiB');
    expect(formatBytes(64 * 1024 ** 2)).toBe('64 MiB');
    expect(formatBytes(10 * 1024 + 100)).toBe('10.1 KiB');
    expect(formatBytes(12)).toBe('12 bytes');
  });
});
