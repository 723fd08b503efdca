import { describe, expect, it } from 'vitest';
import { changedFields, resolve, threeWayMerge } from '../../../main/core/writes/merge';

const base = {
  id: 'c1',
  version: 3,
  firstName: 'Ada',
  phone: '1',
  city: 'Berlin',
  address: { city: 'Berlin', street: 'A 1' },
};

describe('threeWayMerge', () => {
  it('takes fields changed on one side only, whichever side', () => {
    const mine = { ...base, phone: '2' };
    const theirs = { ...base, version: 4, city: 'Lisbon' };
    expect(threeWayMerge(base, mine, theirs)).toEqual({
      merged: { ...base, version: 4, city: 'Lisbon', phone: '2' },
      conflicts: [],
    });
  });

  it('reports a field changed on both sides to different values, and keeps theirs until chosen', () => {
    const mine = { ...base, phone: '2' };
    const theirs = { ...base, version: 4, phone: '3' };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([{ field: 'phone', base: '1', mine: '2', theirs: '3' }]);
    expect(result.merged.phone).toBe('3');
    expect(resolve(result.merged, result.conflicts, { phone: 'mine' }).phone).toBe('2');
    expect(() => resolve(result.merged, result.conflicts, {})).toThrow(/phone/);
  });

  it('is no conflict when both sides made the same change', () => {
    const mine = { ...base, phone: '2' };
    expect(threeWayMerge(base, mine, { ...base, version: 4, phone: '2' }).conflicts).toEqual([]);
  });

  it('merges nested objects per sub-field', () => {
    const mine = { ...base, address: { ...base.address, street: 'B 2' } };
    const theirs = { ...base, version: 5, address: { ...base.address, city: 'Porto' } };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.address).toEqual({ city: 'Porto', street: 'B 2' });
  });

  it('ignores bookkeeping fields when listing changes', () => {
    expect(changedFields(base, { ...base, version: 9, updatedAt: 'x', city: 'Rome' })).toEqual(['city']);
  });
});
