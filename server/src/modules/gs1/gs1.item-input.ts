/**
 * What a create or a patch of a GS1 item writes besides its levels: its link controls merged and
 * checked (a new password hashed once the body is valid), and its rules tied to the item's links.
 */
import { type FieldError, Problem } from '../../shared/problem.js';
import { hashCodePassword, storedHashOf } from '../qrcodes/code-password.js';
import {
  type LinkControlsInput,
  mergeControls,
  NO_CONTROLS,
  validateLinkControls,
} from '../qrcodes/link-controls.js';
import { validateCondition } from '../rules/rules.validate.js';
import { ITEM_CONTROLS_NONE, type ItemControls } from './gs1.item-view.js';
import type { Gs1ItemRule } from './gs1.scan-rules.js';
import type { Gs1ControlsInput } from './gs1.schemas.js';
import { type LevelInput, storedLinks, type UrlCheck } from './gs1.validate.js';

/**
 * The controls after a merge patch of them, checked (paths under `base`), as stored but for a new
 * password, which the caller hashes (storedControls): hashing is async and only worth it once
 * the whole body is valid.
 */
export function mergedControls(
  before: ItemControls | null,
  patch: Gs1ControlsInput | undefined,
  base: string,
  errors: FieldError[],
  checkUrl: UrlCheck,
): ItemControls | null {
  if (patch === undefined) return before;
  const { password, passwordHash, ...rest } = patch;
  const merged = mergeControls({ ...NO_CONTROLS, ...before }, rest as LinkControlsInput);
  // The target is checked as the item's links are (the product's own short URLs refused too).
  const found = validateLinkControls({ ...merged, expiredTarget: null }, password, base);
  const target = merged.expiredTarget === null ? null : checkUrl(merged.expiredTarget);
  if (target && !target.ok) found.push({ path: `${base}/expiredTarget`, message: target.message });
  if (passwordHash !== undefined) {
    try {
      merged.passwordHash = storedHashOf(passwordHash, `${base}/passwordHash`);
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      found.push(...(error.options.errors ?? []));
    }
  }
  if (password === null) merged.passwordHash = null;
  if (found.length > 0) {
    errors.push(...found);
    return before;
  }
  const { activeFrom, expiresAt, maxScans, utm } = merged;
  const kept: ItemControls = {
    activeFrom,
    expiresAt,
    maxScans,
    expiredTarget: target?.ok ? target.url : null,
    passwordHash: merged.passwordHash,
    utm,
  };
  return Object.values(kept).every((value) => value === null) ? null : kept;
}

/** The checked controls with a new password (the patch's, if any) hashed in. */
export async function storedControls(
  controls: ItemControls | null,
  patch: Gs1ControlsInput | undefined,
): Promise<ItemControls | null> {
  const password = patch?.password;
  if (typeof password !== 'string') return controls;
  return { ...(controls ?? ITEM_CONTROLS_NONE), passwordHash: await hashCodePassword(password) };
}

/**
 * The rules as stored: each names a link of the item by its href (as given or as stored), and
 * is kept with the stored href. Conditions are checked by the rules module's validator.
 */
export function storedRules(
  rules: readonly Gs1ItemRule[],
  levels: LevelInput[],
  prefix: boolean,
  base: string,
  errors: FieldError[],
  checkUrl: UrlCheck,
): Gs1ItemRule[] {
  const storedHref = new Map<string, string>();
  for (const level of levels) {
    const stored = storedLinks(level, prefix, checkUrl);
    level.links.forEach((link, index) => {
      const href = stored[index]?.href ?? link.href;
      storedHref.set(link.href, href);
      storedHref.set(href, href);
    });
  }
  return rules.map((rule, index) => {
    errors.push(...validateCondition(rule.when, `${base}/${index}/when`));
    const href = storedHref.get(rule.href.trim());
    if (href === undefined) {
      errors.push({ path: `${base}/${index}/href`, message: "is none of the item's links' hrefs" });
    }
    return { when: rule.when, href: href ?? rule.href };
  });
}
