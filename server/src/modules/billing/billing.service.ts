import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { Problem } from '../../shared/problem.js';
import { apiRateFor, limitsFor, PLAN_IDS, PLANS, type PlanId } from '../plans/plans.js';
import { effectivePlans, grantsUntil } from './billing.effective.js';
import {
  deleteOperatorGrants,
  findByProviderId,
  findOperatorGrant,
  findSubscription,
  findSubscriptionsOfAccount,
  insertSubscription,
  listAllSubscriptions,
  recordWebhookEvent,
  updateSubscription,
  webhookEventSeen,
} from './billing.repository.js';
import type {
  PlanView,
  SubscriptionCreateBody,
  SubscriptionsOverview,
  SubscriptionView,
} from './billing.schemas.js';
import type { SubscriptionRow } from './billing.table.js';
import {
  type PayPalClient,
  PayPalError,
  type PayPalSubscription,
  type WebhookHeaders,
} from './paypal.client.js';

declare module '../../shared/change-bus.js' {
  interface ChangeEvents {
    /** An account's plans changed (bought, renewed, suspended, cancelled, ended, granted, revoked). */
    'plans.changed': { accountId: string };
  }
}

/** The lead's usage counter plugs in here; until it does, usage is 0 and nobody is over a limit. */
export interface UsageMeter {
  usageOf(accountId: string): Promise<{ redirectsThisMonth: number; periodStart: string; periodEnd: string }>;
}

/** What an account may do now; Infinity: no limit on this server. */
export interface AccountLimits {
  hostnames: number;
  redirectsPerMonth: number;
  apiRequestsPerMinute: number;
}

/** The PayPal plans we sell (every plan but free). */
export type PaidPlanId = Exclude<PlanId, 'free'>;

export interface BillingOptions {
  changes: ChangeBus;
  log: FastifyBaseLogger;
  /** Whether an account id is one of ours (the accounts module answers). */
  accountExists: (accountId: string) => Promise<boolean>;
  /** Set when PayPal credentials are configured: then the server sells plans. */
  paypal?: PayPalClient | undefined;
  webhookId?: string | undefined;
  /** PayPal plan ids per plan (PAYPAL_PLAN_*). */
  paypalPlanIds: Partial<Record<PaidPlanId, string | undefined>>;
  /** DEFAULT_PLAN. */
  defaultPlan?: PlanId | undefined;
  /** HOSTNAMES_LIMIT: the hostnames limit of an instance with neither PayPal nor a default plan. */
  hostnamesWithoutBilling?: number | undefined;
  /** API_RATE_LIMIT: an API key's requests a minute without a plan that raises it (default: free's). */
  apiRateLimit?: number | undefined;
  usage?: UsageMeter | undefined;
  /**
   * Where limits read an account's plans: the module passes app.rateLimits.planResolver (which
   * it points at plansOf), so rate limits, hostnames and usage read plans through one resolver.
   */
  planSource?: (accountId: string) => Promise<readonly PlanId[]>;
  clock?: Clock;
  /**
   * How long an account's plans are kept in memory. plans.changed drops them at once; the TTL
   * bounds how long a grant made by the CLI on a server without Redis takes to count.
   */
  cacheTtlMs?: number;
}

/** PayPal statuses we bind (a pending one is not approved yet; an expired one sells nothing). */
const BINDABLE = new Set(['APPROVED', 'ACTIVE', 'SUSPENDED', 'CANCELLED']);
const CANCEL_REASON = 'Cancelled by the customer on RQ Codes';

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

/** The month in UTC that holds `now`, for usage before the usage meter is wired. */
function calendarMonth(now: number): { periodStart: string; periodEnd: string } {
  const date = new Date(now);
  return {
    periodStart: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).toISOString(),
    periodEnd: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString(),
  };
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

/**
 * Plans, PayPal subscriptions, operator grants and the limits that follow from them. PayPal is the
 * source of truth for a subscription: every change (our POST, a cancel, each webhook) re-reads it
 * from PayPal and stores what PayPal says, so events arriving late or twice cannot leave a wrong
 * state. An account's plans are answered from memory; `plans.changed` drops them on every instance.
 */
