import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

/**
 * The statistics of a split test (pure): each variant's conversion rate against the control's
 * (variant 0), the difference with its 95% confidence interval (the unpooled normal, or Wald,
 * interval of two independent proportions), and a verdict in words. The normal quantile and CDF
 * come from @stdlib (Apache-2.0), not from a hand-written approximation.
 */

export const CONFIDENCE = 0.95;
/** The power the "about N more scans" estimate plans for (the usual 80%). */
export const POWER = 0.8;
/** The normal approximation needs this many conversions and non-conversions in each variant. */
export const MIN_OUTCOMES = 5;

export interface VariantSample {
  /** Scans, or scanners for a sticky split. */
  trials: number;
  conversions: number;
}

export interface Difference {
  /** Rate of the variant minus rate of the control. */
  estimate: number;
  low: number;
  high: number;
  /** Two-sided p-value of no difference. */
  pValue: number;
}

/** A conversion rate, with conversions beyond the trials capped (one scanner bought twice). */
export function rate(sample: VariantSample): number | null {
  if (sample.trials <= 0) return null;
  return Math.min(sample.conversions, sample.trials) / sample.trials;
}

const z = (confidence: number) => normalQuantile(1 - (1 - confidence) / 2, 0, 1);

/** Variant minus control with its interval; null when either has no trials. */
export function difference(
  control: VariantSample,
  variant: VariantSample,
  confidence = CONFIDENCE,
): Difference | null {
  const p0 = rate(control);
  const p1 = rate(variant);
  if (p0 === null || p1 === null) return null;
  const estimate = p1 - p0;
  const se = Math.sqrt((p0 * (1 - p0)) / control.trials + (p1 * (1 - p1)) / variant.trials);
  if (se === 0) return { estimate, low: estimate, high: estimate, pValue: estimate === 0 ? 1 : 0 };
  const margin = z(confidence) * se;
  const pValue = 2 * (1 - normalCdf(Math.abs(estimate) / se, 0, 1));
  return { estimate, low: estimate - margin, high: estimate + margin, pValue };
}

/** Whether both samples have enough conversions and non-conversions for the normal approximation. */
export function hasEnoughOutcomes(sample: VariantSample): boolean {
  const converted = Math.min(sample.conversions, sample.trials);
  return converted >= MIN_OUTCOMES && sample.trials - converted >= MIN_OUTCOMES;
}

/**
 * Trials per variant a two-sided test at `confidence` needs to find the difference between the
 * two rates with `POWER`: n = (z_(1-a/2) + z_power)^2 (p0(1-p0) + p1(1-p1)) / (p1-p0)^2.
 */
export function trialsNeeded(p0: number, p1: number, confidence = CONFIDENCE): number | null {
  const delta = p1 - p0;
  if (delta === 0) return null;
  const sum = z(confidence) + normalQuantile(POWER, 0, 1);
  return Math.ceil((sum * sum * (p0 * (1 - p0) + p1 * (1 - p1))) / (delta * delta));
}

export type Verdict =
  | { kind: 'better' | 'worse'; variant: number }
  | { kind: 'no_difference' }
  | { kind: 'not_enough_data'; moreTrials: number | null };

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const variantLabel = (index: number) => LABELS[index] ?? `#${index + 1}`;

/**
 * The experiment's verdict: the variant whose interval lies wholly above the control's rate
 * (the best such, by estimate), else one wholly below; else not enough data while some variant
 * has too few outcomes or too few trials for the difference seen (with about how many more
 * trials), else no difference.
 */
export function verdictOf(samples: readonly VariantSample[], confidence = CONFIDENCE): Verdict {
  const control = samples[0];
  if (!control || samples.length < 2) return { kind: 'not_enough_data', moreTrials: null };
  const compared = samples.slice(1).map((sample, i) => ({
    variant: i + 1,
    sample,
    difference: difference(control, sample, confidence),
    sure: hasEnoughOutcomes(control) && hasEnoughOutcomes(sample),
  }));
  const better = compared
    .filter((c) => c.sure && c.difference && c.difference.low > 0)
    .sort((a, b) => (b.difference?.estimate ?? 0) - (a.difference?.estimate ?? 0))[0];
  if (better) return { kind: 'better', variant: better.variant };
  const worse = compared.find((c) => c.sure && c.difference && c.difference.high < 0);
  if (worse) return { kind: 'worse', variant: worse.variant };
  let moreTrials: number | null = null;
  let unsure = false;
  for (const c of compared) {
    const p0 = rate(control);
    const p1 = rate(c.sample);
    const needed = p0 === null || p1 === null ? null : trialsNeeded(p0, p1, confidence);
    if (!c.sure || needed === null || needed > Math.min(control.trials, c.sample.trials)) unsure = true;
    if (needed === null) continue;
    const more = Math.max(0, needed - control.trials) + Math.max(0, needed - c.sample.trials);
    if (more > 0) moreTrials = moreTrials === null ? more : Math.min(moreTrials, more);
  }
  if (unsure) return { kind: 'not_enough_data', moreTrials };
  return { kind: 'no_difference' };
}

/** The verdict in words, as the site shows it. */
export function verdictText(
  verdict: Verdict,
  counting: 'scans' | 'scanners',
  confidence = CONFIDENCE,
): string {
  const sure = `${Math.round(confidence * 100)}% sure`;
  switch (verdict.kind) {
    case 'better':
      return `${variantLabel(verdict.variant)} converts better, ${sure}`;
    case 'worse':
      return `${variantLabel(verdict.variant)} converts worse, ${sure}`;
    case 'no_difference':
      return `no difference found: the variants convert alike within the ${sure} interval`;
    case 'not_enough_data':
      return verdict.moreTrials === null
        ? 'not enough data yet'
        : `not enough data yet: about ${verdict.moreTrials.toLocaleString('en')} more ${counting}`;
  }
}
