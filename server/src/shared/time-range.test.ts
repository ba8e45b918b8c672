import { describe, expect, it } from 'vitest';
import { idTimeBound } from './ids.js';
import { idTimeRange } from './time-range.js';

describe('a log query time range', () => {
  it('reads from (inclusive) and to (exclusive) as id bounds of the log', () => {
    const from = '2026-11-26T10:00:00Z';
    expect(idTimeRange('dlv', { from, to: '2026-11-27' })).toEqual({
      idAtLeast: idTimeBound('dlv', Date.parse(from)),
      idBelow: idTimeBound('dlv', Date.parse('2026-11-27T00:00:00Z')),
    });
    expect(idTimeRange('evt', {})).toEqual({});
  });

  it('refuses an unreadable time and a to not after from, naming the parameter', () => {
    expect(() => idTimeRange('evt', { from: 'yesterday' })).toThrow(
      expect.objectContaining({ options: { errors: [expect.objectContaining({ path: '/query/from' })] } }),
    );
    expect(() => idTimeRange('evt', { from: '2026-11-27', to: '2026-11-26' })).toThrow(
      expect.objectContaining({
        options: { errors: [{ path: '/query/to', message: 'must be after from' }] },
      }),
    );
  });
});
