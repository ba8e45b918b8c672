import { Problem, validationFailed } from '../../shared/problem.js';
import { verifyCodePassword } from '../qrcodes/code-password.js';
import type { EdgeCodeLookup } from '../qrcodes/edge-code-lookup.js';
import type { QrCodesService } from '../qrcodes/qrcodes.service.js';
import { explainCondition } from '../rules/rules.explain.js';
import type { RuleDefinition } from '../rules/rules.schemas.js';
import type { RulesService } from '../rules/rules.service.js';
import type { ScansService } from '../scans/scans.service.js';
import { edgeCodeOf } from './redirect.service.js';
import { buildScanContext, type ScanContext } from './scan-context.js';
import { type DecidedBy, decideScan, type RuleVerdict, type ScanDecision } from './scan-decision.js';
import type { SimulateInput, Simulation } from './simulate.schemas.js';
import { simulateInputErrors } from './simulate.validate.js';

export interface ScanSimulatorDeps {
  qrcodes: Pick<QrCodesService, 'get'>;
  codeLookup: Pick<EdgeCodeLookup, 'findForRedirect'>;
  rules: Pick<RulesService, 'getManyForAccount'>;
  scans: Pick<ScansService, 'countedScans'>;
  /** Whether the account is over its monthly limit (then the edge skips apps, rules and exec). */
  isOverLimit(workspaceId: string): boolean | Promise<boolean>;
  /** The primary host's name, where a code without a hostname is scanned. */
  primaryHost: string;
  siteUrl: string;
  now(): number;
}

const STEP_WORDS: Record<Exclude<DecidedBy, 'rule' | 'default' | 'exec'>, string> = {
  inactive: 'the code is not active yet',
  expired: 'the code has expired',
  used_up: 'the code is used up',
  password: 'the password gate stops the scan',
  apps: "an app target for the scanner's OS decides",
};

/**
 * Where a scan would go, and why (POST /qrcodes/{id}/simulate): the code is decided by the same
 * decision the edge uses (scan-decision.ts), from a context built the way the edge builds it.
 * Nothing is recorded, no scan is counted and no exec URL is called.
 */
export class ScanSimulator {
  constructor(private readonly deps: ScanSimulatorDeps) {}

  async simulate(workspaceId: string, id: string, input: SimulateInput): Promise<Simulation> {
    const errors = simulateInputErrors(input);
    if (errors.length > 0) throw validationFailed(errors);
    const resource = await this.deps.qrcodes.get(workspaceId, id);
    if (resource.mode === 'static')
      throw new Problem(
        'unprocessable',
        'A static code encodes its data: no scan reaches us, so there is nothing to simulate.',
      );
    const stored = await this.deps.codeLookup.findForRedirect(resource.hostname ?? '', resource.slug);
    if (!stored) throw new Problem('not_found', 'No QR code with that id exists in this account.');
    if (!stored.enabled) return { target: null, status: 404, decidedBy: 'disabled', rule: null, trace: [] };
    const definitions =
      stored.ruleIds.length > 0 ? await this.deps.rules.getManyForAccount(workspaceId, stored.ruleIds) : [];
    const code = edgeCodeOf(stored, definitions);
    const context = this.contextOf(input, resource.hostname ?? this.deps.primaryHost);
    context.scansBefore =
      input.scansBefore ?? (code.readsScanCount ? await this.deps.scans.countedScans(code.id) : 0);
    const passwordHash = code.controls?.passwordHash ?? null;
    const unlocked =
      passwordHash === null ||
      (input.password !== undefined && (await verifyCodePassword(input.password, passwordHash)));
    const over = await this.deps.isOverLimit(workspaceId);
    const verdicts: RuleVerdict[] = [];
    const decision = decideScan(code, context, {
      unlocked,
      defaultOnly: over,
      siteUrl: this.deps.siteUrl,
      trace: verdicts,
    });
    return {
      ...answerOf(decision, input.password !== undefined),
      decidedBy: decision.decidedBy,
      rule: decision.kind === 'redirect' ? decision.ruleId : null,
      trace: traceOf(verdicts, definitions, context, decision),
    };
  }

  /** The scan's context, built as the edge builds it from a request with these parts. */
  private contextOf(input: SimulateInput, hostname: string): ScanContext {
    const headers: Record<string, string> = {};
    if (input.userAgent !== undefined) headers['user-agent'] = input.userAgent;
    if (input.language !== undefined) headers['accept-language'] = input.language;
    if (input.referrer !== undefined)
      headers.referer = /^[a-z][a-z0-9+.-]*:\/\//i.test(input.referrer)
        ? input.referrer
        : `https://${input.referrer}/`;
    const query = (input.query ?? '').replace(/^\?/, '');
    const context = buildScanContext(
      {
        headers,
        ip: input.ip,
        hostname,
        url: query === '' ? '/' : `/?${query}`,
        now: input.at === undefined ? this.deps.now() : Date.parse(input.at),
      },
      input.country === undefined ? {} : { geo: null },
    );
    if (input.country !== undefined) context.country = input.country.toUpperCase();
    return context;
  }
}

/** The edge's answer; at the gate, the form (200), or the refusal of a wrong password (401). */
function answerOf(decision: ScanDecision, passwordTried: boolean): Pick<Simulation, 'target' | 'status'> {
  switch (decision.kind) {
    case 'redirect':
      return { target: decision.url, status: decision.status };
    case 'exec':
      return { target: decision.exec.url, status: null };
    case 'gone':
      return { target: null, status: 410 };
    case 'password':
      return { target: null, status: passwordTried ? 401 : 200 };
  }
}

/** Each rule's verdict in words. */
function traceOf(
  verdicts: readonly RuleVerdict[],
  definitions: readonly RuleDefinition[],
  context: ScanContext,
  decision: ScanDecision,
): Simulation['trace'] {
  const byId = new Map(definitions.map((rule) => [rule.id, rule]));
  const decidedByRule = decision.kind === 'redirect' ? decision.ruleId : null;
  return verdicts.map((verdict) => {
    const rule = verdict.ruleId;
    if (!verdict.enabled) return { rule, matched: false, because: 'the rule is turned off' };
    const explained = explainCondition(byId.get(rule)?.when, context);
    if (!verdict.reached && decidedByRule === null) {
      const step = STEP_WORDS[decision.decidedBy as keyof typeof STEP_WORDS] ?? 'an earlier step decides';
      return { rule, matched: false, because: `not reached: ${step}` };
    }
    if (!verdict.reached)
      return {
        rule,
        matched: verdict.matched,
        because: `${explained.because}; not reached: ${decidedByRule} decides first`,
      };
    if (verdict.noTarget)
      return {
        rule,
        matched: true,
        because: `${explained.because}; but its target is not a URL for this scan, so the next rule is tried`,
      };
    return { rule, matched: verdict.matched, because: explained.because };
  });
}
