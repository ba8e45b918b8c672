import type { ScanContext } from '../rules/rules.context.js';
import { type ConditionTest, compileCondition } from '../rules/rules.matcher.js';
import type { RuleCondition } from '../rules/rules.schemas.js';
import { type Gs1Decision, linkLocation } from './gs1.resolve.js';

/**
 * An item's rules (issue 46): each names a condition (the rules module's, compiled by its
 * matcher) and one of the item's links by its stored href. A rule only picks among the links a
 * scan is already answered from (the requested link type's, or the default's, at the level that
 * answers): it never changes the link type asked for, and never touches a linkset, a 404 or a
 * 400. Pure; the edge builds the scan context.
 */

export interface Gs1ItemRule {
  when: RuleCondition;
  /** A link of the item, by its href as stored (placeholders such as {lotnumber} unfilled). */
  href: string;
}

export interface CompiledItemRule {
  /** The rule's place in the item's list (for analytics and the simulator). */
  index: number;
  matches: ConditionTest;
  href: string;
  usesScanCount: boolean;
}

export function compileItemRules(rules: readonly Gs1ItemRule[]): CompiledItemRule[] {
  return rules.map((rule, index) => {
    const { test, usesScanCount } = compileCondition(rule.when);
    return { index, matches: test, href: rule.href, usesScanCount };
  });
}

/**
 * The decision after the item's rules: the first rule that matches the scan and names one of
 * the candidate links redirects there (a 300 among tied links becomes a 307 too); otherwise the
 * decision stays. `rule` is the deciding rule's index, or null.
 */
export function applyItemRules(
  decision: Gs1Decision,
  rules: readonly CompiledItemRule[],
  ctx: ScanContext,
  query: string | undefined,
): { decision: Gs1Decision; rule: number | null } {
  if (rules.length === 0 || (decision.kind !== 'redirect' && decision.kind !== 'choices')) {
    return { decision, rule: null };
  }
  const { candidates } = decision;
  for (const rule of rules) {
    const link = candidates.find((candidate) => candidate.storedHref === rule.href);
    if (!link || !rule.matches(ctx)) continue;
    const headers = { ...decision.headers };
    return {
      decision: {
        kind: 'redirect',
        status: 307,
        location: linkLocation(link, query),
        link,
        candidates,
        headers,
      },
      rule: rule.index,
    };
  }
  return { decision, rule: null };
}
