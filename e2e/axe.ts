import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA: what every audit of the site checks. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AuditOptions {
  /** Named before each line, so one run names every failing page. */
  label?: string;
  /** Parts of the page left out (audited elsewhere). */
  exclude?: readonly string[];
  /** Every violation, not only the serious and critical ones. */
  all?: boolean;
}

/**
 * The open page's axe violations, one line each (its first three places named). Only violations
 * are collected: axe skips the passes' and incompletes' nodes.
 *
 * By default axe merges every frame's results in a blank page it opens for the purpose, which took
 * 1.8 s of a docs page's 2.8 s audit here. A page with no frame of another origin has nothing to
 * merge and is audited in place (legacy mode); one with such a frame (PayPal's buttons) is
 * audited the default way, so that frame is audited too.
 */
export async function axeViolations(page: Page, { label, exclude = [], all = false }: AuditOptions = {}) {
  const axe = new AxeBuilder({ page }).withTags(WCAG_21_AA).options({ resultTypes: ['violations'] });
  for (const selector of exclude) axe.exclude(selector);
  if (!hasForeignFrame(page)) axe.setLegacyMode(true);
  const { violations } = await axe.analyze();
  return violations
    .filter((violation) => all || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const places = violation.nodes.map((node) => node.target.join(' '));
      const more = places.length > 3 ? ` and ${places.length - 3} more` : '';
      return `${label ? `${label}: ` : ''}${violation.id} at ${places.slice(0, 3).join(', ')}${more}`;
    });
}

function hasForeignFrame(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
}
