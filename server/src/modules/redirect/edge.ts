import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { headerSafeUrl } from '../../shared/http-url.js';
import type { CodeAttribution } from '../qrcodes/link-controls.js';
import type { IpAddress } from '../rules/ip-address.js';
import type { Scan } from '../scans/scan.js';
import type { ScanCounter } from '../scans/scan-counter.js';
import { edgeMessagePage, edgePageHtml } from './edge-page.js';
import { EdgeCache } from './redirect.cache.js';
import { type EdgeCode, type HeldScan, resolveScan, type ScanDecisionDeps } from './redirect.service.js';
import { buildScanContext, type ScanContext, type ScanRequest } from './scan-context.js';
import { type StopReason, stoppedByTime } from './scan-decision.js';

/**
 * One scan, from a resolved request to its answer: find the code (cache), decide the target
 * (rules or exec), record the scan durably, answer the redirect. Both entry points (the raw
 * socket listener and Fastify's routes) call answerScan; everything it uses is passed in.
 */

/** One scan as the edge needs it, whichever way it arrived: what rules read, and where it came. */
export interface EdgeRequest extends Pick<ScanRequest, 'ip' | 'hostname'> {
  method: string;
  /** Whose codes the host serves: '' for the primary host (see edge-host.ts). */
  hostKey: string;
  slug: string;
  headers: IncomingHttpHeaders;
  url: string;
  /** A custom hostname's page for slugs it does not serve; unset: our 404 page. */
  notFoundRedirect?: string | null;
  /**
   * The scanner just proved the code's password (the gate's form POST with the right one): the
   * scan is decided past the gate, and counted and recorded as the redirect it becomes.
   */
  unlocked?: boolean;
}

export interface ScanAnswer {
  status: number;
  /** An array for a header sent more than once (Set-Cookie). */
  headers: Record<string, string | string[]>;
  body?: string;
}

export interface EdgeUsage {
  /** From memory once the account is loaded: the hot path waits on nothing. `now`: the scan's time. */
  isOverLimit(workspaceId: string, now: number): boolean | Promise<boolean>;
  /** One human scan of the account was recorded (a promise only when it has to wait). */
  counted(workspaceId: string, now: number): void | Promise<void>;
}

/**
 * The password gate as the edge uses it. The edge asks it only for a code with a password;
 * `lockedAnswer` is what a scanner who has not entered it gets: the form (password-gate.form.ts).
 */
export interface PasswordGate {
  /** Whether the request carries proof the scanner entered this code's password (a signed cookie). */
  isUnlocked(code: EdgeCode, request: EdgeRequest): boolean;
  lockedAnswer(code: EdgeCode, request: EdgeRequest): ScanAnswer | Promise<ScanAnswer>;
}

export interface EdgeDeps {
  codes: EdgeCache<EdgeCode>;
  /** The password gate: its form and the pass it sets (password-gate.form.ts). */
  gate: PasswordGate;
  decision: ScanDecisionDeps;
  counter: ScanCounter;
  /** Resolves once the scan is durable; rejects only when neither the database nor the spool took it. */
  record(scan: Scan): Promise<void>;
  visitorHash(now: number, ip: IpAddress | string | undefined, userAgent: string | undefined): string;
  now(): number;
  /** Called once per counted scan answered (the `rq_redirects_answered_total` metric). */
  answered(): void;
  /** Monthly usage: over the limit a code goes to its default target; each human scan counts. */
  usage: EdgeUsage;
  log: FastifyBaseLogger;
  /**
   * Conversions' attribution: a workspace's default for codes without their own setting (from
   * memory), and a new scan id (unguessable, made without a database round trip). Absent: never.
   */
  attribution?: EdgeAttribution;
  /**
   * Asked only when a host has no code at the slug: another answer for the path (a compressed GS1
   * Digital Link, edge-gs1.ts), or undefined for the not-found answer. `post`: the request is a
   * password form's POST (a protected item's form posts back to the compressed URI it was shown at).
   */
  unknownSlug?: (request: EdgeRequest, post?: GatePost) => Promise<ScanAnswer | undefined>;
}

/** What the POST brings besides the scan request: its body, read only when a code needs it. */
export interface GatePost {
  body: Readable;
  contentType: string | undefined;
  /** The Content-Length header: a body said to be too large is not read at all. */
  contentLength: string | undefined;
  /** Whether the short URL is https (the pass is then a Secure cookie). */
  secure: boolean;
  /** The short URL's path: the pass is sent back there only. */
  path: string;
}

export interface EdgeAttribution {
  defaultFor(workspaceId: string): CodeAttribution;
  newScanId(): string;
}

