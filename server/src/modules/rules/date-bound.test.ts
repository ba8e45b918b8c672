import { describe, expect, it } from 'vitest';
import { dateBoundInstant, parseDateBound } from './date-bound.js';

const at = (iso: string) => Date.parse(iso);

describe('date bounds', () => {
  it('reads dates and date-times with offsets', () => {
    expect(parseDateBound('2026-12-24')).toEqual({ kind: 'date', year: 2026, month: 12, day: 24 });
    expect(parseDateBound('2026-12-24T18:00:00+01:00')).toEqual({
      kind: 'instant',
      epochMs: at('2026-12-24T17:00:00Z'),
    });
    expect(parseDateBound('2026-12-24T18:00Z')).toEqual({
      kind: 'instant',
      epochMs: at('2026-12-24T18:00:00Z'),
    });
    expect(parseDateBound('2026-12-24T18:00:00.250Z')).toEqual({
      kind: 'instant',
      epochMs: at('2026-12-24T18:00:00.250Z'),
    });
  });

  it.each([
    '2026-02-30',
    '2026-13-01',
    '2026-12-24T18:00:00',
    '2026-12-24T24:00:00Z',
    '2026-12-24 18:00:00Z',
    '24.12.2026',
    'tomorrow',
    '2026-1-1',
  ])('refuses %j', (text) => {
    expect(parseDateBound(text)).toBeNull();
  });

  it('makes a `to` date include its whole local day', () => {
    const to = parseDateBound('2026-12-24');
    const from = parseDateBound('2026-12-24');
    if (!to || !from) throw new Error('fixture');
    expect(dateBoundInstant(from, 'from', 'Europe/Berlin')).toBe(at('2026-12-23T23:00:00Z'));
    expect(dateBoundInstant(to, 'to', 'Europe/Berlin')).toBe(at('2026-12-24T23:00:00Z'));
    expect(dateBoundInstant(to, 'to', 'UTC')).toBe(at('2026-12-25T00:00:00Z'));
    const last = parseDateBound('2026-12-31');
    if (!last) throw new Error('fixture');
    expect(dateBoundInstant(last, 'to', 'UTC')).toBe(at('2027-01-01T00:00:00Z'));
  });
});
