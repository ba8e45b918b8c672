import type { Rule } from '../rules/rules.schemas.js';
import type { Experiment } from './conversions.schemas.js';
import type { ConversionCounts } from './conversions.service.js';
import {
  difference,
  rate,
  type VariantSample,
  variantLabel,
  verdictOf,
  verdictText,
} from './experiments.stats.js';

/**
 * A split rule read as an experiment (pure): per variant its scans, scanners, conversions, rate and
 * difference to the control (variant 0), and the verdict. A sticky split shows each scanner one
 * variant, so its rates divide by scanners; an unsticky one by scans.
 */
export interface VariantScans {
  variant: number;
  scans: number;
  scanners: number;
}

export function isSplitRule(rule: Pick<Rule, 'then'>): boolean {
  return Array.isArray(rule.then.split) && rule.then.split.length > 0;
}

export function experimentOf(
  rule: Pick<Rule, 'id' | 'name' | 'then'>,
  scans: readonly VariantScans[],
  conversions: ReadonlyMap<number, ConversionCounts>,
): Experiment {
  const split = rule.then.split ?? [];
  const sticky = rule.then.sticky === true;
  const counting = sticky ? 'scanners' : 'scans';
  const byVariant = new Map(scans.map((s) => [s.variant, s]));
  const samples: VariantSample[] = split.map((_, index) => {
    const seen = byVariant.get(index);
    return {
      trials: seen ? (sticky ? seen.scanners : seen.scans) : 0,
      conversions: conversions.get(index)?.conversions ?? 0,
    };
  });
  const control = samples[0] as VariantSample;
  const verdict = verdictOf(samples);
  const kept = split.findIndex((target) => target.weight === 100);
  return {
    rule: rule.id,
    name: rule.name,
    sticky,
    counting,
    variants: split.map((target, index) => {
      const sample = samples[index] as VariantSample;
      const seen = byVariant.get(index);
      return {
        index,
        label: variantLabel(index),
        url: target.url,
        weight: target.weight,
        scans: seen?.scans ?? 0,
        scanners: seen?.scanners ?? 0,
        conversions: sample.conversions,
        rate: rate(sample),
        revenue: conversions.get(index)?.revenue ?? {},
        difference: index === 0 ? null : difference(control, sample),
      };
    }),
    verdict: {
      kind: verdict.kind,
      variant: 'variant' in verdict ? verdict.variant : null,
      moreNeeded: verdict.kind === 'not_enough_data' ? verdict.moreTrials : null,
      text: verdictText(verdict, counting),
    },
    winnerKept: split.length > 1 && kept !== -1 ? kept : null,
  };
}

/** The rule's action after "Keep the winner": the same targets, everyone sent to `variant`. */
export function keepWinnerAction(rule: Pick<Rule, 'then'>, variant: number): Rule['then'] {
  const split = rule.then.split ?? [];
  return {
    ...rule.then,
    split: split.map((target, index) => ({ ...target, weight: index === variant ? 100 : 0 })),
  };
}
