import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { Problem } from '../../shared/problem.js';
import { type Actor, systemActor } from '../events/events.service.js';
import type { PlanId } from '../plans/plans.js';
import type { SubscriptionView } from '../plans/plans.schemas.js';
import { type PlansService, type SubscriptionRow, subscriptionView } from '../plans/plans.service.js';
import { fromPaypal, requirePaypal } from './billing.paypal-calls.js';
import type { SubscriptionCreateBody } from './billing.schemas.js';
import type { PayPalClient, PayPalSubscription } from './paypal.client.js';

/** The PayPal plans we sell (every plan but free). */
export type PaidPlanId = Exclude<PlanId, 'free'>;

export interface PaypalSubscriptionsOptions {
  /** Where a subscription is recorded: the plans module reads held plans from it. */
  plans: PlansService;
  log: FastifyBaseLogger;
  /** Whether an account id is one of ours (the accounts module answers). */
  accountExists: (workspaceId: string) => Promise<boolean>;
  /** Set when PayPal credentials are configured: then the server sells plans. */
  paypal?: PayPalClient | undefined;
  /** PayPal plan ids per plan (PAYPAL_PLAN_*). */
  paypalPlanIds: Partial<Record<PaidPlanId, string | undefined>>;
  clock?: Clock;
}

/** PayPal statuses we bind (a pending one is not approved yet; an expired one sells nothing). */
const BINDABLE = new Set(['APPROVED', 'ACTIVE', 'SUSPENDED', 'CANCELLED']);
const CANCEL_REASON = 'Cancelled by the customer on RQ Codes';
const ERASED_REASON = 'The RQ Codes workspace that held it was deleted';
/** Who the audit log says changed a subscription when PayPal told us (webhooks). */
const PAYPAL = systemActor('paypal');

