import { retryAfterSeconds } from './errors.js';

/** How the client retries answers that say "not now": 429 (rate limited) and 503 (unavailable). */
export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 turns retries off). */
  attempts?: number;
  /** The longest the client waits in all for one call, in ms (default 60 000): past it the error is thrown. */
  maxWaitMs?: number;
  /** The wait when the answer has no Retry-After, doubled on every retry, in ms (default 500). */
  baseDelayMs?: number;
}

const RETRY_STATUSES = new Set([429, 503]);
/** Requests that may be sent again when no answer came: the same effect twice is one effect. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

const mayResend = (request: Request) =>
  IDEMPOTENT_METHODS.has(request.method) || request.headers.has('idempotency-key');

/**
 * A fetch that sends a request again on 429 and 503, after the server's Retry-After (or a doubling
 * wait when it gives none), a bounded number of times and for a bounded total wait. Each attempt
 * sends a copy of the request, so its body and headers (the same Idempotency-Key) go out again.
 * A request that got no answer at all (connection lost) is sent again only when that is safe: an
 * idempotent method, or a create with an Idempotency-Key (the server answers the first create again).
 */
export function retryingFetch(
  send: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const attempts = Math.max(1, options.attempts ?? 3);
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const baseDelayMs = options.baseDelayMs ?? 500;
  return async (request) => {
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      const backoff = baseDelayMs * 2 ** (attempt - 1);
      let response: Response;
      try {
        response = await send(attempt < attempts ? request.clone() : request);
      } catch (error) {
        const aborted = request.signal?.aborted;
        if (aborted || attempt >= attempts || !mayResend(request) || waited + backoff > maxWaitMs)
          throw error;
        await sleep(backoff, request.signal);
        waited += backoff;
        continue;
      }
      if (!RETRY_STATUSES.has(response.status) || attempt >= attempts) return response;
      const asked = retryAfterSeconds(response.headers.get('retry-after'));
      const delay = asked === undefined ? backoff : asked * 1000;
      if (waited + delay > maxWaitMs) return response;
      await response.body?.cancel();
      await sleep(delay, request.signal);
      waited += delay;
    }
  };
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
