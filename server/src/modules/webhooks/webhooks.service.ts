import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { AddressPolicy } from '../../shared/address-policy.js';
import { type Clock, DAY_MS, systemClock, toIso } from '../../shared/clock.js';
import { normalizeHttpUrl } from '../../shared/http-url.js';
import { idTimeBound, newId } from '../../shared/ids.js';
import { applyMergePatch } from '../../shared/merge-patch.js';
import { type PageQuery, readPage } from '../../shared/pagination.js';
import { notFound, Problem, validationFailed } from '../../shared/problem.js';
import type { Resolver } from '../../shared/safe-fetch.js';
import { idTimeRange } from '../../shared/time-range.js';
import { changedFields } from '../events/events.changes.js';
import type { EventView } from '../events/events.schemas.js';
import {
  type ChangeContext,
  type ChangeEvent,
  changeEvent,
  type EventsService,
} from '../events/events.service.js';
import { REQUEST_BODY_LOG_BYTES, truncateUtf8 } from './webhooks.delivery.js';
import {
  type DeliveryFilters,
  deleteFinishedDeliveriesBefore,
  deleteWebhook,
  deleteWorkspaceWebhooks,
  failPendingDeliveries,
  findAttempts,
  findDelivery,
  findEnabledSubscriptions,
  findWebhook,
  insertDeliveries,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  makeDueNow,
  pendingDeliveries,
  updateWebhook,
} from './webhooks.repository.js';
import type {
  AttemptView,
  DeliveryDetailView,
  DeliveryListQueryView,
  DeliveryListView,
  DeliveryView,
  WebhookCreate,
  WebhookEventType,
  WebhookListView,
  WebhookPatch,
  WebhookView,
  WebhookWithSecret,
} from './webhooks.schemas.js';
import { newWebhookSecret } from './webhooks.signing.js';
import type { AttemptRow, DeliveryRow, NewDeliveryRow, WebhookRow } from './webhooks.table.js';

/**
 * One message for the outbox: what `enqueue` turns into a delivery for each endpoint of the
 * workspace that subscribes to its type. The POSTed body is `{ type, timestamp, data }`.
 */
export interface WebhookMessage {
  /** The `webhook-id` of every attempt to every endpoint: unique per message (evt_..., scan_...). */
  id: string;
  type: WebhookEventType;
  /** When it happened (ms). */
  at: number;
  /** The message's `data`: for an audit event, the event as GET /events shows it. */
  data: unknown;
  /** The id of the API request that caused it (the event's `requestId`); absent or null otherwise. */
  requestId?: string | null;
}

export interface WebhooksServiceOptions {
  events: EventsService;
  settings: Config['webhooks'];
  /** The SSRF policy (SSRF_ALLOW): URLs are checked against it when saved and at every attempt. */
  addressPolicy: AddressPolicy;
  /** Looks a URL's host up when it is saved, to refuse one that resolves to a private address. */
  resolve: Resolver;
  /** Called once a change that made a due delivery has committed (the worker starts at once). */
  wake?: () => void;
  clock?: Clock;
}

// Saving an endpoint waits this long at most for its host's addresses.
const RESOLVE_TIMEOUT_MS = 2_000;

const SYSTEM_ACTOR = { type: 'system' as const, id: 'webhooks', email: null };

/**
 * Webhook endpoints, the outbox and the delivery log. The outbox is written in the transaction of
 * the change it reports: every recorded audit event (through `events.onRecorded`, see the module)
 * and every message another module hands to `enqueue`. The DeliveryWorker then sends what is due.
 */
