import { createHmac, timingSafeEqual } from 'node:crypto';
import { URL_MAX_LENGTH } from '../../shared/http-url.js';
import {
  SafeFetchError,
  type SafeFetchErrorReason,
  type SafeFetcher,
  sharedSafeFetcher,
} from '../../shared/safe-fetch.js';
import { LIMITS } from '../qrcodes/code-limits.js';

/**
 * The `exec` data mode: on each scan, POST the scan context to the owner's exec URL, signed, and
 * redirect to the URL its reply names. Any failure gives `{ ok: false }` and the edge uses the
 * code's fallback target, so a slow or broken exec endpoint never leaves a scan unanswered.
 *
 * Signing: the body is the JSON below, sent as is. With `t` the current Unix time in seconds:
 *   RQ-Timestamp: t
 *   RQ-Signature: v1=hex(HMAC-SHA256(key = the account's signing secret (UTF-8),
 *                                     message = `${t}.${body}` (UTF-8)))
 * For a day after a rotation the header carries two, comma-separated: `v1=<new>,v1=<old>`.
 * The timestamp is inside the signature, so a captured request cannot be replayed later with a new
 * timestamp; receivers refuse timestamps more than 5 minutes from their clock
 * (`verifyExecSignature` below is the reference implementation).
 */

/** The largest reply accepted; a reply is one small JSON object. */
export const EXEC_REPLY_MAX_BYTES = 64 * 1024;
/** The longest target URL a reply may name (the product's URL limit). */
export const EXEC_TARGET_MAX_LENGTH = URL_MAX_LENGTH;
export const EXEC_REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type ExecRedirectStatus = (typeof EXEC_REDIRECT_STATUSES)[number];

/** The JSON body POSTed to the exec URL: one scan. */
export interface ExecPayload {
  /** The code's id (`qr_...`). */
  code: string;
  slug: string;
  /** The host the code was scanned on, lower case. */
  hostname: string;
  /** The scan's time, ISO 8601 UTC. */
  time: string;
  /** ISO 3166-1 alpha-2, upper case; null when unknown. */
  country: string | null;
  device: string;
  os: string | null;
  browser: string | null;
  /** The most preferred Accept-Language tag ("de-CH"); null when none. */
  language: string | null;
  /** The Referer's host; null when none. */
  referrer: string | null;
  /** True when the scanner is automated (a crawler or link preview); such scans are not counted. */
  bot: boolean;
  /** The scan URL's query parameters (the first value of each). */
  query: Record<string, string>;
}

export type ExecFailureReason =
  /** From the transport (see safe-fetch.ts): bad_url, blocked_address, timeout, too_large, bad_status, network. */
  | SafeFetchErrorReason
  /** The 2xx reply is not JSON. */
  | 'reply_not_json'
  /** The reply has no `url`, or it is not an absolute http(s) URL of at most 2048 characters. */
  | 'reply_bad_url'
  /** The reply's `status` is present but not 301, 302, 307 or 308. */
  | 'reply_bad_status';

export type ExecResult =
  | { ok: true; url: string; status: ExecRedirectStatus }
  | { ok: false; reason: ExecFailureReason; detail: string };

export interface ExecCall {
  url: string;
  /** Clamped to 100..5000 ms; 1500 when absent. */
  timeoutMs?: number | undefined;
  /** The account's signing secrets, the current one first (two for a day after a rotation). */
  secrets: readonly string[];
  payload: ExecPayload;
  /** The SSRF allow-list (config `SSRF_ALLOW`). */
  allow?: readonly string[];
  /** The client to send with; by default the shared keep-alive client for `allow`. */
  fetcher?: SafeFetcher;
  /** Epoch milliseconds for the timestamp (default now). */
  now?: number;
}

export function clampExecTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined || !Number.isFinite(timeoutMs)) return LIMITS.execTimeoutDefault;
  return Math.min(LIMITS.execTimeoutMax, Math.max(LIMITS.execTimeoutMin, Math.round(timeoutMs)));
}

/** `v1=<hex>`: the RQ-Signature header value for a body sent at `timestamp` (Unix seconds). */
export function signExecBody(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Reference check for receivers of exec calls: true when `signature` (the RQ-Signature header)
 * holds a `v1=` HMAC-SHA256 of `${timestamp}.${body}` under `secret`, and `timestamp` (the
 * RQ-Timestamp header, Unix seconds) is within `toleranceSec` of `now` (epoch milliseconds).
 * `body` must be the raw request body, byte for byte, not re-serialised JSON.
 */
export function verifyExecSignature(
  secret: string,
  timestamp: string | number,
  body: string | Buffer,
  signature: string,
  toleranceSec = 300,
  now: number = Date.now(),
): boolean {
  const ts = String(timestamp);
  if (!/^\d{1,12}$/.test(ts)) return false;
  if (Math.abs(now / 1000 - Number(ts)) > toleranceSec) return false;
  const expected = createHmac('sha256', secret).update(`${ts}.`).update(body).digest();
  // The header may carry several signatures (`v1=...,v1=...`); one match is enough.
  return signature.split(',').some((part) => {
    const [scheme, hex] = part.trim().split('=', 2);
    if (scheme !== 'v1' || hex === undefined || !/^[0-9a-f]{64}$/i.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
}

/** Reads the reply `{"url": "https://...", "status"?: 301|302|307|308}`. */
export function parseExecReply(text: string): ExecResult {
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'reply_not_json', detail: 'the reply is not JSON' };
  }
  const fields = typeof reply === 'object' && reply !== null ? (reply as Record<string, unknown>) : {};
  const target = fields.url;
  if (typeof target !== 'string' || target.length > EXEC_TARGET_MAX_LENGTH) {
    return {
      ok: false,
      reason: 'reply_bad_url',
      detail: 'the reply has no url string of at most 2048 characters',
    };
  }
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    return { ok: false, reason: 'reply_bad_url', detail: 'the reply url is not an absolute URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, reason: 'reply_bad_url', detail: `the reply url is ${parsed.protocol}, not http(s)` };
  }
  // Absent means 302; anything present (null included) must be one of the four.
  const status = fields.status === undefined ? 302 : fields.status;
  if (!(EXEC_REDIRECT_STATUSES as readonly unknown[]).includes(status)) {
    return {
      ok: false,
      reason: 'reply_bad_status',
      detail: `the reply status ${JSON.stringify(status)} is not 301, 302, 307 or 308`,
    };
  }
  return { ok: true, url: parsed.href, status: status as ExecRedirectStatus };
}

/** The RQ-Signature header: one `v1=` signature per secret, comma-separated. */
export function signExecBodyWithAll(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((secret) => signExecBody(secret, timestamp, body)).join(',');
}

/** Calls an exec URL for one scan; never throws. */
export async function callExec(call: ExecCall): Promise<ExecResult> {
  const body = JSON.stringify(call.payload);
  const timestamp = Math.floor((call.now ?? Date.now()) / 1000);
  const fetcher = call.fetcher ?? sharedSafeFetcher(call.allow);
  try {
    const response = await fetcher.fetch(call.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': 'RQ-Codes-Exec/1',
        'RQ-Timestamp': String(timestamp),
        'RQ-Signature': signExecBodyWithAll(call.secrets, timestamp, body),
      },
      body,
      timeoutMs: clampExecTimeout(call.timeoutMs),
      maxBytes: EXEC_REPLY_MAX_BYTES,
    });
    return parseExecReply(response.body.toString('utf8'));
  } catch (error) {
    if (error instanceof SafeFetchError) return { ok: false, reason: error.reason, detail: error.message };
    return { ok: false, reason: 'network', detail: (error as Error).message };
  }
}
