import { randomBytes } from 'node:crypto';
import { hash32 } from '../../shared/hash32.js';
import { isKnownTimeZone, zoneClock } from '../../shared/zoned-time.js';
import { dateBoundInstant, parseDateBound } from './date-bound.js';
import { type IpRange, ipInRange, parseIpRange } from './ip-address.js';
import { normalizeHost, timeWindow } from './rule-values.js';
import type { ScanContext } from './rules.context.js';
import type { RedirectStatus, RuleAction, RuleCondition, RuleDefinition } from './rules.schemas.js';
import { fillTemplate, hasPlaceholders, parseTemplate, type TemplatePart } from './url-template.js';

/**
 * Rule evaluation for the redirect edge: pure and allocation-light, because it runs on every
 * scan. A rule is compiled once (CIDRs parsed, time zones' formatters looked up, templates
 * split, split weights accumulated) into closures; a scan then only calls them.
 *
 * Semantics worth knowing:
 * - `language` looks at the scanner's most preferred tag only; "de" matches "de" and "de-*".
 * - `referrer` matches a host and all of its subdomains ("example.com" matches "www.example.com").
 * - `time` reads the wall clock in its zone; a window whose `from` is after `to` spans midnight
 *   and counts as starting on the day of its `from` (Friday 22:00-02:00 includes Saturday 01:00).
 * - `query` with `equals` matches when any value of the parameter equals it.
 * - A stored rule that no longer compiles (a zone Intl stopped knowing) never matches, rather than failing scans.
 */

export type ConditionTest = (ctx: ScanContext) => boolean;

interface CompiledTarget {
  /** The whole URL when it has no placeholders, else null and `parts` are filled per scan. */
  readonly literal: string | null;
  readonly parts: readonly TemplatePart[];
  /** The target's own query parameter names (they win over the scan's when passing the query on). */
  readonly ownQueryNames: ReadonlySet<string> | null;
}

export type CompiledAction =
  | {
      readonly kind: 'redirect';
      readonly target: CompiledTarget;
      readonly status: RedirectStatus;
      readonly passQuery: boolean;
    }
  | {
      readonly kind: 'split';
      readonly targets: readonly CompiledTarget[];
      /** Running totals of the weights: [30, 100] for 30/70. */
      readonly cumulative: readonly number[];
      readonly sticky: boolean;
      readonly status: RedirectStatus;
      readonly passQuery: boolean;
    };

export interface CompiledRule {
  readonly id: string;
  readonly enabled: boolean;
  readonly matches: ConditionTest;
  readonly action: CompiledAction;
  /** True when a `scans` condition needs the code's scan count (see ScanContext.scansBefore). */
  readonly usesScanCount: boolean;
}

export interface ResolveOptions {
  slug: string;
  /** The scanner's sticky id from the STICKY_COOKIE_NAME cookie, when it sent a valid one. */
  stickyKey?: string;
  /** A uniform number in [0, 1) for unsticky splits; Math.random by default. */
  random?: () => number;
  /** Makes a sticky id for a scanner without one; newStickyId by default. */
  newStickyKey?: () => string;
}

export interface ResolvedTarget {
  url: string;
  status: RedirectStatus;
  /** Which split target was chosen. */
  splitIndex?: number;
  /** A sticky id made for this scanner: the edge sets it as the STICKY_COOKIE_NAME cookie. */
  newStickyKey?: string;
}

export const STICKY_COOKIE_NAME = 'rq_sticky';
export const STICKY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const STICKY_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A new random sticky id (22 URL-safe characters). */
export function newStickyId(): string {
  return randomBytes(16).toString('base64url');
}

/** Whether a cookie value may be used as a sticky id (anything else is replaced). */
export function isStickyId(value: string | undefined): value is string {
  return value !== undefined && STICKY_ID.test(value);
}

const always: ConditionTest = () => true;
const never: ConditionTest = () => false;

interface CompileState {
  usesScanCount: boolean;
}

function scanCount(ctx: ScanContext): number {
  return typeof ctx.scansBefore === 'function' ? ctx.scansBefore() : ctx.scansBefore;
}

function compileTime(time: NonNullable<RuleCondition['time']>): ConditionTest {
  const { from, to } = timeWindow(time);
  if (from === null || to === null || !isKnownTimeZone(time.timeZone)) return never;
  const clock = zoneClock(time.timeZone);
  // Bit n set: ISO weekday n is allowed.
  const dayMask = (time.days ?? [1, 2, 3, 4, 5, 6, 7]).reduce((mask, day) => mask | (1 << day), 0);
  if (from < to) {
    return (ctx) => {
      const wall = clock.at(ctx.now);
      return wall.minuteOfDay >= from && wall.minuteOfDay < to && (dayMask & (1 << wall.isoWeekday)) !== 0;
    };
  }
  return (ctx) => {
    const wall = clock.at(ctx.now);
    if (wall.minuteOfDay >= from) return (dayMask & (1 << wall.isoWeekday)) !== 0;
    if (wall.minuteOfDay < to) {
      const started = wall.isoWeekday === 1 ? 7 : wall.isoWeekday - 1;
      return (dayMask & (1 << started)) !== 0;
    }
    return false;
  };
}

