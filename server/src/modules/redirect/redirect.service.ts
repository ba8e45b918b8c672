import type { FastifyInstance } from 'fastify';
import type { ScanContext } from '../rules/rules.context.js';
import {
  type CompiledRule,
  compileRule,
  evaluateRules,
  STICKY_COOKIE_MAX_AGE_SECONDS,
  STICKY_COOKIE_NAME,
} from '../rules/rules.matcher.js';
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
  rules: CompiledRule[];
  /** Counted scans so far; the edge advances it as it records, for `scans` conditions. */
  countedScans: number;
}

export interface ScanOutcome {
  url: string;
  status: 301 | 302 | 307 | 308;
  ruleId: string | null;
  setCookie?: string;
}

/** Reads one code with its rules (in their assigned order) for the cache. */
export async function loadEdgeCode(
  app: FastifyInstance,
  key: string,
): Promise<{ value: EdgeCode; dependsOn: string[] } | null> {
  const [hostKey = '', slug = ''] = key.split('\n');
  const code = await app.qrcodes.findForRedirect(hostKey, slug);
  if (!code) return null;
  const [rules, countedScans] = await Promise.all([
    code.ruleIds.length > 0 ? app.rules.getManyForAccount(code.accountId, code.ruleIds) : [],
    app.scans.countedScans(code.id),
  ]);
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const ordered = code.ruleIds.flatMap((id) => {
    const rule = byId.get(id);
    return rule ? [compileRule(rule)] : [];
  });
  return {
    value: {
      id: code.id,
      accountId: code.accountId,
      slug: code.slug,
      mode: code.mode,
      enabled: code.enabled,
      target: code.target,
      exec: code.exec,
      rules: ordered,
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
 */
export function resolveScan(
  app: FastifyInstance,
  code: EdgeCode,
  context: ScanContext,
  cookieHeader: string | undefined,
  options: { callExec: boolean },
): ScanOutcome | Promise<ScanOutcome> {
  if (code.mode === 'exec' && code.exec) {
    // A HEAD is answered but not a scan: it must not make the owner's endpoint act.
    if (!options.callExec) return { url: code.exec.fallback, status: 302, ruleId: null };
    return askExec(app, code, code.exec, context);
  }

  if (code.rules.length > 0) {
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
  return { url: code.target ?? app.config.publicUrl, status: 302, ruleId: null };
}

async function askExec(
  app: FastifyInstance,
  code: EdgeCode,
  exec: NonNullable<EdgeCode['exec']>,
  context: ScanContext,
): Promise<ScanOutcome> {
  const secret = await app.accounts.getSigningSecret(code.accountId);
  const answer = await callExec({
    url: exec.url,
    timeoutMs: exec.timeoutMs,
    secret,
    allow: app.config.ssrfAllow,
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
