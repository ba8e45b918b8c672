/**
 * The plans, their limits and prices, in one place (PRODUCT.md §7). Operators change the defaults
 * here; PayPal plan ids come from the configuration (config.paypal.planIds).
 */

export const PLAN_IDS = ['free', 'hostnames', 'basic', 'pro', 'ultra', 'mega'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** A plan sells custom hostnames or monthly redirects; free is what every account starts with. */
export type PlanKind = 'free' | 'hostnames' | 'redirects';

export interface Plan {
  id: PlanId;
  kind: PlanKind;
  name: string;
  /** Custom hostnames the account may have while on this plan. */
  hostnames: number;
  /** Redirects a calendar month before codes fall back to their default target. */
  redirectsPerMonth: number;
  /** GS1 Digital Link items (GTINs and other keys, or company prefixes) a workspace may register. */
  gs1Items: number;
  /** Price a month in `currency`, as a decimal string (PayPal's format); free is "0.00". */
  price: string;
  currency: 'USD';
  interval: 'month';
  /** API requests a minute, per API key (or per signed-in session). */
  apiRequestsPerMinute: number;
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    kind: 'free',
    name: 'Free',
    hostnames: 0,
    redirectsPerMonth: 1_000,
    gs1Items: 10,
    price: '0.00',
    currency: 'USD',
    interval: 'month',
    apiRequestsPerMinute: 60,
  },
  hostnames: {
    id: 'hostnames',
    kind: 'hostnames',
    name: 'Custom Hostnames',
    hostnames: 10,
    redirectsPerMonth: 1_000,
    gs1Items: 100,
    price: '9.00',
    currency: 'USD',
    interval: 'month',
    apiRequestsPerMinute: 120,
  },
  basic: {
    id: 'basic',
    kind: 'redirects',
    name: 'Dynamic Scan Redirects: Basic',
    hostnames: 0,
    redirectsPerMonth: 10_000,
    gs1Items: 100,
    price: '5.00',
    currency: 'USD',
    interval: 'month',
    apiRequestsPerMinute: 120,
  },
  pro: {
    id: 'pro',
    kind: 'redirects',
    name: 'Dynamic Scan Redirects: Pro',
    hostnames: 0,
    redirectsPerMonth: 100_000,
    gs1Items: 1_000,
    price: '19.00',
    currency: 'USD',
    interval: 'month',
    apiRequestsPerMinute: 300,
  },
  ultra: {
    id: 'ultra',
    kind: 'redirects',
    name: 'Dynamic Scan Redirects: Ultra',
    hostnames: 0,
    redirectsPerMonth: 1_000_000,
    gs1Items: 10_000,
    price: '79.00',
    currency: 'USD',
    interval: 'month',
    apiRequestsPerMinute: 600,
  },
  mega: {
    id: 'mega',
    kind: 'redirects',
    name: 'Dynamic Scan Redirects: Mega',
    hostnames: 0,
    redirectsPerMonth: 10_000_000,
    gs1Items: 100_000,
    price: '299.00',
    currency: 'USD',
    interval: 'month',
    apiRequestsPerMinute: 1_200,
  },
};

/**
 * What an account may do with the plans it holds: a hostnames plan and a redirects plan combine,
 * and each limit is the largest any held plan grants (free is always held).
 */
export function limitsFor(planIds: readonly PlanId[]): {
  hostnames: number;
  redirectsPerMonth: number;
  gs1Items: number;
  apiRequestsPerMinute: number;
} {
  const held = [PLANS.free, ...planIds.map((id) => PLANS[id])];
  return {
    hostnames: Math.max(...held.map((p) => p.hostnames)),
    redirectsPerMonth: Math.max(...held.map((p) => p.redirectsPerMonth)),
    gs1Items: Math.max(...held.map((p) => p.gs1Items)),
    apiRequestsPerMinute: Math.max(...held.map((p) => p.apiRequestsPerMinute)),
  };
}

/**
 * Requests a minute for an API key of an account holding `planIds`: the server's base rate
 * (API_RATE_LIMIT, which takes the free plan's place), raised by any other plan held.
 */
export function apiRateFor(base: number, planIds: readonly PlanId[]): number {
  const raised = planIds.filter((id) => id !== 'free').map((id) => PLANS[id].apiRequestsPerMinute);
  return Math.max(base, ...raised);
}

/**
 * Bulk calls (POST /qrcodes/bulk, bulk-update, bulk-delete) take at most this many items, and
 * count their items against an items budget of BULK_ITEMS_PER_REQUEST times the caller's request
 * rate (besides one request of the request budget): on the free plan's 60 requests a minute that
 * is 6,000 items a minute, so 10,000 codes take two minutes, not the 167 of single POSTs.
 */
export const BULK_MAX_ITEMS = 1_000;
export const BULK_ITEMS_PER_REQUEST = 100;

/** The window every API budget is counted over. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * Budgets per client IP for answers nobody is signed in for: every unauthenticated /api answer
 * (including failed sign-ins, which slows down key guessing) draws from `unauthenticated`; public
 * endpoints that do real work opt into a stricter budget of their own (e.g. `render`).
 */
export const PUBLIC_RATE_LIMITS = {
  unauthenticated: 300,
  render: 30,
  /** Signed image URLs (a page of codes shows one image a code; browsers cache them for good). */
  images: 600,
} as const;
