/**
 * The delivery contract as pure functions: what an answer means, when the next attempt is due,
 * and how much of a request and answer the log keeps. No I/O.
 */

/** The largest part of an answer read and kept. */
export const RESPONSE_BODY_CAP_BYTES = 4 * 1024;
/** The largest part of a request body the log shows. */
export const REQUEST_BODY_LOG_BYTES = 16 * 1024;
/** A `Retry-After` longer than this is taken as this: a receiver cannot park a delivery for weeks. */
export const RETRY_AFTER_CAP_MS = 24 * 3_600_000;
/** Attempts wait up to this fraction longer or shorter than the schedule, so retries of many deliveries spread out. */
export const JITTER = 0.1;

export type AttemptOutcome =
  /** A 2xx: done. */
  | 'delivered'
  /** A 410: the receiver says the endpoint is gone for good, so it is disabled. */
  | 'gone'
  /** Anything else, no answer, or a refused address: try again later. */
  | 'retry';

export function outcomeOf(status: number | null): AttemptOutcome {
  if (status !== null && status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  return 'retry';
}

/**
 * `Retry-After` in ms from `now`: delta seconds or an HTTP date; undefined when absent or
 * unreadable, 0 for a date already past, capped at RETRY_AFTER_CAP_MS.
 */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const date = Date.parse(value);
    if (Number.isNaN(date)) return undefined;
    ms = Math.max(0, date - now);
  }
  return Math.min(ms, RETRY_AFTER_CAP_MS);
}

/**
 * When the attempt after `attemptsMade` failed ones is due, as a delay in ms; null when the
 * schedule is used up (the delivery is failed). The schedule's delay with jitter, but never
 * before the receiver's `Retry-After`.
 */
export function nextAttemptDelay(
  attemptsMade: number,
  scheduleMs: readonly number[],
  options: { retryAfterMs?: number | undefined; random?: () => number } = {},
): number | null {
  const scheduled = scheduleMs[attemptsMade - 1];
  if (scheduled === undefined) return null;
  const random = options.random ?? Math.random;
  const jittered = Math.round(scheduled * (1 - JITTER + 2 * JITTER * random()));
  return Math.max(jittered, options.retryAfterMs ?? 0);
}

/** A string cut to at most `maxBytes` of UTF-8 (never inside a character), and whether it was cut. */
export function truncateUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return { text, truncated: false };
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) so the cut falls between characters.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return { text: bytes.subarray(0, end).toString('utf8'), truncated: true };
}

const HEADER_VALUE_CAP = 512;
const HEADERS_CAP = 40;

/** An answer's headers as the log keeps them: the first 40, each value cut at 512 characters. */
export function loggedHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, HEADERS_CAP)) {
    if (value === undefined) continue;
    kept[name] = (Array.isArray(value) ? value.join(', ') : value).slice(0, HEADER_VALUE_CAP);
  }
  return kept;
}
