import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import type { PageWindow } from '../../shared/pagination.js';
import type {
  AttemptRow,
  DeliveryRow,
  DeliveryStatus,
  NewDeliveryRow,
  NewWebhookRow,
  WebhookAttemptsTable,
  WebhookRow,
  WebhooksTable,
} from './webhooks.table.js';

/** All SQL of webhooks: endpoints, the outbox of deliveries, and their attempts. */

export async function insertWebhook(db: Kysely<Database>, row: NewWebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export function findWebhook(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findWebhooksByIds(db: Kysely<Database>, ids: readonly string[]): Promise<WebhookRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhooks').selectAll().where('id', 'in', ids).execute();
}

export function listWebhooks(
  db: Kysely<Database>,
  workspaceId: string,
  page: PageWindow,
): Promise<WebhookRow[]> {
  let query = db.selectFrom('webhooks').selectAll().where('workspace_id', '=', workspaceId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/** The outbox's question on every event: the workspace's enabled endpoints (one index range, usually empty). */
export function findEnabledSubscriptions(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<Array<Pick<WebhookRow, 'id' | 'events_json'>>> {
  return db
    .selectFrom('webhooks')
    .select(['id', 'events_json'])
    .where('workspace_id', '=', workspaceId)
    .where('enabled', '=', 1)
    .execute();
}

export async function updateWebhook(
  db: Kysely<Database>,
  id: string,
  values: Partial<Omit<WebhooksTable, 'id' | 'workspace_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('webhooks').set(values).where('id', '=', id).execute();
}

/** Deletes an endpoint with its whole delivery log. */
export async function deleteWebhook(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .deleteFrom('webhook_attempts')
    .where('delivery_id', 'in', (q) =>
      q.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', id),
    )
    .execute();
  await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

export async function deleteWorkspaceWebhooks(db: Kysely<Database>, workspaceId: string): Promise<void> {
  const ids = await db.selectFrom('webhooks').select('id').where('workspace_id', '=', workspaceId).execute();
  for (const { id } of ids) await deleteWebhook(db, id);
}

// Bound parameters per statement stay well under SQLite's and PostgreSQL's limits.
const INSERT_CHUNK = 500;

export async function insertDeliveries(db: Kysely<Database>, rows: readonly NewDeliveryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export interface DeliveryFilters {
  status?: DeliveryStatus | undefined;
  eventType?: string | undefined;
  /** Ids at or above (made at or after `from`). */
  idAtLeast?: string | undefined;
  /** Ids below (made before `to`). */
  idBelow?: string | undefined;
}

/** A page of an endpoint's log, newest first: one range of (webhook_id, id), the filters checked on it. */
export function listDeliveries(
  db: Kysely<Database>,
  webhookId: string,
  filters: DeliveryFilters,
  page: PageWindow,
): Promise<DeliveryRow[]> {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.eventType !== undefined) query = query.where('event_type', '=', filters.eventType);
  const upper = [page.before, filters.idBelow].filter((id): id is string => id !== undefined).sort()[0];
  if (upper !== undefined) query = query.where('id', '<', upper);
  if (filters.idAtLeast !== undefined) query = query.where('id', '>=', filters.idAtLeast);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

export function findDelivery(
  db: Kysely<Database>,
  webhookId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findAttempts(db: Kysely<Database>, deliveryId: string): Promise<AttemptRow[]> {
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt', 'asc')
    .execute();
}

/** Due deliveries looked at beyond `limit` at a claim, for endpoints not at their limit. */
const CLAIM_LOOKAHEAD = 200;

/**
 * Claims up to `limit` due deliveries for one worker until `leaseUntil`: pending, due, and not
 * held by another worker's live lease. On PostgreSQL the rows are locked with SKIP LOCKED, so
 * workers claiming at once get disjoint sets; on SQLite one process claims, in one transaction.
 * Endpoints in `skipWebhookIds` (this worker's busy ones) are left to later.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { now: number; leaseUntil: number; limit: number; skipWebhookIds: readonly string[] },
): Promise<DeliveryRow[]> {
  // A poll that finds nothing due opens no transaction: on SQLite a job thread's transaction takes
  // the write lock as it begins, and the edge's scan groups are refused while it is held.
  if (!(await dueDeliveries(db, options.now).select('id').limit(1).executeTakeFirst())) return [];
  return db.transaction().execute(async (trx) => {
    // The endpoints at their limit are left out here, not in SQL: `not in` made the database read
    // every pending delivery of a busy endpoint (thousands, with scan.created) at each claim.
    let query = dueDeliveries(trx, options.now)
      .select(['id', 'webhook_id'])
      .orderBy('next_attempt_at', 'asc')
      .limit(options.limit + CLAIM_LOOKAHEAD);
    if (dialect === 'postgres') query = query.forUpdate().skipLocked();
    const skip = new Set(options.skipWebhookIds);
    const ids = (await query.execute())
      .filter((row) => !skip.has(row.webhook_id))
      .slice(0, options.limit)
      .map((row) => row.id);
    if (ids.length === 0) return [];
    await trx
      .updateTable('webhook_deliveries')
      .set({ lease_until: options.leaseUntil })
      .where('id', 'in', ids)
      .execute();
    return trx.selectFrom('webhook_deliveries').selectAll().where('id', 'in', ids).execute();
  });
}

/** Pending deliveries whose attempt is due and that no live lease holds. */
function dueDeliveries(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('webhook_deliveries')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]));
}

/** Hands claimed deliveries back untouched (the worker had no room for them). */
export async function releaseClaims(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('webhook_deliveries').set({ lease_until: null }).where('id', 'in', ids).execute();
}

/**
 * Writes an attempt and the delivery's new state, if the worker still holds its lease (one
 * whose lease ran out may have been claimed again; that worker's result stands). Answers
 * whether it was written.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  claim: { id: string; leaseUntil: number },
  attempt: WebhookAttemptsTable,
  next: Pick<
    DeliveryRow,
    'status' | 'attempts' | 'next_attempt_at' | 'last_attempt_at' | 'response_status' | 'duration_ms'
  >,
): Promise<boolean> {
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({ ...next, lease_until: null })
    .where('id', '=', claim.id)
    .where('lease_until', '=', claim.leaseUntil)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await db.insertInto('webhook_attempts').values(attempt).execute();
  return true;
}

/** Fails every pending delivery of an endpoint (it was turned off). */
export async function failPendingDeliveries(db: Kysely<Database>, webhookId: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, lease_until: null })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Makes a delivery due now, whatever its state (a manual retry). A delivery a worker holds keeps
 * its lease: that attempt's result is written as usual, and the retry is the one it makes.
 */
export async function makeDueNow(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now })
    .where('id', '=', id)
    .execute();
}

const SWEEP_CHUNK = 1000;

/** Pending deliveries (the status index answers it) and the earliest due time among those due by `now`. */
export async function pendingDeliveries(
  db: Kysely<Database>,
  now: number,
): Promise<{ pending: number; oldestDue: number | null }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .where('status', '=', 'pending')
    .select((eb) => [
      eb.fn.countAll<number>().as('pending'),
      eb.fn
        .min(eb.case().when('next_attempt_at', '<=', now).then(eb.ref('next_attempt_at')).else(null).end())
        .as('oldest_due'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestDue: row.oldest_due === null ? null : Number(row.oldest_due) };
}

/** Deletes finished deliveries made before `beforeId` (an id time bound) with their attempts; answers how many. */
export async function deleteFinishedDeliveriesBefore(
  db: Kysely<Database>,
  beforeId: string,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('id', '<', beforeId)
        .where('status', '!=', 'pending')
        .limit(SWEEP_CHUNK)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return deleted;
    await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
    await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
    deleted += ids.length;
  }
}
