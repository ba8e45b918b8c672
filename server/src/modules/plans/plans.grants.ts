import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { type Actor, type EventsService, systemActor } from '../events/events.service.js';
import { grantsUntil } from './plans.effective.js';
import { subscriptionChanged, subscriptionEvent } from './plans.events.js';
import type { PlanId } from './plans.js';
import {
  deleteOperatorGrants,
  findOperatorGrant,
  findOperatorGrants,
  insertSubscription,
  listAllSubscriptions,
  updateSubscription,
} from './plans.repository.js';
import type { SubscriptionView } from './plans.schemas.js';
import { subscriptionView } from './plans.views.js';

/** Who the audit log says granted or revoked: the operator's command. */
export const PLANS_CLI = systemActor('plans-cli');

/**
 * The operator's grants (`npm run plans`): plans given without PayPal (self-hosting, support,
 * gifts), rows of provider `operator` in the subscriptions table. Each change tells every instance
 * (`plans.changed`), so a grant counts at once.
 */
export class OperatorGrants {
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { changes: ChangeBus; events: EventsService; clock?: Clock },
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** Grants a plan (until a time, or for good); granting it again moves the end. */
  async grant(
    workspaceId: string,
    plan: PlanId,
    until: number | null,
    actor: Actor = PLANS_CLI,
  ): Promise<SubscriptionView> {
    const now = this.clock.now();
    const existing = await findOperatorGrant(this.db, workspaceId, plan);
    await this.options.events.inTransaction(async (trx) => {
      if (existing) {
        await updateSubscription(trx, existing.id, {
          current_period_end: until,
          status: 'ACTIVE',
          updated_at: now,
        });
        const after = await findOperatorGrant(trx, workspaceId, plan);
        return { result: undefined, events: after ? subscriptionChanged(actor, existing, after) : [] };
      }
      await insertSubscription(trx, {
        id: newId('sub', now),
        account_id: workspaceId,
        plan,
        provider: 'operator',
        provider_subscription_id: null,
        provider_plan_id: null,
        status: 'ACTIVE',
        current_period_end: until,
        status_since: now,
        created_at: now,
        updated_at: now,
      });
      const created = await findOperatorGrant(trx, workspaceId, plan);
      return {
        result: undefined,
        events: created ? [subscriptionEvent('subscription.created', actor, created)] : [],
      };
    });
    await this.options.changes.publish('plans.changed', { accountId: workspaceId });
    const row = await findOperatorGrant(this.db, workspaceId, plan);
    return subscriptionView(row!);
  }

  /** Ends the operator's grants to an account (one plan, or all); answers how many ended. */
  async revoke(workspaceId: string, plan?: PlanId, actor: Actor = PLANS_CLI): Promise<number> {
    const removed = await this.options.events.inTransaction(async (trx) => {
      const grants = await findOperatorGrants(trx, workspaceId, plan);
      const result = await deleteOperatorGrants(trx, workspaceId, plan);
      const ended = grants.map((row) => ({ ...row, status: 'CANCELLED', updated_at: this.clock.now() }));
      return { result, events: ended.map((row) => subscriptionEvent('subscription.cancelled', actor, row)) };
    });
    if (removed > 0) await this.options.changes.publish('plans.changed', { accountId: workspaceId });
    return removed;
  }

  /** Every subscription and grant on the server, with whether it counts now. */
  async listAll(): Promise<(SubscriptionView & { workspaceId: string; counts: boolean })[]> {
    const now = this.clock.now();
    const rows = await listAllSubscriptions(this.db);
    return rows.map((row) => ({
      workspaceId: row.account_id,
      counts: grantsUntil(row) > now,
      ...subscriptionView(row),
    }));
  }
}
