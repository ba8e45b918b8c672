import {
  decideScan,
  type EdgeControls,
  type StopReason,
  utmParams,
  withUtm,
} from '../redirect/scan-decision.js';
import type { ScanContext } from '../rules/rules.context.js';
import type { ItemControls } from './gs1.item-view.js';
import type { Gs1Decision } from './gs1.resolve.js';
import {
  applyItemRules,
  type CompiledItemRule,
  compileItemRules,
  type Gs1ItemRule,
} from './gs1.scan-rules.js';

/**
 * One scan of an item with link controls or rules, after the resolver chose its links: the
 * controls decide first, as a code's do (scan-decision.ts: not active yet, expired or used up
 * goes to expiredTarget or a 410; then the password gate), then the item's rules pick among the
 * resolver's links, and the item's UTM tags go on the link followed. Pure: the edge and "Test a
 * scan" both decide with it, so what the site shows is what a phone gets.
 */

/** What an item decides with, compiled once per item record the edge (or the simulator) holds. */
export interface DecidableItem {
  rules: readonly CompiledItemRule[];
  controls: EdgeControls | null;
  readsScanCount: boolean;
}

const compiledItems = new WeakMap<object, DecidableItem>();

/** The item's rules compiled and its controls in the edge's form (the UTM tags encoded once). */
export function decidableItem(item: {
  rules: readonly Gs1ItemRule[];
  controls: ItemControls | null;
}): DecidableItem {
  let compiled = compiledItems.get(item);
  if (!compiled) {
    const rules = compileItemRules(item.rules);
    const controls = item.controls && {
      ...item.controls,
      utm: utmParams(item.controls.utm),
      apps: null,
    };
    compiled = {
      rules,
      controls,
      readsScanCount: controls?.maxScans != null || rules.some((rule) => rule.usesScanCount),
    };
    compiledItems.set(item, compiled);
  }
  return compiled;
}

export type ResolvedLinks = Extract<Gs1Decision, { kind: 'redirect' | 'choices' }>;

export type ItemScanDecision =
  /** The resolver's answer, or another link of it a rule picked, or the expiredTarget of a stopped item. */
  | { kind: 'answer'; decision: Gs1Decision; rule: number | null; stoppedBy: StopReason | null }
  /** A stopped item without expiredTarget: the 410 page that says which. */
  | { kind: 'gone'; stoppedBy: StopReason }
  /** The scanner must enter the item's password first (the form at the item's URI). */
  | { kind: 'password' };

export function decideItemScan(
  item: DecidableItem,
  resolved: ResolvedLinks,
  context: ScanContext,
  query: string | undefined,
  options: { unlocked: boolean; overLimit: boolean },
): ItemScanDecision {
  const { controls } = item;
  const held = decideScan(
    { slug: '', mode: 'redirect', target: null, exec: null, rules: [], controls },
    context,
    { unlocked: options.unlocked, defaultOnly: true, siteUrl: '' },
  );
  if (held.kind === 'gone') return { kind: 'gone', stoppedBy: held.decidedBy };
  if (held.kind === 'password') return { kind: 'password' };
  if (held.kind === 'redirect' && held.decidedBy !== 'default') {
    const stoppedBy = held.decidedBy as StopReason;
    return { kind: 'answer', decision: redirectTo(held.url, resolved), rule: null, stoppedBy };
  }
  // Over the monthly limit only the resolver's own choice answers, as a code's default does.
  const ruled = options.overLimit
    ? { decision: resolved as Gs1Decision, rule: null }
    : applyItemRules(resolved, item.rules, context, query);
  const utm = controls?.utm ?? null;
  const { decision } = ruled;
  const tagged =
    utm !== null && decision.kind === 'redirect'
      ? { ...decision, location: withUtm(decision.location, utm) }
      : decision;
  return { kind: 'answer', decision: tagged, rule: ruled.rule, stoppedBy: null };
}

/** A 307 to a stopped item's expiredTarget (no Link to the item's links: they are not served). */
function redirectTo(location: string, resolved: ResolvedLinks): Gs1Decision {
  const link = resolved.kind === 'redirect' ? resolved.link : resolved.candidates[0];
  return {
    kind: 'redirect',
    status: 307,
    location,
    link: link as NonNullable<typeof link>,
    candidates: [],
    headers: { vary: resolved.headers.vary ?? 'Accept, Accept-Language' },
  };
}
