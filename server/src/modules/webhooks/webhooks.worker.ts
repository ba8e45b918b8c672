import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database, Dialect } from '../../db/database.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import { SafeFetchError, type SafeFetcher } from '../../shared/safe-fetch.js';
import {
  loggedHeaders,
  nextAttemptDelay,
  outcomeOf,
  RESPONSE_BODY_CAP_BYTES,
  retryAfterMs,
} from './webhooks.delivery.js';
import {
  claimDueDeliveries,
  failPendingDeliveries,
  findWebhooksByIds,
  recordAttempt,
  releaseClaims,
  updateWebhook,
} from './webhooks.repository.js';
import type { WebhooksService } from './webhooks.service.js';
import { signatureHeaders } from './webhooks.signing.js';
import type { DeliveryRow, WebhookRow } from './webhooks.table.js';

export interface DeliveryWorkerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  settings: Config['webhooks'];
  /** The SSRF-guarded client (SSRF_ALLOW): every attempt's connection is checked, DNS rebinding included. */
  fetcher: SafeFetcher;
  webhooks: WebhooksService;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** True while the edge is under load: attempts then start only on the poll, not as each one ends. */
  busy?: () => boolean;
}

/** What an attempt came to once written: the delivery's new state, or 410 (the endpoint is turned off). */
type RecordedOutcome = 'delivered' | 'retry' | 'failed' | 'gone' | 'superseded';

/** What every log line about a delivery carries: the ids that join it to its event and request. */
function deliveryLogFields(delivery: DeliveryRow) {
  return {
    deliveryId: delivery.id,
    eventId: delivery.event_id,
    eventType: delivery.event_type,
    webhookId: delivery.webhook_id,
    requestId: delivery.request_id,
  };
}

/** What one attempt came to, before it is written. */
interface AttemptResult {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  error: string | null;
  retryAfterMs: number | undefined;
  durationMs: number;
}

/**
 * Sends due deliveries, in every instance: claims them from the outbox (a lease each, so a killed
 * instance's claims expire and another instance takes them), POSTs each signed, and writes the
 * attempt and what follows (delivered, the next attempt, failed, the endpoint disabled). Memory is
 * bounded: at most WEBHOOK_CONCURRENCY deliveries are held at once, and at most
 * WEBHOOK_ENDPOINT_CONCURRENCY of one endpoint, so a slow endpoint cannot take every slot.
 */
