import type { EdgeCodeLookup, RedirectCode } from '../qrcodes/edge-code-lookup.js';
import type { CodeAttribution, LinkControls } from '../qrcodes/link-controls.js';
import type { ScanContext } from '../rules/rules.context.js';
import {
  type CompiledRule,
  compileRule,
  needsScanCount,
  STICKY_COOKIE_MAX_AGE_SECONDS,
  STICKY_COOKIE_NAME,
} from '../rules/rules.matcher.js';
import type { RuleDefinition } from '../rules/rules.schemas.js';
import type { RulesService } from '../rules/rules.service.js';
import type { ScansService } from '../scans/scans.service.js';
import { callExec } from './exec.js';
import type { Loaded } from './redirect.cache.js';
import {
  type DecidableCode,
  type DecideOptions,
  decideScan,
  type EdgeControls,
  type ScanDecision,
  utmParams,
  withUtm,
} from './scan-decision.js';

/** What the edge keeps per code: enough to answer a scan without touching the database. */
export interface EdgeCode extends DecidableCode {
  id: string;
  workspaceId: string;
  enabled: boolean;
  /** Whether the decision reads the scan count (a `scans` rule, `maxScans`): the edge takes it from its ScanCounter. */
  readsScanCount: boolean;
  /** Counted scans when loaded: the ScanCounter's seed. */
  countedScans: number;
  /** The code's own attribution setting (conversions); null: the workspace's default. */
  attribution: CodeAttribution | null;
}

/** Where the edge's cache loads codes from: the services of the modules that own them. */
export interface EdgeCodeSources {
  codeLookup: Pick<EdgeCodeLookup, 'findForRedirect'>;
  rules: Pick<RulesService, 'getManyForAccount'>;
  scans: Pick<ScansService, 'countedScans'>;
}

/** What deciding a scan needs besides the code and the request. */
export interface ScanDecisionDeps {
  /** The account's signing secrets, for exec calls: the current one first (two during a rotation's overlap). */
  signingSecrets(workspaceId: string): Promise<string[]>;
  /** Hosts exec calls may reach although they are not public (SSRF_ALLOW). */
  ssrfAllow: readonly string[];
  /** Where a code without a target goes (the site); the service never stores one without. */
  siteUrl: string;
}

export interface ScanOutcome {
  url: string;
  status: 301 | 302 | 307 | 308;
  ruleId: string | null;
  setCookie?: string;
  /** The split target the deciding rule chose (its index in the rule's `split`). */
  variant?: number;
}

/** A decision the edge answers without sending the scanner on: a 410 page or the password gate. */
export type HeldScan = Extract<ScanDecision, { kind: 'gone' | 'password' }>;

// Up to 100,000 codes are cached: what many share is one value, not a copy per code.
const NO_RULES: readonly CompiledRule[] = Object.freeze([]);
const MODES = { static: 'static', redirect: 'redirect', exec: 'exec' } as const;

/** A code as the edge's cache holds it, and the rules whose changes must drop it. */
type LoadedEdgeCode = Loaded<EdgeCode>;

/**
 * Reads one code with its rules (in their assigned order) for the cache. A code without rules
 * that does not read its scan count, read from SQLite, is answered without a promise (most
 * codes, and the cold path of a million codes scanned once each).
 */
export function loadEdgeCode(
  sources: EdgeCodeSources,
  key: string,
): LoadedEdgeCode | null | Promise<LoadedEdgeCode | null> {
  const [hostKey = '', slug = ''] = key.split('\n');
  const found = sources.codeLookup.findForRedirect(hostKey, slug);
  if (found instanceof Promise) return found.then((code) => withRulesAndCount(sources, code));
  return withRulesAndCount(sources, found);
}

function withRulesAndCount(
  sources: EdgeCodeSources,
  code: RedirectCode | undefined,
): LoadedEdgeCode | null | Promise<LoadedEdgeCode | null> {
  if (!code) return null;
  if (code.ruleIds.length > 0) return withRules(sources, code);
  return withCount(sources, { value: edgeCodeOf(code, []), dependsOn: [] });
}

async function withRules(sources: EdgeCodeSources, code: RedirectCode): Promise<LoadedEdgeCode> {
  const rules = await sources.rules.getManyForAccount(code.workspaceId, code.ruleIds);
  return withCount(sources, { value: edgeCodeOf(code, rules), dependsOn: code.ruleIds });
}

/**
 * Only a code that reads its count pays for it (it waits for this instance's journal to ship),
 * and it is cached at once: the in-process count lives on the cached code.
 */
function withCount(
  sources: EdgeCodeSources,
  loaded: LoadedEdgeCode,
): LoadedEdgeCode | Promise<LoadedEdgeCode> {
  const { value } = loaded;
  if (!value.readsScanCount) return loaded;
  return sources.scans.countedScans(value.id).then((counted) => {
    value.countedScans = counted;
    return { ...loaded, keep: true };
  });
}

