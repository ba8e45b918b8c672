import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import type { Actor, EventsService } from '../events/events.service.js';
import { effectivePlans, grantsUntil } from './plans.effective.js';
import { subscriptionChanged, subscriptionEvent } from './plans.events.js';
import { OperatorGrants } from './plans.grants.js';
import { apiRateFor, limitsFor, PLANS, type PlanId } from './plans.js';
import {
  deleteWorkspaceSubscriptions,
  findByProviderId,
  findSubscription,
  findSubscriptionsOfAccount,
  insertSubscription,
  updateSubscription,
} from './plans.repository.js';
import type { NewSubscriptionRow, SubscriptionRow, SubscriptionUpdate } from './plans.table.js';

// A row of the subscriptions table is a shape the billing module records and reads.
export type { SubscriptionRow } from './plans.table.js';
export { subscriptionView } from './plans.views.js';

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /**
     * A workspace's plans changed (bought, renewed, suspended, cancelled, ended, granted, revoked).
     * Its field is `accountId` as every topic's is: older instances read it during a roll
     * (docs/adr/2026-11-29-workspace-id-names.md).
     */
    'plans.changed': { accountId: string };
  }
}

/** What an account may do now; Infinity: no limit on this server. */
export interface AccountLimits {
  hostnames: number;
  /** Codes the workspace may hold: no plan limits them; CODES_LIMIT caps every workspace of a server. */
  codes: number;
  redirectsPerMonth: number;
  /** GS1 Digital Link items the workspace may register (the largest any held plan grants). */
  gs1Items: number;
  apiRequestsPerMinute: number;
}

export interface PlansOptions {
  changes: ChangeBus;
  /** The audit log: subscriptions created, updated and cancelled, by whoever did it. */
  events: EventsService;
  /** Whether the server sells plans through PayPal (then plans set every limit). */
  sellsThroughPaypal: boolean;
  /** DEFAULT_PLAN. */
  defaultPlan?: PlanId | undefined;
  /** HOSTNAMES_LIMIT: the hostnames limit of an instance with neither PayPal nor a default plan. */
  hostnamesWithoutBilling?: number | undefined;
  /** CODES_LIMIT: codes per workspace on this server (unset: no limit). */
  codesLimit?: number | undefined;
  /** API_RATE_LIMIT: an API key's requests a minute without a plan that raises it (default: free's). */
  apiRateLimit?: number | undefined;
  clock?: Clock;
  /**
   * How long an account's plans are kept in memory. plans.changed drops them at once; the TTL
   * bounds how long a grant made by the CLI on a server without Redis takes to count.
   */
  cacheTtlMs?: number;
}

/**
 * The plans an account holds and the limits that follow (API rate, hostnames, monthly redirects),
 * read from the subscriptions table, whoever sold the plan (PayPal through the billing module, or
 * the operator's grants). An account's plans are answered from memory; `plans.changed` drops them
 * on every instance. Every module that enforces a limit asks here.
 */