const NOT_FOUND_PAGE = edgeMessagePage(
  'Code not found',
  'This code is not active',
  'The QR code you scanned does not exist, or its owner has turned it off.',
);

const NOT_FOUND_ANSWER = pageAnswer(404, NOT_FOUND_PAGE);

/** One of our pages as an answer: HTML, never cached. Frozen, so one answer serves every scan. */
function pageAnswer(status: number, page: string): Readonly<ScanAnswer> {
  return Object.freeze({
    status,
    headers: Object.freeze({
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(page)),
      'cache-control': 'no-store',
    }),
    body: page,
  });
}

/** The 410 pages of a code that is stopped and has no `expiredTarget`: each says which, in words. */
export const GONE_ANSWERS: Readonly<Record<StopReason, ScanAnswer>> = Object.freeze({
  inactive: pageAnswer(
    410,
    edgeMessagePage(
      'Not active yet',
      'This code is not active yet',
      'The QR code you scanned starts working later. Try again then.',
    ),
  ),
  expired: pageAnswer(
    410,
    edgeMessagePage(
      'Expired',
      'This code has expired',
      'The QR code you scanned was valid for a limited time, and that time is over.',
    ),
  ),
  used_up: pageAnswer(
    410,
    edgeMessagePage(
      'Used up',
      'This code has been used up',
      'The QR code you scanned could be used a limited number of times, and all of them are taken.',
    ),
  ),
});

/** A custom hostname's root when its owner set no root redirect: a plain page, not an error. */
export function hostRootPage(hostname: string): ScanAnswer {
  const page = edgePageHtml({
    title: hostname,
    heading: hostname,
    bodyHtml: '<p>This address serves QR codes. Scan one to go where it leads.</p>',
  });
  return pageAnswer(200, page);
}

/** A redirect that is not a scan (a custom hostname's root or not-found page): never counted. */
export function plainRedirect(url: string): ScanAnswer {
  return {
    status: 302,
    headers: { location: headerSafeUrl(url), 'content-length': '0', 'cache-control': 'no-store' },
  };
}

/** Adds a recorded scan to monthly usage; a failure is logged, never thrown (the scan is recorded). */
export function countUsage(deps: Pick<EdgeDeps, 'usage' | 'log'>, workspaceId: string, now: number): void {
  const warn = (error: unknown) =>
    deps.log.warn({ err: error, account: workspaceId }, 'a scan could not be added to monthly usage');
  try {
    const counting = deps.usage.counted(workspaceId, now);
    if (counting instanceof Promise) counting.catch(warn);
  } catch (error) {
    warn(error);
  }
}

/**
 * Whether a scan past the gate is recorded, so counted: the count is the code's recorded human
 * scans (what `maxScans` and `scans` rules read, and `scans.total` shows). A code outside its
 * window is recorded only when it sends scanners to its expiredTarget, not when it answers the
 * 410 page. (A used-up code's 410s are taken too: past its cap, a higher count decides the same.)
 */
function isRecordable(code: EdgeCode, now: number): boolean {
  const controls = code.controls;
  return controls === null || controls.expiredTarget !== null || stoppedByTime(controls, now) === null;
}

/** Whether the scan gets past the password gate (true for a code without a password). */
function isUnlocked(deps: EdgeDeps, code: EdgeCode, request: EdgeRequest): boolean {
  if (code.controls?.passwordHash == null) return true;
  return request.unlocked === true || deps.gate.isUnlocked(code, request);
}

/** A scan not sent on: neither counted nor recorded (the gate's scan is recorded once it redirects). */
function heldAnswer(
  deps: EdgeDeps,
  code: EdgeCode,
  request: EdgeRequest,
  held: HeldScan,
): ScanAnswer | Promise<ScanAnswer> {
  return held.kind === 'gone' ? GONE_ANSWERS[held.decidedBy] : deps.gate.lockedAnswer(code, request);
}