export class WebhooksService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: WebhooksServiceOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  // -------------------------------------------------------------------------------------------
  // The outbox

  /**
   * Adds `messages` to the outbox of `workspaceId`, in `trx` (the transaction of the change they
   * report, so they are delivered if and only if it commits): one delivery per message and
   * enabled endpoint of the workspace subscribed to its type. Costs one indexed query when the
   * workspace has no endpoint; batches of any size are inserted in chunks. Answers how many
   * deliveries were made. Producers other than the audit log (the scan recorder's `scan.created`)
   * call this with batches, off their hot path; the worker picks the rows up within WEBHOOK_POLL_MS.
   */
  async enqueue(
    trx: Kysely<Database>,
    workspaceId: string,
    messages: readonly WebhookMessage[],
  ): Promise<number> {
    if (messages.length === 0) return 0;
    const endpoints = await findEnabledSubscriptions(trx, workspaceId);
    if (endpoints.length === 0) return 0;
    const now = this.clock.now();
    const rows: NewDeliveryRow[] = [];
    for (const endpoint of endpoints) {
      const subscribed = new Set(JSON.parse(endpoint.events_json) as string[]);
      for (const message of messages) {
        if (subscribed.has(message.type)) rows.push(deliveryRow(endpoint.id, workspaceId, message, now));
      }
    }
    await insertDeliveries(trx, rows);
    return rows.length;
  }

  /**
   * Starts this instance's worker on due deliveries now, rather than at its next poll
   * (WEBHOOK_POLL_MS): for a producer to call once the transaction that enqueued has committed.
   */
  wake(): void {
    this.options.wake?.();
  }

  /**
   * The audit log's listener: each recorded event goes to the endpoints subscribed to its type
   * (the events of one write, a bulk change's too, are enqueued together per workspace).
   */
  readonly onEventRecorded = async (trx: Kysely<Database>, events: EventView[]): Promise<void> => {
    const byWorkspace = new Map<string, WebhookMessage[]>();
    for (const event of events) {
      const messages = byWorkspace.get(event.workspace) ?? [];
      messages.push({
        id: event.id,
        type: event.type as WebhookEventType,
        at: Date.parse(event.at),
        data: event,
        requestId: event.requestId,
      });
      byWorkspace.set(event.workspace, messages);
    }
    for (const [workspaceId, messages] of byWorkspace) await this.enqueue(trx, workspaceId, messages);
  };

  // -------------------------------------------------------------------------------------------
  // Endpoints

  async create(access: ChangeContext, body: WebhookCreate): Promise<WebhookWithSecret> {
    const url = await this.checkedUrl(body.url);
    const now = this.clock.now();
    const row: WebhookRow = {
      id: newId('wh', now),
      workspace_id: access.workspaceId,
      url,
      description: body.description ?? '',
      events_json: JSON.stringify(body.events),
      enabled: body.enabled === false ? 0 : 1,
      disabled_reason: null,
      secret: newWebhookSecret(),
      previous_secret: null,
      previous_secret_until: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
    };
    const view = this.toView(row);
    await this.options.events.inTransaction(async (trx) => {
      await insertWebhook(trx, row);
      return {
        result: undefined,
        events: [webhookEvent('webhook.created', access, row.id, { object: view })],
      };
    });
    return { ...view, secret: row.secret };
  }

  async list(workspaceId: string, query: PageQuery): Promise<WebhookListView> {
    const page = await readPage(query, 'wh', (window) => listWebhooks(this.db, workspaceId, window));
    return { data: page.rows.map((row) => this.toView(row)), nextCursor: page.nextCursor };
  }

  async get(workspaceId: string, id: string): Promise<WebhookView> {
    return this.toView(await this.rowOf(workspaceId, id));
  }

  /** PATCH: a JSON merge patch; turning an endpoint off fails its pending deliveries, back on clears the reason. */
  async update(access: ChangeContext, id: string, patch: WebhookPatch): Promise<WebhookView> {
    const before = await this.rowOf(access.workspaceId, id);
    const merged = applyMergePatch(
      { url: before.url, description: before.description, events: JSON.parse(before.events_json) },
      { ...patch, enabled: undefined },
    ) as { url: string; description?: string; events: string[] };
    const url = patch.url === undefined ? before.url : await this.checkedUrl(patch.url);
    const enabled = patch.enabled === undefined ? before.enabled === 1 : patch.enabled;
    const after: WebhookRow = {
      ...before,
      url,
      description: merged.description ?? '',
      events_json: JSON.stringify(merged.events),
      enabled: enabled ? 1 : 0,
      disabled_reason: enabled ? null : before.disabled_reason,
      failing_since: enabled && before.enabled === 0 ? null : before.failing_since,
      updated_at: this.clock.now(),
    };
    const changes = changedFields(this.toView(before), this.toView(after));
    if (Object.keys(changes).length === 0) return this.toView(before);
    await this.options.events.inTransaction(async (trx) => {
      const { id: _id, workspace_id: _workspace, created_at: _created, ...values } = after;
      await updateWebhook(trx, id, values);
      if (!enabled) await failPendingDeliveries(trx, id);
      return { result: undefined, events: [webhookEvent('webhook.updated', access, id, { changes })] };
    });
    return this.toView(after);
  }

  async delete(access: ChangeContext, id: string): Promise<void> {
    const row = await this.rowOf(access.workspaceId, id);
    await this.options.events.inTransaction(async (trx) => {
      await deleteWebhook(trx, id);
      return {
        result: undefined,
        events: [webhookEvent('webhook.deleted', access, id, { object: this.toView(row) })],
      };
    });
  }

  /** A new secret; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_MS (24 h). */
  async rotateSecret(access: ChangeContext, id: string): Promise<WebhookWithSecret> {
    const before = await this.rowOf(access.workspaceId, id);
    const now = this.clock.now();
    const after: WebhookRow = {
      ...before,
      secret: newWebhookSecret(),
      previous_secret: before.secret,
      previous_secret_until: now + this.options.settings.secretOverlapMs,
      updated_at: now,
    };
    const view = this.toView(after);
    await this.options.events.inTransaction(async (trx) => {
      await updateWebhook(trx, id, {
        secret: after.secret,
        previous_secret: after.previous_secret,
        previous_secret_until: after.previous_secret_until,
        updated_at: now,
      });
      return {
        result: undefined,
        events: [
          webhookEvent('webhook.secret_rotated', access, id, {
            previousSecretExpiresAt: view.previousSecretExpiresAt,
          }),
        ],
      };
    });
    return { ...view, secret: after.secret };
  }

  /** POST /test: a `webhook.test` message for this endpoint alone, through the outbox, due now. */
  async sendTest(access: ChangeContext, id: string): Promise<DeliveryView> {
    const endpoint = await this.enabledRowOf(access.workspaceId, id);
    const now = this.clock.now();
    const message: WebhookMessage = {
      id: newId('msg', now),
      type: 'webhook.test',
      at: now,
      data: { webhook: endpoint.id, actor: access.actor },
      requestId: access.requestId ?? null,
    };
    const row = deliveryRow(endpoint.id, access.workspaceId, message, now);
    await insertDeliveries(this.db, [row]);
    this.wake();
    return toDeliveryView(row as DeliveryRow);
  }

  // -------------------------------------------------------------------------------------------
  // The delivery log

  async listDeliveries(
    workspaceId: string,
    id: string,
    query: DeliveryListQueryView,
  ): Promise<DeliveryListView> {
    await this.rowOf(workspaceId, id);
    const filters = deliveryFilters(query);
    const page = await readPage(query, 'dlv', (window) => listDeliveries(this.db, id, filters, window));
    return { data: page.rows.map(toDeliveryView), nextCursor: page.nextCursor };
  }

  async getDelivery(workspaceId: string, id: string, deliveryId: string): Promise<DeliveryDetailView> {
    const delivery = await this.deliveryOf(workspaceId, id, deliveryId);
    const attempts = await findAttempts(this.db, deliveryId);
    return {
      ...toDeliveryView(delivery),
      attempts: attempts.map((attempt) => toAttemptView(attempt, delivery.body)),
    };
  }

  /** POST .../retry: one more attempt now, whatever the delivery's state; its schedule goes on from there. */
  async retryDelivery(workspaceId: string, id: string, deliveryId: string): Promise<DeliveryView> {
    await this.enabledRowOf(workspaceId, id);
    await this.deliveryOf(workspaceId, id, deliveryId);
    await makeDueNow(this.db, deliveryId, this.clock.now());
    this.wake();
    return toDeliveryView(await this.deliveryOf(workspaceId, id, deliveryId));
  }

  // -------------------------------------------------------------------------------------------
  // Housekeeping

  /** Deletes a deleted workspace's endpoints and their deliveries. */
  async erase(workspaceId: string): Promise<void> {
    await this.db.transaction().execute((trx) => deleteWorkspaceWebhooks(trx, workspaceId));
  }

  /** Deliveries pending, and how long ago the one due longest ago fell due (0 with none due). */
  async backlog(now: number): Promise<{ pending: number; oldestDueMs: number }> {
    const { pending, oldestDue } = await pendingDeliveries(this.db, now);
    return { pending, oldestDueMs: oldestDue === null ? 0 : Math.max(0, now - oldestDue) };
  }

  /** Deletes delivered and failed deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS; answers how many. */
  sweep(now = this.clock.now()): Promise<number> {
    const before = idTimeBound('dlv', now - this.options.settings.deliveryRetentionDays * DAY_MS);
    return deleteFinishedDeliveriesBefore(this.db, before);
  }

  /**
   * Turns an endpoint off for a reason of the system's (a 410, days of failures), in `trx`: its
   * pending deliveries fail and a `webhook.disabled` event is recorded.
   */
  async disableInTransaction(trx: Kysely<Database>, endpoint: WebhookRow, reason: string): Promise<void> {
    const now = this.clock.now();
    await updateWebhook(trx, endpoint.id, { enabled: 0, disabled_reason: reason, updated_at: now });
    await failPendingDeliveries(trx, endpoint.id);
    await this.options.events.record(
      trx,
      changeEvent(
        'webhook.disabled',
        { workspaceId: endpoint.workspace_id, actor: SYSTEM_ACTOR },
        { type: 'webhook', id: endpoint.id },
        { reason },
      ),
    );
  }

  // -------------------------------------------------------------------------------------------

  private async rowOf(workspaceId: string, id: string): Promise<WebhookRow> {
    const row = await findWebhook(this.db, workspaceId, id);
    if (!row) throw notFound('webhook');
    return row;
  }

  /** The endpoint, which must be on to be sent to: a disabled one is a 409. */
  private async enabledRowOf(workspaceId: string, id: string): Promise<WebhookRow> {
    const row = await this.rowOf(workspaceId, id);
    if (row.enabled !== 1) {
      throw new Problem(
        'conflict',
        'The endpoint is turned off: nothing is sent to it. Turn it on (PATCH { "enabled": true }) first.',
      );
    }
    return row;
  }

  private async deliveryOf(workspaceId: string, id: string, deliveryId: string): Promise<DeliveryRow> {
    await this.rowOf(workspaceId, id);
    const delivery = await findDelivery(this.db, id, deliveryId);
    if (!delivery) throw notFound('delivery');
    return delivery;
  }

  /** The URL as stored, or a 400 at /body/url: http(s), and neither written as nor resolving to a private address. */
  private async checkedUrl(raw: string): Promise<string> {
    const refuse = (message: string): never => {
      throw validationFailed([{ path: '/body/url', message }]);
    };
    const checked = normalizeHttpUrl(raw);
    if (!checked.ok) return refuse(checked.message);
    const host = new URL(checked.url).hostname.replace(/^\[|\]$/g, '');
    const policy = this.options.addressPolicy;
    const literal = policy.literalRefusal(host);
    if (literal !== null) return refuse(`is not reachable from here: ${literal}`);
    const addresses = await this.addressesOf(host);
    const refusal = policy.addressRefusal(host, addresses);
    if (refusal !== null) return refuse(`is not reachable from here: ${refusal}`);
    return checked.url;
  }

  /** What `host` resolves to now; nothing when it does not (yet) or takes too long: every attempt checks again. */
  private async addressesOf(host: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<[]>((resolve) => {
      timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
    });
    try {
      const found = await Promise.race([this.options.resolve(host), deadline]);
      return found.map(({ address }) => address);
    } catch {
      return [];
    } finally {
      clearTimeout(timer);
    }
  }

  private toView(row: WebhookRow): WebhookView {
    const now = this.clock.now();
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: JSON.parse(row.events_json) as WebhookEventType[],
      enabled: row.enabled === 1,
      disabledReason: row.disabled_reason,
      previousSecretExpiresAt:
        row.previous_secret !== null && row.previous_secret_until !== null && row.previous_secret_until > now
          ? toIso(row.previous_secret_until)
          : null,
      createdAt: toIso(row.created_at) as string,
    };
  }
}