function compileDate(date: NonNullable<RuleCondition['date']>): ConditionTest {
  const timeZone = date.timeZone ?? 'UTC';
  if (!isKnownTimeZone(timeZone)) return never;
  const from = date.from === undefined ? null : parseDateBound(date.from);
  const to = date.to === undefined ? null : parseDateBound(date.to);
  if ((date.from !== undefined && from === null) || (date.to !== undefined && to === null)) return never;
  const start = from ? dateBoundInstant(from, 'from', timeZone) : Number.NEGATIVE_INFINITY;
  const end = to ? dateBoundInstant(to, 'to', timeZone) : Number.POSITIVE_INFINITY;
  return (ctx) => ctx.now >= start && ctx.now < end;
}

function compileLanguage(tags: readonly string[]): ConditionTest {
  const ranges = tags.map((tag) => tag.toLowerCase());
  const prefixes = ranges.map((range) => `${range}-`);
  return (ctx) => {
    const preferred = ctx.languages[0];
    if (preferred === undefined) return false;
    for (let i = 0; i < ranges.length; i++) {
      if (preferred === ranges[i] || preferred.startsWith(prefixes[i] as string)) return true;
    }
    return false;
  };
}

function compileReferrer(hosts: readonly string[]): ConditionTest {
  const exact = hosts.map(normalizeHost);
  const suffixes = exact.map((host) => `.${host}`);
  return (ctx) => {
    const host = ctx.referrerHost;
    if (host === null) return false;
    for (let i = 0; i < exact.length; i++) {
      if (host === exact[i] || host.endsWith(suffixes[i] as string)) return true;
    }
    return false;
  };
}

function compileIp(list: readonly string[]): ConditionTest {
  const ranges = list.map(parseIpRange).filter((range): range is IpRange => range !== null);
  return (ctx) => {
    const ip = ctx.ip;
    if (ip === null) return false;
    for (const range of ranges) if (ipInRange(ip, range)) return true;
    return false;
  };
}

function inSet<T>(values: readonly T[], read: (ctx: ScanContext) => T | null): ConditionTest {
  const set = new Set(values);
  return (ctx) => {
    const value = read(ctx);
    return value !== null && set.has(value);
  };
}

function compileNode(node: RuleCondition, state: CompileState): ConditionTest {
  if (node.all) {
    const tests = node.all.map((child) => compileNode(child, state));
    return (ctx) => {
      for (const test of tests) if (!test(ctx)) return false;
      return true;
    };
  }
  if (node.any) {
    const tests = node.any.map((child) => compileNode(child, state));
    return (ctx) => {
      for (const test of tests) if (test(ctx)) return true;
      return false;
    };
  }
  if (node.not) {
    const test = compileNode(node.not, state);
    return (ctx) => !test(ctx);
  }
  if (node.device) return inSet(node.device, (ctx) => ctx.device);
  if (node.os) return inSet(node.os, (ctx) => ctx.os);
  if (node.browser) return inSet(node.browser, (ctx) => ctx.browser);
  if (node.language) return compileLanguage(node.language);
  if (node.country) return inSet(node.country, (ctx) => ctx.country);
  if (node.hostname) return inSet(node.hostname.map(normalizeHost), (ctx) => ctx.hostname);
  if (node.time) return compileTime(node.time);
  if (node.date) return compileDate(node.date);
  if (node.scans) {
    state.usesScanCount = true;
    const lt = node.scans.lt ?? Number.POSITIVE_INFINITY;
    const gte = node.scans.gte ?? 0;
    return (ctx) => {
      const count = scanCount(ctx);
      return count < lt && count >= gte;
    };
  }
  if (node.query) {
    const { name, equals } = node.query;
    if (equals === undefined) return (ctx) => ctx.query.has(name);
    return (ctx) => ctx.query.getAll(name).includes(equals);
  }
  if (node.referrer) return compileReferrer(node.referrer);
  if (node.ip) return compileIp(node.ip);
  if (node.bot !== undefined) {
    const bot = node.bot;
    return (ctx) => ctx.bot === bot;
  }
  return never;
}

/** Compiles a condition tree; no condition means always. */
export function compileCondition(when: RuleCondition | null | undefined): {
  test: ConditionTest;
  usesScanCount: boolean;
} {
  if (!when) return { test: always, usesScanCount: false };
  const state: CompileState = { usesScanCount: false };
  const test = compileNode(when, state);
  return { test, usesScanCount: state.usesScanCount };
}

/** An http(s) URL with a real host (a template can leave `https://.example.com`, which URL accepts). */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    const host = url.hostname;
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      host !== '' &&
      !host.startsWith('.') &&
      !host.includes('..')
    );
  } catch {
    return false;
  }
}

function queryNamesOf(url: string): Set<string> {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  return new Set(question === -1 ? [] : new URLSearchParams(withoutHash.slice(question + 1)).keys());
}

