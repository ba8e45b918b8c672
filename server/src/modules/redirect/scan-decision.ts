import { remembered } from '../../shared/bounded-memo.js';
import type { ScanContext } from '../rules/rules.context.js';
import { type CompiledRule, type ResolveOptions, resolveAction } from '../rules/rules.matcher.js';
import type { RedirectStatus } from '../rules/rules.schemas.js';

/**
 * Where one scan goes: the one decision the edge and the scan simulator share (pure, no I/O).
 * In the order API.md gives: not active yet, expired or used up (to `expiredTarget`, else a 410);
 * the password gate; `apps` by the scanner's OS; the rules; the default target (or the exec URL,
 * which the caller asks, since asking is I/O). UTM tags are added to every target but
 * `expiredTarget`, never over a parameter the target already has.
 *
 * The edge calls it without a trace and pays for nothing more than the checks themselves; the
 * simulator passes `trace` and gets each rule's verdict.
 */

export type StopReason = 'inactive' | 'expired' | 'used_up';
export type DecidedBy = StopReason | 'password' | 'apps' | 'rule' | 'default' | 'exec';

/** A code's link controls as the edge keeps them: computed once when the code is loaded. */
export interface EdgeControls {
  activeFrom: number | null;
  expiresAt: number | null;
  maxScans: number | null;
  /** Where a stopped code sends scanners, as stored (no UTM: it is not the campaign's page). */
  expiredTarget: string | null;
  /** code-password.ts's stored hash, for the password gate to verify against. */
  passwordHash: string | null;
  /** The UTM parameters, `name=value` encoded, for targets only known per scan (rules, exec answers). */
  utm: readonly UtmParam[] | null;
  /** App targets with the UTM tags already added. */
  apps: { readonly ios: string | null; readonly android: string | null } | null;
  /**
   * Rule targets with their UTM tags, as tagged before: most rule targets are the same URL on
   * every scan, so they are tagged once. Bounded (a template's URLs vary per scan).
   */
  readonly tagged?: Map<string, string>;
}

export interface UtmParam {
  readonly name: string;
  /** `name=value`, encoded. */
  readonly pair: string;
}

/** What the decision reads of a code (EdgeCode has it all). */
export interface DecidableCode {
  slug: string;
  mode: 'static' | 'redirect' | 'exec';
  /** The default target, with the UTM tags added once at load. */
  target: string | null;
  /** Exec settings, the fallback with the UTM tags added once at load. */
  exec: { url: string; timeoutMs: number; fallback: string } | null;
  rules: readonly CompiledRule[];
  /** null for a code without controls: the common case costs one comparison. */
  controls: EdgeControls | null;
}

export type ScanDecision =
  | {
      kind: 'redirect';
      decidedBy: Exclude<DecidedBy, 'password' | 'exec'>;
      url: string;
      status: RedirectStatus;
      ruleId: string | null;
      /** A sticky id made for this scanner (the edge sets it as the sticky cookie). */
      newStickyKey?: string;
      /** The split target the rule chose (its index): the scan's variant in the rule's experiment. */
      variant?: number;
    }
  /** A stopped code without `expiredTarget`: a 410 page that says which. */
  | { kind: 'gone'; decidedBy: StopReason }
  /** The scanner must enter the code's password first. */
  | { kind: 'password'; decidedBy: 'password' }
  /** The exec URL decides; the caller asks it (or, for a HEAD, takes the fallback). */
  | { kind: 'exec'; decidedBy: 'exec'; exec: NonNullable<DecidableCode['exec']> };

/** One rule as the decision saw it, for the simulator's trace. */
export interface RuleVerdict {
  ruleId: string;
  enabled: boolean;
  /** Whether its condition matched (false when disabled or not reached). */
  matched: boolean;
  /** Matched, but its target could not be made into a URL for this scan. */
  noTarget: boolean;
  /** The decision was made before the rules, or by an earlier rule. */
  reached: boolean;
}

export interface DecideOptions
  extends Partial<Pick<ResolveOptions, 'stickyKey' | 'random' | 'newStickyKey'>> {
  /** The request carries proof the scanner entered the password (the gate's cookie or form). */
  unlocked: boolean;
  /** The account is over its monthly limit: apps, rules and exec calls are skipped. */
  defaultOnly: boolean;
  /** Where a code without a target goes (the site). */
  siteUrl: string;
  /** When given, filled with each rule's verdict (the simulator). */
  trace?: RuleVerdict[];
}

function scanCount(ctx: ScanContext): number {
  return typeof ctx.scansBefore === 'function' ? ctx.scansBefore() : ctx.scansBefore;
}

/** Whether the code is outside its active window at `now` (no scan count needed). */
export function stoppedByTime(controls: EdgeControls, now: number): 'inactive' | 'expired' | null {
  if (controls.activeFrom !== null && now < controls.activeFrom) return 'inactive';
  if (controls.expiresAt !== null && now >= controls.expiresAt) return 'expired';
  return null;
}

function stopped(controls: EdgeControls, ctx: ScanContext): StopReason | null {
  const byTime = stoppedByTime(controls, ctx.now);
  if (byTime) return byTime;
  return controls.maxScans !== null && scanCount(ctx) >= controls.maxScans ? 'used_up' : null;
}