function webhookEvent(
  type: 'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.secret_rotated',
  access: ChangeContext,
  id: string,
  data: ChangeEvent['data'],
): ChangeEvent {
  return changeEvent(type, access, { type: 'webhook', id }, data);
}

/** The exact body every attempt POSTs: `{ type, timestamp, data }`. */
export function messageBody(message: WebhookMessage): string {
  return JSON.stringify({ type: message.type, timestamp: toIso(message.at), data: message.data });
}

function deliveryRow(
  webhookId: string,
  workspaceId: string,
  message: WebhookMessage,
  now: number,
): NewDeliveryRow {
  return {
    id: newId('dlv', now),
    webhook_id: webhookId,
    workspace_id: workspaceId,
    event_id: message.id,
    event_type: message.type,
    body: messageBody(message),
    request_id: message.requestId ?? null,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    last_attempt_at: null,
    response_status: null,
    duration_ms: null,
    created_at: now,
  };
}

export function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type as WebhookEventType,
    requestId: row.request_id,
    attempt: row.attempts,
    status: row.status,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    at: toIso(row.last_attempt_at ?? row.created_at) as string,
    nextAttemptAt: row.status === 'pending' ? toIso(row.next_attempt_at) : null,
  };
}

function toAttemptView(row: AttemptRow, body: string): AttemptView {
  const request = truncateUtf8(body, REQUEST_BODY_LOG_BYTES);
  return {
    attempt: row.attempt,
    at: toIso(row.at) as string,
    request: {
      headers: JSON.parse(row.request_headers_json) as Record<string, string>,
      body: request.text,
      bodyTruncated: request.truncated,
    },
    response:
      row.response_status === null
        ? null
        : {
            status: row.response_status,
            headers: JSON.parse(row.response_headers_json ?? '{}') as Record<string, string>,
            body: row.response_body ?? '',
            bodyTruncated: row.response_body_truncated === 1,
          },
    durationMs: row.duration_ms,
    error: row.error,
  };
}

function deliveryFilters(query: DeliveryListQueryView): DeliveryFilters {
  return { status: query.status, eventType: query.eventType, ...idTimeRange('dlv', query) };
}
