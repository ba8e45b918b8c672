/** A plan as `GET /plans` answers it (API.md "Plans and subscriptions"). */
export interface Plan {
  id: string;
  kind: 'free' | 'hostnames' | 'redirects';
  name: string;
  /** What the plan sells: hostnames for a hostnames plan, redirects a month otherwise. */
  limit: number;
  /** Custom hostnames while on this plan. */
  hostnames: number;
  /** Redirects a calendar month (UTC) while on this plan. */
  redirectsPerMonth: number;
  /** A decimal string in `currency` (PayPal's format), e.g. "19.00". */
  price: string;
  currency: string;
  interval: 'month';
  /** The PayPal plan this plan is sold as; null when the deployment sells no such plan. */
  paypalPlanId: string | null;
}

export type SubscriptionStatus =
  | 'approval_pending'
  | 'approved'
  | 'active'
  | 'suspended'
  | 'cancelled'
  | 'expired';

/** One subscription of the signed-in account. `status` is PayPal's word in lower case. */
export interface Subscription {
  id: string;
  plan: string;
  status: SubscriptionStatus;
  provider: 'paypal' | 'operator';
  /** The renewal date while active; the date a cancelled plan ends; a grant's end (null: none). */
  currentPeriodEnd: string | null;
  /** When the plan stops counting if nothing changes (cancelled, suspended, a grant); null while it renews. */
  endsAt?: string | null;
}

/** `GET /subscriptions`: the account's plans, the limits they add up to, and this month's usage. */
export interface BillingOverview {
  /** The subscriptions whose plan counts now. */
  subscriptions: Subscription[];
  /** The plans the account holds now (free, or the server's default plan, included). */
  plans?: string[];
  /** null: no limit (a self-hosted instance without billing). */
  limits: { hostnames: number | null; redirectsPerMonth: number | null };
  usage: {
    hostnames: number;
    redirectsThisMonth: number;
    /** The calendar month in UTC the redirects are counted in. */
    periodStart: string;
    periodEnd: string;
  };
  overLimit: boolean;
}

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
