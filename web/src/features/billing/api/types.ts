import type { ApiAnswer } from '@site/src/api/types';

/** A plan as `GET /plans` answers it (API.md "Plans and subscriptions"). */
export type Plan = ApiAnswer<'/api/v1/plans'>[number];

/** `GET /subscriptions`: the account's plans, the limits they add up to, and this month's usage. */
export type BillingOverview = ApiAnswer<'/api/v1/subscriptions'>;

/** One subscription of the signed-in account. `status` is PayPal's word in lower case. */
export type Subscription = BillingOverview['subscriptions'][number];

export type SubscriptionStatus = Subscription['status'];

/** A date as people read it, in UTC (periods and renewals are UTC). */
export function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** "$19.00 a month" (prices are USD today; another currency is shown with its code). */
export function formatPrice(plan: Pick<Plan, 'price' | 'currency'>): string {
  const amount = plan.currency === 'USD' ? `$${plan.price}` : `${plan.price} ${plan.currency}`;
  return `${amount} a month`;
}

const DAY_MS = 86_400_000;

/**
 * The day the monthly count starts again, read from the period's end whether the API gives it as
 * the last instant of the month or the first of the next (both give the 1st of the next month).
 */
export function countResetsOn(periodEnd: string): string {
  const end = Date.parse(periodEnd);
  return dayOf(new Date(Math.ceil(end / DAY_MS) * DAY_MS).toISOString());
}