function appTarget(controls: EdgeControls, ctx: ScanContext): string | null {
  const apps = controls.apps;
  if (apps === null) return null;
  return ctx.os === 'ios' ? apps.ios : ctx.os === 'android' ? apps.android : null;
}

export function decideScan(code: DecidableCode, ctx: ScanContext, options: DecideOptions): ScanDecision {
  const controls = code.controls;
  if (controls !== null) {
    const reason = stopped(controls, ctx);
    if (reason !== null) {
      traceUnreached(code, options.trace);
      return controls.expiredTarget === null
        ? { kind: 'gone', decidedBy: reason }
        : { kind: 'redirect', decidedBy: reason, url: controls.expiredTarget, status: 302, ruleId: null };
    }
    if (controls.passwordHash !== null && !options.unlocked) {
      traceUnreached(code, options.trace);
      return { kind: 'password', decidedBy: 'password' };
    }
    const app = options.defaultOnly ? null : appTarget(controls, ctx);
    if (app !== null) {
      traceUnreached(code, options.trace);
      return { kind: 'redirect', decidedBy: 'apps', url: app, status: 302, ruleId: null };
    }
  }
  if (code.mode === 'exec' && code.exec) {
    if (!options.defaultOnly) return { kind: 'exec', decidedBy: 'exec', exec: code.exec };
    return { kind: 'redirect', decidedBy: 'default', url: code.exec.fallback, status: 302, ruleId: null };
  }
  if (code.rules.length > 0 && !options.defaultOnly) {
    const decided = decideByRules(code, ctx, options);
    if (decided) return decided;
  } else traceUnreached(code, options.trace);
  return {
    kind: 'redirect',
    decidedBy: 'default',
    url: code.target ?? options.siteUrl,
    status: 302,
    ruleId: null,
  };
}

/** The first enabled rule that matches and yields a target (as rules.matcher.ts's evaluateRules). */
function decideByRules(code: DecidableCode, ctx: ScanContext, options: DecideOptions): ScanDecision | null {
  const trace = options.trace;
  const resolve: ResolveOptions = { slug: code.slug };
  if (options.stickyKey !== undefined) resolve.stickyKey = options.stickyKey;
  if (options.random) resolve.random = options.random;
  if (options.newStickyKey) resolve.newStickyKey = options.newStickyKey;
  let decided: ScanDecision | null = null;
  for (const rule of code.rules) {
    if (decided !== null) {
      // Only the simulator gets here: the rules after the deciding one, each with its verdict.
      (trace as RuleVerdict[]).push(verdict(rule, rule.enabled && rule.matches(ctx), false, false));
      continue;
    }
    const matched = rule.enabled && rule.matches(ctx);
    const target = matched ? resolveAction(rule, ctx, resolve) : null;
    trace?.push(verdict(rule, matched, matched && target === null, true));
    if (target === null) continue;
    decided = {
      kind: 'redirect',
      decidedBy: 'rule',
      url: code.controls === null ? target.url : tagged(code.controls, target.url),
      status: target.status,
      ruleId: rule.id,
      ...(target.newStickyKey === undefined ? {} : { newStickyKey: target.newStickyKey }),
      ...(target.splitIndex === undefined ? {} : { variant: target.splitIndex }),
    };
    if (!trace) return decided;
  }
  return decided;
}

const TAGGED_URLS = 64;

/** A rule target with the code's UTM tags, from the code's small cache when it was tagged before. */
function tagged(controls: EdgeControls, url: string): string {
  const { utm, tagged: cache } = controls;
  if (utm === null) return url;
  return cache ? remembered(cache, TAGGED_URLS, url, () => withUtm(url, utm)) : withUtm(url, utm);
}

function verdict(rule: CompiledRule, matched: boolean, noTarget: boolean, reached: boolean): RuleVerdict {
  return { ruleId: rule.id, enabled: rule.enabled, matched, noTarget, reached };
}

function traceUnreached(code: DecidableCode, trace: RuleVerdict[] | undefined): void {
  if (!trace) return;
  for (const rule of code.rules) trace.push(verdict(rule, false, false, false));
}

// ---------------------------------------------------------------------------------------------
// UTM tags

/** The UTM parameters of a code's `utm`, encoded once. */
export function utmParams(utm: Partial<Record<string, string>> | null): readonly UtmParam[] | null {
  if (!utm) return null;
  const params = Object.entries(utm)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([field, value]) => ({ name: `utm_${field}`, pair: `utm_${field}=${encodeUtmValue(value)}` }));
  return params.length === 0 ? null : params;
}

/** The value in a query string; one stored before its check refused broken text gets U+FFFD for it. */
function encodeUtmValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/**
 * The URL with the UTM parameters it does not have yet, before its fragment. A parameter the
 * target already has (in any value, even empty) is left as the target has it.
 */
export function withUtm(url: string, utm: readonly UtmParam[] | null): string {
  if (utm === null) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const question = base.indexOf('?');
  const own = question === -1 ? null : new URLSearchParams(base.slice(question + 1));
  let extra = '';
  for (const param of utm) {
    if (own?.has(param.name)) continue;
    extra += extra === '' ? param.pair : `&${param.pair}`;
  }
  if (extra === '') return url;
  const separator = question === -1 ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${extra}${fragment}`;
}