export class PlansService {
  private readonly clock: Clock;
  private readonly cache = new LRUCache<string, { plans: PlanId[]; expiresAt: number }>({ max: 100_000 });
  /** The operator's grants (`npm run plans`). */
  readonly grants: OperatorGrants;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PlansOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.grants = new OperatorGrants(db, {
      changes: options.changes,
      events: options.events,
      clock: this.clock,
    });
  }

  /** API_RATE_LIMIT, or the free plan's rate. */
  get apiRateLimit(): number {
    return this.options.apiRateLimit ?? PLANS.free.apiRequestsPerMinute;
  }

  /** Forgets an account's cached plans (plans.changed does this on every instance). */
  forget(workspaceId: string): void {
    this.cache.delete(workspaceId);
  }

  /** The plans the account holds now, its base plan (free, or DEFAULT_PLAN) first. From memory when it can. */
  async plansOf(workspaceId: string): Promise<PlanId[]> {
    const now = this.clock.now();
    const cached = this.cache.get(workspaceId);
    if (cached && cached.expiresAt > now) return cached.plans;
    const rows = await findSubscriptionsOfAccount(this.db, workspaceId);
    const { plans: held, validUntil } = effectivePlans(rows, now);
    const plans = [...new Set<PlanId>([this.options.defaultPlan ?? 'free', ...held])];
    this.cache.set(workspaceId, {
      plans,
      expiresAt: Math.min(validUntil, now + (this.options.cacheTtlMs ?? 60_000)),
    });
    return plans;
  }

  /**
   * The account's limits. A server without PayPal and without DEFAULT_PLAN has none (but
   * HOSTNAMES_LIMIT, and the API rate, API_RATE_LIMIT, which protects the server rather than sells).
   */
  async limitsOf(workspaceId: string): Promise<AccountLimits> {
    const plans = await this.plansOf(workspaceId);
    const limits = {
      ...limitsFor(plans),
      codes: this.options.codesLimit ?? Number.POSITIVE_INFINITY,
      apiRequestsPerMinute: apiRateFor(this.apiRateLimit, plans),
    };
    if (this.options.sellsThroughPaypal || this.options.defaultPlan) return limits;
    return {
      hostnames: Math.max(this.options.hostnamesWithoutBilling ?? Number.POSITIVE_INFINITY, limits.hostnames),
      codes: limits.codes,
      redirectsPerMonth: Number.POSITIVE_INFINITY,
      gs1Items: Number.POSITIVE_INFINITY,
      apiRequestsPerMinute: limits.apiRequestsPerMinute,
    };
  }

  /** Requests a minute for each API key of the account (the rate limits ask on every request). */
  async apiRateOf(workspaceId: string): Promise<number> {
    return apiRateFor(this.apiRateLimit, await this.plansOf(workspaceId));
  }

  // --- The subscriptions a seller records (the billing module, for PayPal) ---------------------

  /** The account's subscriptions that grant a plan now, oldest first. */
  async countingSubscriptionsOf(workspaceId: string): Promise<SubscriptionRow[]> {
    const now = this.clock.now();
    const rows = await findSubscriptionsOfAccount(this.db, workspaceId);
    return rows.filter((row) => grantsUntil(row) > now);
  }

  subscription(workspaceId: string, id: string): Promise<SubscriptionRow | undefined> {
    return findSubscription(this.db, workspaceId, id);
  }

  /** Whichever account a provider's subscription id is bound to: it binds to one only. */
  subscriptionAtProvider(providerId: string): Promise<SubscriptionRow | undefined> {
    return findByProviderId(this.db, providerId);
  }

  /**
   * Records a provider's subscription unless its id is bound already; answers the row that holds
   * the id and whether this call created it (a webhook and the browser's POST may race).
   */
  async recordProviderSubscription(
    row: NewSubscriptionRow & { provider_subscription_id: string },
    actor: Actor,
    requestId: string | null = null,
  ): Promise<{ row: SubscriptionRow | undefined; created: boolean }> {
    const bound = await this.options.events.inTransaction(async (trx) => {
      await insertSubscription(trx, row);
      const result = await findByProviderId(trx, row.provider_subscription_id);
      const created = result !== undefined && result.id === row.id;
      const events = created ? [subscriptionEvent('subscription.created', actor, result, requestId)] : [];
      return { result, events };
    });
    if (bound) await this.changed(bound.account_id);
    return { row: bound, created: bound?.id === row.id };
  }

  /** Stores what the provider now says of a bound subscription. */
  async updateProviderSubscription(
    bound: SubscriptionRow & { provider_subscription_id: string },
    update: SubscriptionUpdate,
    actor: Actor,
    requestId: string | null = null,
  ): Promise<SubscriptionRow | undefined> {
    const row = await this.options.events.inTransaction(async (trx) => {
      await updateSubscription(trx, bound.id, update);
      const result = await findByProviderId(trx, bound.provider_subscription_id);
      return { result, events: result ? subscriptionChanged(actor, bound, result, requestId) : [] };
    });
    if (row) await this.changed(row.account_id);
    return row;
  }

  /** The workspace's subscriptions and grants, whatever their state (its erasure reads them first). */
  subscriptionsOf(workspaceId: string): Promise<SubscriptionRow[]> {
    return findSubscriptionsOfAccount(this.db, workspaceId);
  }

  /** Deletes a deleted workspace's subscriptions and grants (billing cancels PayPal's first). */
  async erase(workspaceId: string): Promise<void> {
    await deleteWorkspaceSubscriptions(this.db, workspaceId);
    await this.changed(workspaceId);
  }

  /** Tells every instance the account's plans changed. */
  private changed(workspaceId: string): Promise<void> {
    return this.options.changes.publish('plans.changed', { accountId: workspaceId });
  }
}
