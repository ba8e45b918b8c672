import { startPaypalStandin } from '../../../tools/paypal-standin/server.mjs';
import type { SignedInUser } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { emulatorHost } from '../helpers/firebase.js';

export type Standin = Awaited<ReturnType<typeof startPaypalStandin>>;

/** The PayPal plan ids the test server sells. */
export const PAYPAL_PLANS = {
  hostnames: 'P-HOSTNAMES',
  basic: 'P-BASIC',
  pro: 'P-PRO',
  ultra: 'P-ULTRA',
  mega: 'P-MEGA',
} as const;

export { startPaypalStandin };

/** The environment of a server that sells through the stand-in. */
export function billingEnv(paypal: Standin, extra: Record<string, string> = {}): Record<string, string> {
  return {
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    PAYPAL_CLIENT_ID: paypal.standin.clientId,
    PAYPAL_CLIENT_SECRET: paypal.standin.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_WEBHOOK_ID: paypal.standin.webhookId,
    PAYPAL_PLAN_HOSTNAMES: PAYPAL_PLANS.hostnames,
    PAYPAL_PLAN_BASIC: PAYPAL_PLANS.basic,
    PAYPAL_PLAN_PRO: PAYPAL_PLANS.pro,
    PAYPAL_PLAN_ULTRA: PAYPAL_PLANS.ultra,
    PAYPAL_PLAN_MEGA: PAYPAL_PLANS.mega,
    ...extra,
  };
}

/** What the buyer's browser does: create the subscription with our plan and account, approve it. */
export function buy(
  paypal: Standin,
  user: SignedInUser,
  plan: keyof typeof PAYPAL_PLANS,
  options: { nextBillingTime?: string; approve?: boolean } = {},
): { subscriptionId: string; events: string[] } {
  const created = paypal.standin.createSubscription({
    plan_id: PAYPAL_PLANS[plan],
    custom_id: user.workspaceId,
  });
  const events =
    options.approve === false
      ? []
      : paypal.standin.approve(
          created.id,
          options.nextBillingTime ? { nextBillingTime: options.nextBillingTime } : {},
        );
  return { subscriptionId: created.id, events };
}

/** POST /api/v1/subscriptions as the site's onApprove does. */
export function confirm(t: TestApp, user: SignedInUser, subscriptionId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions',
    headers: user.headers,
    payload: { provider: 'paypal', subscriptionId },
  });
}

export interface Overview {
  subscriptions: {
    id: string;
    plan: string;
    status: string;
    provider: string;
    providerSubscriptionId: string | null;
    currentPeriodEnd: string | null;
    endsAt: string | null;
  }[];
  plans: string[];
  limits: { hostnames: number | null; redirectsPerMonth: number | null; apiRequestsPerMinute: number };
  usage: { hostnames: number; redirectsThisMonth: number; periodStart: string; periodEnd: string };
  overLimit: boolean;
}

export async function overview(t: TestApp, user: SignedInUser): Promise<Overview> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: user.headers });
  if (response.statusCode !== 200)
    throw new Error(`GET /subscriptions answered ${response.statusCode}: ${response.body}`);
  return response.json() as Overview;
}

export const past = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const future = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
