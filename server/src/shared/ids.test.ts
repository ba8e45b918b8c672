import { describe, expect, it } from 'vitest';
import { monotonicIds, newId } from './ids.js';

describe('ids', () => {
  it('sort by the millisecond they were made in', () => {
    expect(newId('evt', 1_000) < newId('evt', 1_001)).toBe(true);
  });

  it('made monotonic, sort in the order they were made within one millisecond too', () => {
    const next = monotonicIds('evt');
    const ids = Array.from({ length: 1000 }, () => next(5_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(1000);
    expect(next(5_001) > (ids.at(-1) as string)).toBe(true);
    expect(ids.every((id) => /^evt_[0-9a-z]{26}$/.test(id))).toBe(true);
  });
});
