import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { difference, trialsNeeded, type VariantSample, verdictOf, verdictText } from './experiments.stats.js';

/**
 * The expected values were computed independently of this code, in Python with SciPy 1.17.1:
 * d = p1 - p0, se = sqrt(p0(1-p0)/n0 + p1(1-p1)/n1), the interval d ± norm.ppf(0.975)·se and
 * the p-value 2·norm.sf(|d|/se) (the unpooled Wald interval of two independent proportions);
 * the sample size ceil((norm.ppf(0.975) + norm.ppf(0.8))² (p0(1-p0) + p1(1-p1)) / d²).
 */
const CASES: { control: VariantSample; variant: VariantSample; low: number; high: number; pValue: number }[] =
  [
    {
      control: { trials: 1000, conversions: 100 },
      variant: { trials: 1000, conversions: 150 },
      low: 0.021094683992369623,
      high: 0.07890531600763036,
      pValue: 0.0006981171463178049,
    },
    {
      control: { trials: 500, conversions: 20 },
      variant: { trials: 480, conversions: 22 },
      low: -0.019563872442188733,
      high: 0.03123053910885539,
      pValue: 0.6525860742144878,
    },
    {
      control: { trials: 2000, conversions: 300 },
      variant: { trials: 2000, conversions: 240 },
      low: -0.05115944294049114,
      high: -0.008840557059508859,
      pValue: 0.0054551697234644595,
    },
    {
      control: { trials: 50, conversions: 5 },
      variant: { trials: 60, conversions: 30 },
      low: 0.24860414702902767,
      high: 0.5513958529709724,
      pValue: 2.238183028252653e-7,
    },
    {
      control: { trials: 10000, conversions: 1234 },
      variant: { trials: 9000, conversions: 1200 },
      low: 0.00040042026227202383,
      high: 0.01946624640439465,
      pValue: 0.04112274700541735,
    },
  ];

describe('the difference of two conversion rates', () => {
  it.each(CASES)(
    'matches SciPy for $control.conversions/$control.trials against $variant.conversions/$variant.trials',
    (c) => {
      const found = difference(c.control, c.variant);
      expect(found?.low).toBeCloseTo(c.low, 12);
      expect(found?.high).toBeCloseTo(c.high, 12);
      expect(found?.pValue).toBeCloseTo(c.pValue, 9);
    },
  );

  it('needs as many trials per variant as SciPy says', () => {
    expect(trialsNeeded(0.1, 0.15)).toBe(683);
    expect(trialsNeeded(20 / 500, 22 / 480)).toBe(18945);
    expect(trialsNeeded(0.1, 0.1)).toBeNull();
  });

  it('mirrors the interval when the variants swap (property)', () => {
    const sample = fc
      .integer({ min: 1, max: 100_000 })
      .chain((trials) =>
        fc.record({ trials: fc.constant(trials), conversions: fc.integer({ min: 0, max: trials }) }),
      );
    fc.assert(
      fc.property(sample, sample, (a, b) => {
        const forward = difference(a, b);
        const backward = difference(b, a);
        if (!forward || !backward) return false;
        expect(backward.estimate).toBeCloseTo(-forward.estimate, 12);
        expect(backward.low).toBeCloseTo(-forward.high, 12);
        expect(backward.high).toBeCloseTo(-forward.low, 12);
        expect(backward.pValue).toBeCloseTo(forward.pValue, 12);
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('has no difference to speak of without trials', () => {
    expect(difference({ trials: 0, conversions: 0 }, { trials: 10, conversions: 1 })).toBeNull();
  });
});

describe('the verdict', () => {
  it('names the variant whose interval lies above the control', () => {
    const verdict = verdictOf([CASES[0]?.control as VariantSample, CASES[0]?.variant as VariantSample]);
    expect(verdict).toEqual({ kind: 'better', variant: 1 });
    expect(verdictText(verdict, 'scans')).toBe('B converts better, 95% sure');
  });

  it('says a variant converts worse when its interval lies below', () => {
    const verdict = verdictOf([CASES[2]?.control as VariantSample, CASES[2]?.variant as VariantSample]);
    expect(verdictText(verdict, 'scans')).toBe('B converts worse, 95% sure');
  });

  it('says how many more scans it takes to be sure of the difference seen', () => {
    const verdict = verdictOf([CASES[1]?.control as VariantSample, CASES[1]?.variant as VariantSample]);
    // 18,945 per variant (SciPy, above) less the 500 and 480 seen.
    expect(verdict).toEqual({ kind: 'not_enough_data', moreTrials: 36_910 });
    expect(verdictText(verdict, 'scans')).toBe('not enough data yet: about 36,910 more scans');
    expect(verdictText(verdict, 'scanners')).toBe('not enough data yet: about 36,910 more scanners');
  });

  it('is not sure with fewer than five conversions in a variant, however large the gap', () => {
    const verdict = verdictOf([
      { trials: 10, conversions: 0 },
      { trials: 10, conversions: 4 },
    ]);
    expect(verdict.kind).toBe('not_enough_data');
  });

  it('finds the best of several variants against the control', () => {
    const verdict = verdictOf([
      { trials: 1000, conversions: 100 },
      { trials: 1000, conversions: 140 },
      { trials: 1000, conversions: 190 },
    ]);
    expect(verdictText(verdict, 'scans')).toBe('C converts better, 95% sure');
  });
});