export class DeliveryWorker {
  private readonly clock: Clock;
  private readonly inFlight = new Map<string, number>();
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private filling: Promise<void> | undefined;
  private wakeAgain = false;
  private readonly idle = new Set<() => void>();
  /** Attempts so far by result, for `rq_webhook_deliveries_total`. */
  readonly results: Record<'delivered' | 'retry' | 'failed', number> = { delivered: 0, retry: 0, failed: 0 };

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.clock = options.clock ?? systemClock;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops claiming and waits for the attempts in flight to be written. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.filling;
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
  }

  /** Looks for due deliveries now (a change just made one due). */
  wake(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.wakeAgain = true;
      return;
    }
    this.filling = this.fill()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'could not claim webhook deliveries'))
      .finally(() => {
        this.filling = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  /** Claims due deliveries while there are free slots, a few at a time so endpoints share the slots. */
  private async fill(): Promise<void> {
    const { concurrency, endpointConcurrency, timeoutMs } = this.options.settings;
    while (!this.stopped && this.running < concurrency) {
      const now = this.clock.now();
      // Long enough for one attempt and writing it; a killed instance's claims come back after it.
      const leaseUntil = now + 2 * timeoutMs + 5_000;
      const limit = Math.min(concurrency - this.running, endpointConcurrency);
      const busy = [...this.inFlight].filter(([, count]) => count >= endpointConcurrency).map(([id]) => id);
      const claimed = await claimDueDeliveries(this.options.db, this.options.dialect, {
        now,
        leaseUntil,
        limit,
        skipWebhookIds: busy,
      });
      if (claimed.length === 0) return;
      const endpoints = new Map(
        (await findWebhooksByIds(this.options.db, [...new Set(claimed.map((row) => row.webhook_id))])).map(
          (row) => [row.id, row],
        ),
      );
      const overflow: string[] = [];
      for (const delivery of claimed) {
        const count = this.inFlight.get(delivery.webhook_id) ?? 0;
        if (count >= endpointConcurrency) {
          overflow.push(delivery.id);
          continue;
        }
        this.inFlight.set(delivery.webhook_id, count + 1);
        this.running++;
        void this.deliver(delivery, endpoints.get(delivery.webhook_id), leaseUntil).finally(() =>
          this.done(delivery.webhook_id),
        );
      }
      await releaseClaims(this.options.db, overflow);
      if (claimed.length < limit) return;
    }
  }

  private done(webhookId: string): void {
    const count = (this.inFlight.get(webhookId) ?? 1) - 1;
    if (count === 0) this.inFlight.delete(webhookId);
    else this.inFlight.set(webhookId, count);
    this.running--;
    if (this.running === 0) {
      for (const resolve of this.idle) resolve();
      this.idle.clear();
    }
    if (!this.options.busy?.()) this.wake();
  }

  private async deliver(
    delivery: DeliveryRow,
    endpoint: WebhookRow | undefined,
    leaseUntil: number,
  ): Promise<void> {
    try {
      if (!endpoint) return; // deleted with its deliveries meanwhile
      if (endpoint.enabled !== 1) {
        await failPendingDeliveries(this.options.db, endpoint.id);
        return;
      }
      const at = this.clock.now();
      const headers = this.requestHeaders(delivery, endpoint, at);
      const result = await this.send(endpoint.url, headers, delivery.body);
      const outcome = await this.record(delivery, endpoint, leaseUntil, { at, headers, result });
      this.logAttempt(delivery, result, outcome);
    } catch (error) {
      this.options.log.warn(
        { err: error, ...deliveryLogFields(delivery) },
        'could not make a webhook attempt',
      );
    }
  }

  /** One line per attempt, joined to the request that made the event by its `requestId`. */
  private logAttempt(delivery: DeliveryRow, result: AttemptResult, outcome: RecordedOutcome): void {
    const fields = {
      ...deliveryLogFields(delivery),
      attempt: delivery.attempts + 1,
      outcome,
      responseStatus: result.status,
      durationMs: result.durationMs,
      ...(result.error === null ? {} : { error: result.error }),
    };
    if (outcome === 'delivered' || outcome === 'retry') this.results[outcome]++;
    else if (outcome === 'failed' || outcome === 'gone') this.results.failed++;
    // A customer's endpoint failing is theirs to fix, not an alarm of ours: info either way.
    this.options.log.info(fields, outcome === 'delivered' ? 'webhook delivered' : 'webhook attempt failed');
  }

  private requestHeaders(delivery: DeliveryRow, endpoint: WebhookRow, at: number): Record<string, string> {
    const secrets = [endpoint.secret];
    if (endpoint.previous_secret !== null && (endpoint.previous_secret_until ?? 0) > at) {
      secrets.push(endpoint.previous_secret);
    }
    return {
      'content-type': 'application/json',
      'user-agent': 'RQ-Codes-Webhooks/1',
      ...(delivery.request_id === null ? {} : { 'rq-request-id': delivery.request_id }),
      ...signatureHeaders(secrets, delivery.event_id, Math.floor(at / 1000), delivery.body),
    };
  }

  private async send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await this.options.fetcher.fetch(url, {
        method: 'POST',
        headers,
        body,
        timeoutMs: this.options.settings.timeoutMs,
        maxBytes: RESPONSE_BODY_CAP_BYTES,
        overLimit: 'truncate',
        acceptStatus: () => true,
      });
      return {
        status: response.status,
        headers: loggedHeaders(response.headers),
        body: response.body.toString('utf8'),
        truncated: response.truncated,
        error: null,
        retryAfterMs: retryAfterMs(response.headers['retry-after'], this.clock.now()),
        durationMs: elapsed(),
      };
    } catch (error) {
      const message =
        error instanceof SafeFetchError ? `${error.reason}: ${error.message}` : (error as Error).message;
      return {
        status: null,
        headers: {},
        body: '',
        truncated: false,
        error: message.slice(0, 1000),
        retryAfterMs: undefined,
        durationMs: elapsed(),
      };
    }
  }

  /**
   * Writes the attempt, the delivery's next state and the endpoint's, in one transaction; answers
   * what the attempt came to (`superseded`: the lease ran out and another worker's result stands).
   */
  private async record(
    delivery: DeliveryRow,
    endpoint: WebhookRow,
    leaseUntil: number,
    attempt: { at: number; headers: Record<string, string>; result: AttemptResult },
  ): Promise<RecordedOutcome> {
    const { result } = attempt;
    const attempts = delivery.attempts + 1;
    const outcome = outcomeOf(result.status);
    const delay =
      outcome === 'retry'
        ? nextAttemptDelay(attempts, this.options.settings.retryScheduleMs, {
            retryAfterMs: result.retryAfterMs,
          })
        : null;
    const now = this.clock.now();
    const status = outcome === 'delivered' ? 'delivered' : delay === null ? 'failed' : 'pending';
    const written = await this.options.db.transaction().execute(async (trx) => {
      const written = await recordAttempt(
        trx,
        { id: delivery.id, leaseUntil },
        {
          delivery_id: delivery.id,
          attempt: attempts,
          at: attempt.at,
          request_headers_json: JSON.stringify(attempt.headers),
          response_status: result.status,
          response_headers_json: result.status === null ? null : JSON.stringify(result.headers),
          response_body: result.status === null ? null : result.body,
          response_body_truncated: result.truncated ? 1 : 0,
          duration_ms: result.durationMs,
          error: result.error,
        },
        {
          status,
          attempts,
          next_attempt_at: delay === null ? null : now + delay,
          last_attempt_at: attempt.at,
          response_status: result.status,
          duration_ms: result.durationMs,
        },
      );
      if (written) await this.followEndpoint(trx, endpoint, outcome, now);
      return written;
    });
    if (!written) return 'superseded';
    return outcome === 'gone' ? 'gone' : status === 'pending' ? 'retry' : status;
  }

  /** A success ends the endpoint's run of failures; a 410, or failures for WEBHOOK_DISABLE_AFTER_MS, disable it. */
  private async followEndpoint(
    trx: Kysely<Database>,
    endpoint: WebhookRow,
    outcome: ReturnType<typeof outcomeOf>,
    now: number,
  ): Promise<void> {
    if (outcome === 'delivered') {
      if (endpoint.failing_since !== null) await updateWebhook(trx, endpoint.id, { failing_since: null });
      return;
    }
    if (outcome === 'gone') {
      await this.options.webhooks.disableInTransaction(
        trx,
        endpoint,
        `The endpoint answered 410 Gone on ${new Date(now).toISOString()}: it was turned off.`,
      );
      return;
    }
    const since = endpoint.failing_since ?? now;
    if (now - since >= this.options.settings.disableAfterMs) {
      await this.options.webhooks.disableInTransaction(
        trx,
        endpoint,
        `Every attempt failed since ${new Date(since).toISOString()}: the endpoint was turned off. Fix it, then turn it back on.`,
      );
    } else if (endpoint.failing_since === null) {
      await updateWebhook(trx, endpoint.id, { failing_since: now });
    }
  }
}