export async function answerScan(deps: EdgeDeps, request: EdgeRequest): Promise<ScanAnswer> {
  const key = EdgeCache.key(request.hostKey, request.slug);
  const found = deps.codes.get(key);
  const code = found instanceof Promise ? await found : found;
  if (!code && deps.unknownSlug) {
    const other = await deps.unknownSlug(request);
    if (other) return other;
  }
  if (!code?.enabled || code.mode === 'static') {
    return request.notFoundRedirect ? plainRedirect(request.notFoundRedirect) : NOT_FOUND_ANSWER;
  }

  // HEAD is answered like GET but never counted, and never makes an exec endpoint act.
  const isScan = request.method === 'GET';
  const context = buildScanContext({
    headers: request.headers,
    ip: request.ip,
    hostname: request.hostname,
    url: request.url,
    now: deps.now(),
  });
  const unlocked = isUnlocked(deps, code, request);
  if (code.readsScanCount) {
    const taken = deps.counter.take(
      code,
      isScan && !context.bot && unlocked && isRecordable(code, context.now),
    );
    context.scansBefore = taken instanceof Promise ? await taken : taken;
  }
  const over = deps.usage.isOverLimit(code.workspaceId, context.now);
  const overLimit = over instanceof Promise ? await over : over;
  const decided = resolveScan(deps.decision, code, context, request.headers.cookie, {
    callExec: isScan,
    defaultOnly: overLimit,
    unlocked,
  });
  const outcome = decided instanceof Promise ? await decided : decided;
  if ('kind' in outcome) return heldAnswer(deps, code, request, outcome);
  const attribution = isScan && deps.attribution ? attributionOf(deps.attribution, code) : null;
  const scanId = attribution ? (deps.attribution as EdgeAttribution).newScanId() : null;
  if (isScan) {
    try {
      await deps.record(
        scanOf(context, {
          codeId: code.id,
          accountId: code.workspaceId,
          ruleId: outcome.ruleId,
          target: outcome.url,
          visitorHash: deps.visitorHash(context.now, context.ip ?? request.ip, request.headers['user-agent']),
          scanId,
          variant: outcome.variant ?? null,
        }),
      );
      if (!context.bot) countUsage(deps, code.workspaceId, context.now);
    } catch (error) {
      // Neither the database nor the disk spool took it: still send the scanner on, loudly.
      deps.log.error({ err: error, code: code.id }, 'scan could not be recorded');
    }
    deps.answered();
  }
  const url =
    scanId === null
      ? outcome.url
      : withScanId(outcome.url, (attribution as CodeAttribution).parameter, scanId);
  const headers: Record<string, string> = {
    location: headerSafeUrl(url),
    'content-length': '0',
    'cache-control': 'no-store, private',
    'referrer-policy': 'no-referrer-when-downgrade',
  };
  if (outcome.setCookie) headers['set-cookie'] = outcome.setCookie;
  return { status: outcome.status, headers };
}

/** What decided a scan and whose it is: the rest of what is recorded comes from its context. */
export type ScanDecided = Pick<Scan, 'codeId' | 'accountId' | 'ruleId' | 'target' | 'visitorHash'> &
  Partial<Pick<Scan, 'scanId' | 'variant' | 'gs1LinkType' | 'gs1Key' | 'gs1Level'>>;

/**
 * The scan the edge records: what its request's context read, one list for codes and GS1 items.
 * Every field is set, null where the scan has none, so every scan the edge makes has one shape.
 */
export function scanOf(context: ScanContext, decided: ScanDecided): Scan {
  return {
    codeId: decided.codeId,
    accountId: decided.accountId,
    at: context.now,
    hostname: context.hostname,
    ruleId: decided.ruleId,
    target: decided.target,
    country: context.country,
    region: context.region,
    device: context.device,
    os: context.os,
    browser: context.browser,
    language: context.language,
    referrerHost: context.referrerHost,
    bot: context.bot,
    visitorHash: decided.visitorHash,
    scanId: decided.scanId ?? null,
    variant: decided.variant ?? null,
    gs1LinkType: decided.gs1LinkType ?? null,
    gs1Key: decided.gs1Key ?? null,
    gs1Level: decided.gs1Level ?? null,
  };
}

/** The code's attribution setting, or its workspace's default; null when it is off. */
function attributionOf(attribution: EdgeAttribution, code: EdgeCode): CodeAttribution | null {
  const setting = code.attribution ?? attribution.defaultFor(code.workspaceId);
  return setting.enabled ? setting : null;
}

/**
 * The target with the scan id as `parameter` (before its fragment): whatever target decided the
 * scan (default, rule, split, exec answer, app or expired target). A value the target already
 * has under that name is replaced, so a conversion never names another scan.
 */
export function withScanId(url: string, parameter: string, scanId: string): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const question = base.indexOf('?');
  if (
    question !== -1 &&
    base.includes(`${parameter}=`, question) &&
    new URLSearchParams(base.slice(question + 1)).has(parameter)
  ) {
    const parsed = new URL(url);
    parsed.searchParams.set(parameter, scanId);
    return parsed.href;
  }
  const separator = question === -1 ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${encodeURIComponent(parameter)}=${scanId}${fragment}`;
}
