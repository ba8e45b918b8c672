import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { workspaceRows } from '../../db/workspace-rows.js';
import type { PlanId } from './plans.js';
import type { NewSubscriptionRow, SubscriptionRow, SubscriptionUpdate } from './plans.table.js';

/** All SQL of the plans module: the subscriptions table. */

export function findSubscriptionsOfAccount(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', workspaceId)
    .orderBy('id')
    .execute();
}

/** A subscription of the workspace by id. */
export const { find: findSubscription } = workspaceRows('subscriptions');

/** Whichever account a provider's subscription id is bound to: it binds to one only. */
export function findByProviderId(
  db: Kysely<Database>,
  providerId: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', providerId)
    .executeTakeFirst();
}

/** Inserts unless the provider id is already bound (then the caller reads who holds it). */
export async function insertSubscription(db: Kysely<Database>, row: NewSubscriptionRow): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('provider_subscription_id').doNothing())
    .execute();
}

export async function updateSubscription(
  db: Kysely<Database>,
  id: string,
  update: SubscriptionUpdate,
): Promise<void> {
  await db.updateTable('subscriptions').set(update).where('id', '=', id).execute();
}

export function findOperatorGrant(
  db: Kysely<Database>,
  workspaceId: string,
  plan: PlanId,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', workspaceId)
    .where('provider', '=', 'operator')
    .where('plan', '=', plan)
    .executeTakeFirst();
}

/** Removes the account's operator grants (of one plan, or all); answers how many went. */
export async function deleteOperatorGrants(
  db: Kysely<Database>,
  workspaceId: string,
  plan: PlanId | undefined,
): Promise<number> {
  let query = db
    .deleteFrom('subscriptions')
    .where('account_id', '=', workspaceId)
    .where('provider', '=', 'operator');
  if (plan) query = query.where('plan', '=', plan);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every subscription and grant of a workspace, and the months it reached its limit. */
export async function deleteWorkspaceSubscriptions(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom('subscriptions').where('account_id', '=', workspaceId).execute();
  await db.deleteFrom('usage_limit_reached').where('workspace_id', '=', workspaceId).execute();
}

/** Notes that a workspace reached its limit in a month; false when it was noted already. */
export async function insertLimitReached(
  db: Kysely<Database>,
  workspaceId: string,
  month: string,
  at: number,
): Promise<boolean> {
  const result = await db
    .insertInto('usage_limit_reached')
    .values({ workspace_id: workspaceId, month, at })
    .onConflict((oc) => oc.columns(['workspace_id', 'month']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The operator's grants of an account (of one plan, or all). */
export function findOperatorGrants(
  db: Kysely<Database>,
  workspaceId: string,
  plan: PlanId | undefined,
): Promise<SubscriptionRow[]> {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', workspaceId)
    .where('provider', '=', 'operator');
  if (plan) query = query.where('plan', '=', plan);
  return query.execute();
}

export function listAllSubscriptions(db: Kysely<Database>): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscriptions').selectAll().orderBy('account_id').orderBy('id').execute();
}