export class BillingService {
  private readonly clock: Clock;
  private readonly cache: LRUCache<string, { plans: PlanId[]; expiresAt: number }>;
  private usage: UsageMeter | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: BillingOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.cache = new LRUCache({ max: 100_000 });
    this.usage = options.usage;
  }

  private get apiRateLimit(): number {
    return this.options.apiRateLimit ?? PLANS.free.apiRequestsPerMinute;
  }

  /** Whether this server sells plans through PayPal. */
  get sellsThroughPaypal(): boolean {
    return this.options.paypal !== undefined;
  }

  /** The lead's usage meter, once the usage module exists (it registers after billing). */
  useUsageMeter(meter: UsageMeter): void {
    this.usage = meter;
  }

  /** Forgets an account's cached plans (plans.changed does this on every instance). */
  forget(accountId: string): void {
    this.cache.delete(accountId);
  }

  // --- Plans and limits --------------------------------------------------------------------------

  /** GET /plans: every plan with its limits, price and the PayPal plan to subscribe to. */
  plans(): PlanView[] {
    return PLAN_IDS.map((id) => {
      const plan = PLANS[id];
      return {
        id,
        kind: plan.kind,
        name: plan.name,
        limit: plan.kind === 'hostnames' ? plan.hostnames : plan.redirectsPerMonth,
        hostnames: plan.hostnames,
        redirectsPerMonth: plan.redirectsPerMonth,
        apiRequestsPerMinute: apiRateFor(this.apiRateLimit, [id]),
        price: plan.price,
        currency: plan.currency,
        interval: plan.interval,
        paypalPlanId:
          id === 'free' || !this.sellsThroughPaypal ? null : (this.options.paypalPlanIds[id] ?? null),
      };
    });
  }

  /** The plans the account holds now, its base plan (free, or DEFAULT_PLAN) first. From memory when it can. */
  async plansOf(accountId: string): Promise<PlanId[]> {
    const now = this.clock.now();
    const cached = this.cache.get(accountId);
    if (cached && cached.expiresAt > now) return cached.plans;
    const rows = await findSubscriptionsOfAccount(this.db, accountId);
    const { plans: held, validUntil } = effectivePlans(rows, now);
    const plans = [...new Set<PlanId>([this.options.defaultPlan ?? 'free', ...held])];
    this.cache.set(accountId, {
      plans,
      expiresAt: Math.min(validUntil, now + (this.options.cacheTtlMs ?? 60_000)),
    });
    return plans;
  }

  /**
   * The account's limits. A server without PayPal and without DEFAULT_PLAN has none (but
   * HOSTNAMES_LIMIT, and the API rate, API_RATE_LIMIT, which protects the server rather than sells).
   */
  async limitsOf(accountId: string): Promise<AccountLimits> {
    const plans = await this.heldPlans(accountId);
    const limits = { ...limitsFor(plans), apiRequestsPerMinute: apiRateFor(this.apiRateLimit, plans) };
    if (this.sellsThroughPaypal || this.options.defaultPlan) return limits;
    return {
      hostnames: Math.max(this.options.hostnamesWithoutBilling ?? Number.POSITIVE_INFINITY, limits.hostnames),
      redirectsPerMonth: Number.POSITIVE_INFINITY,
      apiRequestsPerMinute: limits.apiRequestsPerMinute,
    };
  }

  /** GET /subscriptions. `hostnames` is how many the account has (the hostnames module counts). */
  async overview(accountId: string, hostnames: number): Promise<SubscriptionsOverview> {
    const now = this.clock.now();
    const rows = await findSubscriptionsOfAccount(this.db, accountId);
    const plans = await this.heldPlans(accountId);
    const limits = await this.limitsOf(accountId);
    const usage = this.usage
      ? await this.usage.usageOf(accountId)
      : { redirectsThisMonth: 0, ...calendarMonth(now) };
    return {
      subscriptions: rows.filter((row) => grantsUntil(row) > now).map((row) => this.view(row)),
      plans: [...plans],
      limits: {
        hostnames: finite(limits.hostnames),
        redirectsPerMonth: finite(limits.redirectsPerMonth),
        apiRequestsPerMinute: limits.apiRequestsPerMinute,
      },
      usage: { hostnames, ...usage },
      overLimit: this.usage !== undefined && usage.redirectsThisMonth >= limits.redirectsPerMonth,
    };
  }

  // --- PayPal subscriptions ----------------------------------------------------------------------

  /**
   * POST /subscriptions: binds a PayPal subscription to the account once PayPal confirms it: the
   * plan is one of ours, it was made for this account (custom_id) and no other account holds it.
   */
  async subscribe(
    accountId: string,
    body: SubscriptionCreateBody,
  ): Promise<{ subscription: SubscriptionView; created: boolean }> {
    const paypal = this.requirePaypal();
    const path = '/body/subscriptionId';
    const subscription = await this.fromPaypal(() => paypal.getSubscription(body.subscriptionId));
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
    const bound = await findByProviderId(this.db, subscription.id);
    if ((bound && bound.account_id !== accountId) || subscription.custom_id !== accountId) {
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
    const { row, created } = await this.store(subscription, plan, accountId);
    if (!row || row.account_id !== accountId) {
      throw new Problem('conflict', 'This PayPal subscription belongs to another account.');
    }
    return { subscription: this.view(row), created };
  }

  /** DELETE /subscriptions/{id}: cancels at PayPal; the plan stays until the paid period ends. */
  async cancel(accountId: string, id: string): Promise<SubscriptionView> {
    const row = await findSubscription(this.db, accountId, id);
    if (!row) throw new Problem('not_found', 'No subscription with that id exists in this account.');
    if (row.provider === 'operator') {
      throw new Problem('conflict', "The server's operator granted this plan; ask them to end it.");
    }
    if (row.status === 'CANCELLED' || row.status === 'EXPIRED') return this.view(row);
    const paypal = this.requirePaypal();
    const providerId = row.provider_subscription_id!;
    await this.fromPaypal(() => paypal.cancelSubscription(providerId, CANCEL_REASON));
    const after = await this.refresh(providerId);
    return this.view(after ?? row);
  }

  /**
   * POST /billing/paypal/webhook. Nothing changes before PayPal confirms it sent the event to our
   * webhook; an event id seen before changes nothing; otherwise the subscription is read again from
   * PayPal and stored as PayPal has it now. Answers whether the event was new.
   */
  async receiveWebhook(
    headers: WebhookHeaders,
    event: { id: string; event_type: string; resource?: Record<string, unknown> },
  ): Promise<{ duplicate: boolean }> {
    const { paypal, webhookId, log } = this.options;
    if (!paypal || !webhookId) {
      throw new Problem('not_found', 'PayPal webhooks are not configured on this server.');
    }
    const verified = await this.fromPaypal(() => paypal.verifyWebhookSignature(headers, webhookId, event));
    if (!verified) {
      log.warn(
        { eventId: event.id, eventType: event.event_type, transmissionId: headers['paypal-transmission-id'] },
        'a PayPal webhook did not verify; ignored',
      );
      throw new Problem('bad_request', 'The webhook signature did not verify with PayPal.');
    }
    if (await webhookEventSeen(this.db, event.id)) return { duplicate: true };
    const providerId = subscriptionIdOf(event);
    if (providerId) await this.refresh(providerId);
    else log.info({ eventId: event.id, eventType: event.event_type }, 'a PayPal event billing does not use');
    await recordWebhookEvent(this.db, {
      id: event.id,
      eventType: event.event_type,
      providerSubscriptionId: providerId ?? null,
      receivedAt: this.clock.now(),
    });
    return { duplicate: false };
  }

  /**
   * Reads a subscription from PayPal and stores it. One not bound yet is bound to its custom_id's
   * account when that account exists and the plan is ours (the webhook may beat the browser's POST).
   */
  private async refresh(providerId: string): Promise<SubscriptionRow | undefined> {
    const paypal = this.requirePaypal();
    const subscription = await this.fromPaypal(() => paypal.getSubscription(providerId));
    if (!subscription) {
      this.options.log.warn({ providerId }, 'PayPal no longer knows a subscription it sent an event about');
      return undefined;
    }
    const bound = await findByProviderId(this.db, providerId);
    const plan = this.planOfPaypalPlan(subscription.plan_id) ?? bound?.plan;
    if (!plan) {
      this.options.log.warn(
        { providerId, planId: subscription.plan_id },
        'a PayPal subscription to a plan we do not sell',
      );
      return bound;
    }
    const accountId = bound?.account_id ?? subscription.custom_id;
    if (!accountId) return bound;
    if (!bound && !BINDABLE.has(subscription.status)) return undefined;
    return (await this.store(subscription, plan, accountId)).row;
  }

  /** Inserts or updates the row of a PayPal subscription; tells every instance the plans changed. */
  private async store(
    subscription: PayPalSubscription,
    plan: PlanId,
    accountId: string,
  ): Promise<{ row: SubscriptionRow | undefined; created: boolean }> {
    const now = this.clock.now();
    const state = {
      plan,
      provider_plan_id: subscription.plan_id,
      status: subscription.status,
      status_since: parseTime(subscription.status_update_time) ?? now,
      updated_at: now,
    };
    let bound = await findByProviderId(this.db, subscription.id);
    let created = false;
    if (!bound) {
      // The account must exist: custom_id comes from the buyer's browser.
      const owner = accountId.startsWith('acct_') && (await this.options.accountExists(accountId));
      if (!owner) {
        this.options.log.warn(
          { providerId: subscription.id },
          'a PayPal subscription for an account we do not have',
        );
        return { row: undefined, created };
      }
      const id = newId('sub', now);
      await insertSubscription(this.db, {
        id,
        account_id: accountId,
        provider: 'paypal',
        provider_subscription_id: subscription.id,
        current_period_end: paidThrough(subscription, null),
        created_at: now,
        ...state,
      });
      bound = await findByProviderId(this.db, subscription.id);
      // A webhook and the browser's POST may race: only the insert that won created it.
      created = bound?.id === id;
    } else {
      await updateSubscription(this.db, bound.id, {
        ...state,
        current_period_end: paidThrough(subscription, bound.current_period_end),
      });
      bound = await findByProviderId(this.db, subscription.id);
    }
    if (bound) await this.options.changes.publish('plans.changed', { accountId: bound.account_id });
    return { row: bound, created };
  }

  // --- Operator grants (npm run plans) -----------------------------------------------------------

  /** Grants a plan (until a time, or for good); granting it again moves the end. */
  async grant(accountId: string, plan: PlanId, until: number | null): Promise<SubscriptionView> {
    const now = this.clock.now();
    const existing = await findOperatorGrant(this.db, accountId, plan);
    if (existing) {
      await updateSubscription(this.db, existing.id, {
        current_period_end: until,
        status: 'ACTIVE',
        updated_at: now,
      });
    } else {
      const id = newId('sub', now);
      await insertSubscription(this.db, {
        id,
        account_id: accountId,
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
    }
    await this.options.changes.publish('plans.changed', { accountId });
    const row = await findOperatorGrant(this.db, accountId, plan);
    return this.view(row!);
  }

  /** Ends the operator's grants to an account (one plan, or all); answers how many ended. */
  async revoke(accountId: string, plan?: PlanId): Promise<number> {
    const removed = await deleteOperatorGrants(this.db, accountId, plan);
    if (removed > 0) await this.options.changes.publish('plans.changed', { accountId });
    return removed;
  }

  /** Every subscription and grant on the server, with whether it counts now. */
  async listAll(): Promise<(SubscriptionView & { accountId: string; counts: boolean })[]> {
    const now = this.clock.now();
    const rows = await listAllSubscriptions(this.db);
    return rows.map((row) => ({
      accountId: row.account_id,
      counts: grantsUntil(row) > now,
      ...this.view(row),
    }));
  }

  // --- Helpers -----------------------------------------------------------------------------------

  private view(row: SubscriptionRow): SubscriptionView {
    const until = grantsUntil(row);
    const renews = row.provider === 'paypal' && (row.status === 'ACTIVE' || row.status === 'APPROVED');
    return {
      id: row.id,
      plan: row.plan,
      status: row.status.toLowerCase() as SubscriptionView['status'],
      provider: row.provider,
      providerSubscriptionId: row.provider_subscription_id,
      currentPeriodEnd: toIso(row.current_period_end),
      endsAt: renews || !Number.isFinite(until) || until === 0 ? null : toIso(until),
      createdAt: toIso(row.created_at) ?? '',
    };
  }

  private heldPlans(accountId: string): Promise<readonly PlanId[]> {
    return this.options.planSource ? this.options.planSource(accountId) : this.plansOf(accountId);
  }

  private planOfPaypalPlan(paypalPlanId: string): PlanId | undefined {
    const entry = Object.entries(this.options.paypalPlanIds).find(([, id]) => id === paypalPlanId);
    return entry?.[0] as PlanId | undefined;
  }

  private requirePaypal(): PayPalClient {
    if (!this.options.paypal) {
      throw new Problem(
        'conflict',
        'This server does not sell plans through PayPal; its operator grants them (npm run plans -- grant).',
      );
    }
    return this.options.paypal;
  }

  /** A PayPal call; PayPal away or answering oddly is a 502 (PayPal retries its webhooks). */
  private async fromPaypal<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PayPalError)) throw error;
      this.options.log.error({ err: error }, 'PayPal call failed');
      throw new Problem('bad_gateway', 'PayPal did not answer as expected; try again in a moment.');
    }
  }
}

/** The PayPal subscription an event is about: the resource itself, or a sale's billing agreement. */
function subscriptionIdOf(event: {
  event_type: string;
  resource?: Record<string, unknown>;
}): string | undefined {
  const resource = event.resource ?? {};
  if (event.event_type.startsWith('BILLING.SUBSCRIPTION.')) {
    return typeof resource.id === 'string' ? resource.id : undefined;
  }
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
    return typeof resource.billing_agreement_id === 'string' ? resource.billing_agreement_id : undefined;
  }
  return undefined;
}
