import { describe, expect, it } from 'vitest';
import { formatMoney, formatPoints, formatRate, formatRevenue, rateOf } from './conversions';

describe('conversion numbers on the site', () => {
  it('reads minor units in each currency’s own digits', () => {
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(formatMoney(1234, 'KWD')).toMatch(/^KWD\s1\.234$/);
  });

  it('lists revenue per currency, largest first, and a dash without any', () => {
    expect(formatRevenue({ USD: 500, EUR: 1999 })).toBe('€19.99 · $5.00');
    expect(formatRevenue({})).toBe('–');
    expect(formatRevenue(undefined)).toBe('–');
  });

  it('shows rates in percent and differences in points with their sign', () => {
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(0.0123)).toBe('1.23%');
    expect(formatRate(null)).toBe('–');
    expect(formatPoints(0.25)).toBe('+25.0 pts');
    expect(formatPoints(-0.031)).toBe('−3.1 pts');
    expect(rateOf(1, 4)).toBe(0.25);
    expect(rateOf(0, 0)).toBeNull();
  });
});