function compileTarget(template: string): CompiledTarget {
  const { parts, problems } = parseTemplate(template);
  if (problems.length > 0 || !hasPlaceholders(parts)) {
    const valid = problems.length === 0 && isHttpUrl(template);
    // An invalid stored target resolves to nothing; validation on write keeps this from happening.
    return { literal: valid ? template : null, parts: [], ownQueryNames: queryNamesOf(template) };
  }
  return { literal: null, parts, ownQueryNames: null };
}

function compileAction(then: RuleAction): CompiledAction {
  const status = then.status ?? 302;
  const passQuery = then.passQuery ?? false;
  if (then.split && then.split.length > 0) {
    let total = 0;
    const cumulative = then.split.map((target) => {
      total += target.weight;
      return total;
    });
    return {
      kind: 'split',
      targets: then.split.map((target) => compileTarget(target.url)),
      cumulative,
      sticky: then.sticky ?? false,
      status,
      passQuery,
    };
  }
  return { kind: 'redirect', target: compileTarget(then.redirect ?? ''), status, passQuery };
}

export function compileRule(rule: RuleDefinition): CompiledRule {
  const { test, usesScanCount } = compileCondition(rule.when);
  return {
    id: rule.id,
    enabled: rule.enabled,
    matches: test,
    action: compileAction(rule.then),
    usesScanCount,
  };
}

const compiledConditions = new WeakMap<RuleCondition, ConditionTest>();

/** Whether a condition matches a scan (compiled on first use and cached by the condition object). */
export function matches(when: RuleCondition | null | undefined, ctx: ScanContext): boolean {
  if (!when) return true;
  let test = compiledConditions.get(when);
  if (!test) {
    test = compileCondition(when).test;
    compiledConditions.set(when, test);
  }
  return test(ctx);
}

/** The first enabled rule whose condition matches, in the order given; null when none does. */
export function firstMatch(rules: readonly CompiledRule[], ctx: ScanContext): CompiledRule | null {
  for (const rule of rules) if (rule.enabled && rule.matches(ctx)) return rule;
  return null;
}

/** True when any of the rules needs ScanContext.scansBefore. */
export function needsScanCount(rules: readonly CompiledRule[]): boolean {
  return rules.some((rule) => rule.usesScanCount);
}

/** The sticky bucket (0..99) of a scanner for a rule: the same id and rule always give the same bucket. */
export function stickyBucket(stickyKey: string, ruleId: string): number {
  return hash32(`${stickyKey}\u0000${ruleId}`) % 100;
}

function appendQuery(url: string, query: URLSearchParams, ownNames: ReadonlySet<string>): string {
  let extra = '';
  for (const [name, value] of query) {
    if (ownNames.has(name)) continue;
    extra += `${extra === '' ? '' : '&'}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  }
  if (extra === '') return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${extra}${fragment}`;
}

function targetUrl(
  target: CompiledTarget,
  ctx: ScanContext,
  slug: string,
  passQuery: boolean,
): string | null {
  let url = target.literal;
  if (url === null) {
    if (target.parts.length === 0) return null;
    url = fillTemplate(target.parts, { slug, country: ctx.country, lang: ctx.language, query: ctx.query });
    if (!isHttpUrl(url)) return null;
  }
  if (!passQuery || ctx.query.size === 0) return url;
  return appendQuery(url, ctx.query, target.ownQueryNames ?? queryNamesOf(url));
}

/**
 * Where a matched rule sends this scan. Null when its target cannot be made into an http(s)
 * URL for this scan (a template whose value left the host empty): the caller goes on as if
 * the rule had not matched.
 */
export function resolveAction(
  rule: CompiledRule,
  ctx: ScanContext,
  options: ResolveOptions,
): ResolvedTarget | null {
  const action = rule.action;
  if (action.kind === 'redirect') {
    const url = targetUrl(action.target, ctx, options.slug, action.passQuery);
    return url === null ? null : { url, status: action.status };
  }
  let point: number;
  let newStickyKey: string | undefined;
  if (action.sticky) {
    let key = options.stickyKey;
    if (!isStickyId(key)) {
      key = (options.newStickyKey ?? newStickyId)();
      newStickyKey = key;
    }
    point = stickyBucket(key, rule.id);
  } else {
    point = (options.random ?? Math.random)() * 100;
  }
  let splitIndex = action.cumulative.findIndex((total) => point < total);
  if (splitIndex === -1) splitIndex = action.cumulative.length - 1;
  const url = targetUrl(action.targets[splitIndex] as CompiledTarget, ctx, options.slug, action.passQuery);
  if (url === null) return null;
  return newStickyKey === undefined
    ? { url, status: action.status, splitIndex }
    : { url, status: action.status, splitIndex, newStickyKey };
}

/** The first enabled, matching rule that yields a target, and that target; null sends the scan to the code's default. */
export function evaluateRules(
  rules: readonly CompiledRule[],
  ctx: ScanContext,
  options: ResolveOptions,
): { rule: CompiledRule; target: ResolvedTarget } | null {
  for (const rule of rules) {
    if (!rule.enabled || !rule.matches(ctx)) continue;
    const target = resolveAction(rule, ctx, options);
    if (target) return { rule, target };
  }
  return null;
}