/**
 * A code as the edge and the simulator decide with it: rules compiled in their order, controls
 * with their UTM tags added to the targets known now (once, not per scan). Counted scans 0.
 */
export function edgeCodeOf(code: RedirectCode, rules: readonly RuleDefinition[]): EdgeCode {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const compiled = code.ruleIds.flatMap((id) => {
    const rule = byId.get(id);
    return rule ? [compileRule(rule)] : [];
  });
  const ordered = compiled.length > 0 ? compiled : NO_RULES;
  const controls = edgeControlsOf(code.controls);
  const utm = controls?.utm ?? null;
  return {
    id: code.id,
    workspaceId: code.workspaceId,
    slug: code.slug,
    mode: MODES[code.mode],
    enabled: code.enabled,
    target: code.target === null ? null : withUtm(code.target, utm),
    exec: code.exec && { ...code.exec, fallback: withUtm(code.exec.fallback, utm) },
    rules: ordered,
    controls,
    readsScanCount: needsScanCount(ordered) || controls?.maxScans != null,
    countedScans: 0,
    attribution: code.controls.attribution,
  };
}

function edgeControlsOf(controls: LinkControls): EdgeControls | null {
  // Attribution is the EdgeCode's own field: a code with only that has no controls to check.
  const { attribution: _attribution, ...checked } = controls;
  if (Object.values(checked).every((value) => value === null)) return null;
  const utm = utmParams(controls.utm);
  const app = (url: string | undefined) => (url === undefined ? null : withUtm(url, utm));
  return {
    activeFrom: controls.activeFrom,
    expiresAt: controls.expiresAt,
    maxScans: controls.maxScans,
    expiredTarget: controls.expiredTarget,
    passwordHash: controls.passwordHash,
    utm,
    apps: controls.apps && { ios: app(controls.apps.ios), android: app(controls.apps.android) },
    ...(utm === null ? {} : { tagged: new Map<string, string>() }),
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Where one scan goes (scan-decision.ts), the exec URL asked when the decision is exec: a
 * redirect, or a held scan (410, password). Only exec needs to wait; every other scan is decided
 * without a promise (this is the hot path). `callExec` false (a HEAD) takes the fallback.
 */
export function resolveScan(
  deps: ScanDecisionDeps,
  code: EdgeCode,
  context: ScanContext,
  cookieHeader: string | undefined,
  options: { callExec: boolean; defaultOnly?: boolean; unlocked?: boolean },
): ScanOutcome | HeldScan | Promise<ScanOutcome> {
  const stickyKey = code.rules.length > 0 ? readCookie(cookieHeader, STICKY_COOKIE_NAME) : undefined;
  const decideOptions: DecideOptions = {
    unlocked: options.unlocked ?? false,
    defaultOnly: options.defaultOnly ?? false,
    siteUrl: deps.siteUrl,
  };
  if (stickyKey) decideOptions.stickyKey = stickyKey;
  const decision = decideScan(code, context, decideOptions);
  switch (decision.kind) {
    case 'gone':
    case 'password':
      return decision;
    case 'exec':
      // A HEAD is answered but not a scan: it must not make the owner's endpoint act.
      if (!options.callExec) return { url: decision.exec.fallback, status: 302, ruleId: null };
      return askExec(deps, code, decision.exec, context);
    case 'redirect': {
      const outcome: ScanOutcome = { url: decision.url, status: decision.status, ruleId: decision.ruleId };
      if (decision.variant !== undefined) outcome.variant = decision.variant;
      if (decision.newStickyKey) {
        outcome.setCookie = `${STICKY_COOKIE_NAME}=${decision.newStickyKey}; Max-Age=${STICKY_COOKIE_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`;
      }
      return outcome;
    }
  }
}

async function askExec(
  deps: ScanDecisionDeps,
  code: EdgeCode,
  exec: NonNullable<EdgeCode['exec']>,
  context: ScanContext,
): Promise<ScanOutcome> {
  const secrets = await deps.signingSecrets(code.workspaceId);
  const answer = await callExec({
    url: exec.url,
    timeoutMs: exec.timeoutMs,
    secrets,
    allow: deps.ssrfAllow,
    payload: {
      code: code.id,
      slug: code.slug,
      hostname: context.hostname,
      time: new Date(context.now).toISOString(),
      country: context.country,
      device: context.device,
      os: context.os,
      browser: context.browser,
      language: context.language,
      referrer: context.referrerHost,
      bot: context.bot,
      query: firstValues(context.query),
    },
  });
  // The fallback has its UTM tags from the load; the exec URL's answer gets them here.
  return answer.ok
    ? { url: withUtm(answer.url, code.controls?.utm ?? null), status: answer.status, ruleId: null }
    : { url: exec.fallback, status: 302, ruleId: null };
}

/** Each query parameter's first value, as the exec payload documents (a repeated name keeps its first). */
function firstValues(query: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const [name, value] of query) if (!Object.hasOwn(values, name)) values[name] = value;
  return values;
}
