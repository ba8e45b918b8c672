import type { ApiAnswer } from '@site/src/api/types';

/** A split rule read as an experiment (GET /rules/{id}/experiment). */
export type Experiment = ApiAnswer<'/api/v1/rules/{id}/experiment'>;

/**
 * How conversion numbers read on the site: rates and differences in percent, revenue in each
 * currency's own units (the API counts minor units: 1999 EUR cents is €19.99). Pure: no I/O.
 */

/** Revenue in minor units per ISO 4217 currency, as the API answers it (`{ "EUR": 1999 }`). */
export type Revenue = Record<string, number>;

/** "12.5%" for 0.125; "–" before any scan (the API's null). */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '–';
  return `${(rate * 100).toFixed(rate === 0 || rate >= 0.1 ? 1 : 2)}%`;
}

/** A difference in percentage points with its sign: "+12.5 pts". */
export function formatPoints(value: number): string {
  const points = value * 100;
  return `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points).toFixed(1)} pts`;
}

/** How many digits a currency's minor unit has (2 for EUR, 0 for JPY, 3 for KWD). */
function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** One amount in minor units as its currency reads: "€19.99", "¥500". */
export function formatMoney(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** Every currency's revenue, largest first: "€19.99 · $5.00"; "–" without any. */
export function formatRevenue(revenue: Revenue | undefined): string {
  const entries = Object.entries(revenue ?? {}).filter(([, minor]) => minor !== 0);
  if (entries.length === 0) return '–';
  return entries
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([currency, minor]) => formatMoney(minor, currency))
    .join(' · ');
}

/** Conversions per scan, or null before any scan (the API's convention). */
export function rateOf(conversions: number, scans: number): number | null {
  return scans > 0 ? conversions / scans : null;
}

/**
 * The variant "Keep the winner" offers: the one the verdict found better, the control when the
 * verdict found the other worse, otherwise the best rate so far (the reader decides; the dialog
 * says the verdict first).
 */
export function suggestedWinner(experiment: Experiment): number {
  const { verdict, variants } = experiment;
  if (verdict.kind === 'better' && verdict.variant !== null) return verdict.variant;
  if (verdict.kind === 'worse') return 0;
  let best = 0;
  for (const variant of variants) {
    if ((variant.rate ?? -1) > (variants[best]?.rate ?? -1)) best = variant.index;
  }
  return best;
}
