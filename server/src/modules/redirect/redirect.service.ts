import type { QrCodesService } from '../qrcodes/qrcodes.service.js';
import type { ScanContext } from '../rules/rules.context.js';
import {
  type CompiledRule,
  compileRule,
  evaluateRules,
  needsScanCount,
  STICKY_COOKIE_MAX_AGE_SECONDS,
  STICKY_COOKIE_NAME,
} from '../rules/rules.matcher.js';
import type { RulesService } from '../rules/rules.service.js';
import type { ScansService } from '../scans/scans.service.js';
import { callExec } from './exec.js';

/** What the edge keeps per code: enough to answer a scan without touching the database. */
export interface EdgeCode {
  id: string;
  accountId: string;
  slug: string;
  mode: 'static' | 'redirect' | 'exec';
  enabled: boolean;
  target: string | null;
  exec: { url: string; timeoutMs: number; fallback: string } | null;
  rules: readonly CompiledRule[];
  /** Whether a rule reads the scan count (then the edge takes it from its ScanCounter). */
  readsScanCount: boolean;
  /** Counted scans when loaded: the ScanCounter's seed. */
  countedScans: number;
}

/** Where the edge's cache loads codes from: the services of the modules that own them. */
export interface EdgeCodeSources {
  qrcodes: Pick<QrCodesService, 'findForRedirect'>;
  rules: Pick<RulesService, 'getManyForAccount'>;
  scans: Pick<ScansService, 'countedScans'>;
}

/** What deciding a scan needs besides the code and the request. */
export interface ScanDecisionDeps {
  /** The account's signing secrets, for exec calls: the current one first (two during a rotation's overlap). */
  signingSecrets(accountId: string): Promise<string[]>;
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
}

// Up to 100,000 codes are cached: what many share is one value, not a copy per code.
const NO_RULES: readonly CompiledRule[] = Object.freeze([]);
const MODES = { static: 'static', redirect: 'redirect', exec: 'exec' } as const;

/** Reads one code with its rules (in their assigned order) for the cache. */
export async function loadEdgeCode(
  sources: EdgeCodeSources,
  key: string,
): Promise<{ value: EdgeCode; dependsOn: string[] } | null> {
  const [hostKey = '', slug = ''] = key.split('\n');
  const code = await sources.qrcodes.findForRedirect(hostKey, slug);
  if (!code) return null;
  const rules =
    code.ruleIds.length > 0 ? await sources.rules.getManyForAccount(code.accountId, code.ruleIds) : [];
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const compiled = code.ruleIds.flatMap((id) => {
    const rule = byId.get(id);
    return rule ? [compileRule(rule)] : [];
  });
  const ordered = compiled.length > 0 ? compiled : NO_RULES;
  const readsScanCount = needsScanCount(ordered);
  // Only a rule that reads the count pays for it (it waits for this instance's journal to ship).
  const countedScans = readsScanCount ? await sources.scans.countedScans(code.id) : 0;
  return {
    value: {
      id: code.id,
      accountId: code.accountId,
      slug: code.slug,
      mode: MODES[code.mode],
      enabled: code.enabled,
      target: code.target,
      exec: code.exec,
      rules: ordered,
      readsScanCount,
      countedScans,
    },
    dependsOn: code.ruleIds,
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
 * Decides where one scan goes: the first matching rule, the exec URL's answer, or the default.
 * Only exec needs to wait; every other scan is decided without a promise (this is the hot path).
 * `defaultOnly` (the account is over its monthly limit) skips rules and exec calls.
 */
export function resolveScan(
  deps: ScanDecisionDeps,
  code: EdgeCode,
  context: ScanContext,
  cookieHeader: string | undefined,
  options: { callExec: boolean; defaultOnly?: boolean },
): ScanOutcome | Promise<ScanOutcome> {
  if (code.mode === 'exec' && code.exec) {
    // A HEAD is answered but not a scan: it must not make the owner's endpoint act. Over the
    // monthly limit the code keeps working, on its fallback.
    if (!options.callExec || options.defaultOnly)
      return { url: code.exec.fallback, status: 302, ruleId: null };
    return askExec(deps, code, code.exec, context);
  }

  if (code.rules.length > 0 && !options.defaultOnly) {
    const stickyKey = readCookie(cookieHeader, STICKY_COOKIE_NAME);
    const match = evaluateRules(code.rules, context, {
      slug: code.slug,
      ...(stickyKey ? { stickyKey } : {}),
    });
    if (match) {
      const outcome: ScanOutcome = {
        url: match.target.url,
        status: match.target.status,
        ruleId: match.rule.id,
      };
      if (match.target.newStickyKey) {
        outcome.setCookie = `${STICKY_COOKIE_NAME}=${match.target.newStickyKey}; Max-Age=${STICKY_COOKIE_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`;
      }
      return outcome;
    }
  }
  return { url: code.target ?? deps.siteUrl, status: 302, ruleId: null };
}

async function askExec(
  deps: ScanDecisionDeps,
  code: EdgeCode,
  exec: NonNullable<EdgeCode['exec']>,
  context: ScanContext,
): Promise<ScanOutcome> {
  const secrets = await deps.signingSecrets(code.accountId);
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
  return answer.ok
    ? { url: answer.url, status: answer.status, ruleId: null }
    : { url: exec.fallback, status: 302, ruleId: null };
}

/** Each query parameter's first value, as the exec payload documents (a repeated name keeps its first). */
function firstValues(query: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const [name, value] of query) if (!Object.hasOwn(values, name)) values[name] = value;
  return values;
}
