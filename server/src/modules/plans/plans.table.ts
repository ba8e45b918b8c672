import type { Insertable, Selectable, Updateable } from 'kysely';
import type { PlanId } from './plans.js';

/** Who sells the plan: a PayPal subscription, or the operator's grant (`npm run plans`). */
export type SubscriptionProvider = 'paypal' | 'operator';

/**
 * Every plan an account holds or held, whoever sold it: the plans module reads it for held plans
 * and limits, the billing module records PayPal's subscriptions in it through the plans service.
 */
export interface SubscriptionsTable {
  id: string;
  account_id: string;
  plan: PlanId;
  provider: SubscriptionProvider;
  /** PayPal's subscription id (I-...); null for operator grants. Unique. */
  provider_subscription_id: string | null;
  provider_plan_id: string | null;
  /** PayPal's status as PayPal last said it; ACTIVE for operator grants. */
  status: string;
  /** Paid through (PayPal's next billing time, kept after a cancel) or the grant's --until; null: open. */
  current_period_end: number | null;
  /** When the status last changed, as the provider says (a suspension's grace counts from it). */
  status_since: number | null;
  created_at: number;
  updated_at: number;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscriptionRow = Insertable<SubscriptionsTable>;
export type SubscriptionUpdate = Updateable<SubscriptionsTable>;

/** A month in which a workspace reached its monthly redirect limit (logged once). */
export interface UsageLimitReachedTable {
  workspace_id: string;
  /** '2026-11' (UTC). */
  month: string;
  at: number;
}
