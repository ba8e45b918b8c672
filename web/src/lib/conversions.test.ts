import { describe, expect, it } from 'vitest';
import {
  type Experiment,
  formatMoney,
  formatPoints,
  formatRate,
  formatRevenue,
  rateOf,
  suggestedWinner,
} from './conversions';

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

describe('the variant Keep the winner offers', () => {
  const experiment = (
    rates: (number | null)[],
    verdict: { kind: 'better' | 'worse' | 'no_difference' | 'not_enough_data'; variant: number | null },
  ): Experiment => ({
    rule: 'rule_1',
    name: 'A/B',
    sticky: false,
    counting: 'scans',
    variants: rates.map((rate, index) => ({
      index,
      label: String.fromCharCode(65 + index),
      url: `https://example.com/${index}`,
      weight: 50,
      scans: 10,
      scanners: 10,
      conversions: 0,
      rate,
      revenue: {},
      difference: null,
    })),
    verdict: { ...verdict, moreNeeded: null, text: '' },
    winnerKept: null,
  });

  it('is the variant the verdict found better, the control when it found the other worse', () => {
    expect(suggestedWinner(experiment([0.1, 0.3], { kind: 'better', variant: 1 }))).toBe(1);
    expect(suggestedWinner(experiment([0.3, 0.1], { kind: 'worse', variant: 1 }))).toBe(0);
  });

  it('is otherwise the best rate so far, the control on a tie or before any scan', () => {
    expect(suggestedWinner(experiment([0.1, 0.2, 0.15], { kind: 'not_enough_data', variant: null }))).toBe(1);
    expect(suggestedWinner(experiment([0.2, 0.2], { kind: 'no_difference', variant: null }))).toBe(0);
    expect(suggestedWinner(experiment([null, null], { kind: 'not_enough_data', variant: null }))).toBe(0);
  });
});