function monthAfter(ms: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

function parseTime(value: string | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The end of the paid period as PayPal states it: the next billing time. PayPal drops it once a
 * subscription is cancelled, so then the period we stored before holds, else a month after the
 * last payment.
 */
function paidThrough(subscription: PayPalSubscription, stored: number | null): number | null {
  const next = parseTime(subscription.billing_info?.next_billing_time);
  if (next !== null) return next;
  if (stored !== null) return stored;
  const lastPayment = (subscription.billing_info as { last_payment?: { time?: string } } | undefined)
    ?.last_payment;
  const paid = parseTime(lastPayment?.time);
  return paid === null ? null : monthAfter(paid);
}

/**
 * A PayPal subscription's life: bound to an account when the buyer's browser posts it (or a
 * webhook names it), cancelled by its buyer, and read again from PayPal on every change. PayPal is
 * the source of truth: every change re-reads the subscription from PayPal and stores what PayPal
 * says, so events arriving late or twice cannot leave a wrong state.
 */
export class PaypalSubscriptions {
  private readonly clock: Clock;

  constructor(private readonly options: PaypalSubscriptionsOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /**
   * POST /subscriptions: binds a PayPal subscription to the account once PayPal confirms it: the
   * plan is one of ours, it was made for this account (custom_id) and no other account holds it.
   */
  async subscribe(
    access: WorkspaceAccess,
    body: SubscriptionCreateBody,
  ): Promise<{ subscription: SubscriptionView; created: boolean }> {
    const workspaceId = access.workspaceId;
    const paypal = requirePaypal(this.options.paypal);
    const path = '/body/subscriptionId';
    const subscription = await fromPaypal(this.options.log, () =>
      paypal.getSubscription(body.subscriptionId),
    );
    if (!subscription) {
      throw new Problem('validation_failed', 'PayPal has no subscription with this id.', {
        errors: [{ path, message: 'PayPal has no subscription with this id' }],
      });
    }
    const plan = this.planOfPaypalPlan(subscription.plan_id);
    if (!plan) {
      throw new Problem(
        'validation_failed',
        `The subscription's PayPal plan ${subscription.plan_id} is not one of ours.`,
        {
          errors: [{ path, message: 'its plan is not one this server sells' }],
        },
      );
    }
    const bound = await this.options.plans.subscriptionAtProvider(subscription.id);
    if ((bound && bound.account_id !== workspaceId) || subscription.custom_id !== workspaceId) {
      throw new Problem('conflict', 'This PayPal subscription belongs to another account.');
    }
    if (!bound && !BINDABLE.has(subscription.status)) {
      throw new Problem(
        'conflict',
        subscription.status === 'APPROVAL_PENDING'
          ? 'The subscription is not approved at PayPal yet.'
          : 'The subscription has ended at PayPal.',
      );
    }
    const { row, created } = await this.store(
      subscription,
      plan,
      workspaceId,
      access.actor,
      access.requestId,
    );
    if (!row || row.account_id !== workspaceId) {
      throw new Problem('conflict', 'This PayPal subscription belongs to another account.');
    }
    return { subscription: subscriptionView(row), created };
  }

  /** DELETE /subscriptions/{id}: cancels at PayPal; the plan stays until the paid period ends. */
  async cancel(access: WorkspaceAccess, id: string): Promise<SubscriptionView> {
    const workspaceId = access.workspaceId;
    const row = await this.options.plans.subscription(workspaceId, id);
    if (!row) throw new Problem('not_found', 'No subscription with that id exists in this account.');
    if (row.provider === 'operator') {
      throw new Problem('conflict', "The server's operator granted this plan; ask them to end it.");
    }
    if (row.status === 'CANCELLED' || row.status === 'EXPIRED') return subscriptionView(row);
    const paypal = requirePaypal(this.options.paypal);
    const providerId = row.provider_subscription_id!;
    await fromPaypal(this.options.log, () => paypal.cancelSubscription(providerId, CANCEL_REASON));
    const after = await this.refresh(providerId, access.actor, access.requestId);
    return subscriptionView(after ?? row);
  }

  /**
   * A workspace is being deleted: its live PayPal subscriptions are cancelled at PayPal, so the
   * buyer is not billed for a workspace that no longer exists. One PayPal refuses is logged, not
   * fatal (the buyer can still cancel in PayPal). Answers how many were cancelled.
   */
  async cancelAllAtPaypal(workspaceId: string): Promise<number> {
    const paypal = this.options.paypal;
    if (!paypal) return 0;
    let cancelled = 0;
    for (const row of await this.options.plans.subscriptionsOf(workspaceId)) {
      if (row.provider !== 'paypal' || !row.provider_subscription_id) continue;
      if (row.status === 'CANCELLED' || row.status === 'EXPIRED') continue;
      try {
        await paypal.cancelSubscription(row.provider_subscription_id, ERASED_REASON);
        cancelled += 1;
      } catch (error) {
        this.options.log.warn(
          { err: error, providerId: row.provider_subscription_id, workspaceId },
          "could not cancel a deleted workspace's PayPal subscription; cancel it in PayPal",
        );
      }
    }
    return cancelled;
  }

  /**
   * Reads a subscription from PayPal and stores it. One not bound yet is bound to its custom_id's
   * account when that account exists and the plan is ours (the webhook may beat the browser's POST).
   */
  async refresh(
    providerId: string,
    actor: Actor = PAYPAL,
    requestId: string | null = null,
  ): Promise<SubscriptionRow | undefined> {
    const paypal = requirePaypal(this.options.paypal);
    const subscription = await fromPaypal(this.options.log, () => paypal.getSubscription(providerId));
    if (!subscription) {
      this.options.log.warn({ providerId }, 'PayPal no longer knows a subscription it sent an event about');
      return undefined;
    }
    const bound = await this.options.plans.subscriptionAtProvider(providerId);
    const plan = this.planOfPaypalPlan(subscription.plan_id) ?? bound?.plan;
    if (!plan) {
      this.options.log.warn(
        { providerId, planId: subscription.plan_id },
        'a PayPal subscription to a plan we do not sell',
      );
      return bound;
    }
    const workspaceId = bound?.account_id ?? subscription.custom_id;
    if (!workspaceId) return bound;
    if (!bound && !BINDABLE.has(subscription.status)) return undefined;
    return (await this.store(subscription, plan, workspaceId, actor, requestId)).row;
  }

  /** Inserts or updates the row of a PayPal subscription (the plans service tells every instance). */
  private async store(
    subscription: PayPalSubscription,
    plan: PlanId,
    workspaceId: string,
    actor: Actor,
    requestId: string | null,
  ): Promise<{ row: SubscriptionRow | undefined; created: boolean }> {
    const now = this.clock.now();
    const state = {
      plan,
      provider_plan_id: subscription.plan_id,
      status: subscription.status,
      status_since: parseTime(subscription.status_update_time) ?? now,
      updated_at: now,
    };
    const { plans } = this.options;
    const bound = await plans.subscriptionAtProvider(subscription.id);
    if (bound) {
      const row = await plans.updateProviderSubscription(
        { ...bound, provider_subscription_id: subscription.id },
        { ...state, current_period_end: paidThrough(subscription, bound.current_period_end) },
        actor,
        requestId,
      );
      return { row, created: false };
    }
    // The account must exist: custom_id comes from the buyer's browser.
    const owner = workspaceId.startsWith('acct_') && (await this.options.accountExists(workspaceId));
    if (!owner) {
      this.options.log.warn(
        { providerId: subscription.id },
        'a PayPal subscription for an account we do not have',
      );
      return { row: undefined, created: false };
    }
    return plans.recordProviderSubscription(
      {
        id: newId('sub', now),
        account_id: workspaceId,
        provider: 'paypal',
        provider_subscription_id: subscription.id,
        current_period_end: paidThrough(subscription, null),
        created_at: now,
        ...state,
      },
      actor,
      requestId,
    );
  }

  private planOfPaypalPlan(paypalPlanId: string): PlanId | undefined {
    const entry = Object.entries(this.options.paypalPlanIds).find(([, id]) => id === paypalPlanId);
    return entry?.[0] as PlanId | undefined;
  }
}
