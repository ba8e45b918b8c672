import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import {
  billingEnv,
  buy,
  confirm,
  future,
  overview,
  PAYPAL_PLANS,
  past,
  type Standin,
  startPaypalStandin,
} from './billing-helpers.js';

describe.each(engines)('plans and subscriptions through PayPal on $name', (engine) => {
  let paypal: Standin;
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    paypal = await startPaypalStandin();
    t = await buildTestApp(engine, { env: billingEnv(paypal) });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  it('lists the plans with their limits, prices and PayPal plan ids, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(response.statusCode).toBe(200);
    const plans = response.json() as {
      id: string;
      kind: string;
      limit: number;
      price: string;
      paypalPlanId: string | null;
    }[];
    expect(plans.map((p) => p.id)).toEqual(['free', 'hostnames', 'basic', 'pro', 'ultra', 'mega']);
    expect(plans.find((p) => p.id === 'free')).toMatchObject({
      kind: 'free',
      limit: 1000,
      paypalPlanId: null,
    });
    expect(plans.find((p) => p.id === 'hostnames')).toMatchObject({
      kind: 'hostnames',
      limit: 10,
      price: '9.00',
      paypalPlanId: 'P-HOSTNAMES',
    });
    expect(plans.find((p) => p.id === 'pro')).toMatchObject({
      kind: 'redirects',
      limit: 100_000,
      paypalPlanId: PAYPAL_PLANS.pro,
    });
  });

  it('starts every account on free', async () => {
    const view = await overview(t, alice);
    expect(view.subscriptions).toEqual([]);
    expect(view.plans).toEqual(['free']);
    expect(view.limits).toEqual({ hostnames: 0, redirectsPerMonth: 1000, apiRequestsPerMinute: 60 });
    expect(view.usage).toMatchObject({ hostnames: 0, redirectsThisMonth: 0 });
    expect(view.overLimit).toBe(false);
  });

  it('binds an approved subscription once PayPal confirms it, and posting it again answers the same', async () => {
    const nextBilling = future(30);
    const { subscriptionId } = buy(paypal, alice, 'basic', { nextBillingTime: nextBilling });
    const first = await confirm(t, alice, subscriptionId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      plan: 'basic',
      status: 'active',
      provider: 'paypal',
      providerSubscriptionId: subscriptionId,
      currentPeriodEnd: new Date(nextBilling).toISOString(),
      endsAt: null,
    });
    const again = await confirm(t, alice, subscriptionId);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const view = await overview(t, alice);
    expect(view.plans).toEqual(['free', 'basic']);
    expect(view.limits.redirectsPerMonth).toBe(10_000);
    expect(view.subscriptions).toHaveLength(1);
  });

  it('refuses a subscription the buyer has not approved yet', async () => {
    const { subscriptionId } = buy(paypal, bob, 'pro', { approve: false });
    const response = await confirm(t, bob, subscriptionId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'conflict',
      detail: expect.stringMatching(/not approved/),
    });
    expect((await overview(t, bob)).plans).toEqual(['free']);
  });

  it('refuses a subscription to a PayPal plan this server does not sell, naming the field', async () => {
    const created = paypal.standin.createSubscription({
      plan_id: 'P-SOMEONEELSE',
      custom_id: bob.workspaceId,
    });
    paypal.standin.approve(created.id);
    const response = await confirm(t, bob, created.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: '/body/subscriptionId', message: 'its plan is not one this server sells' },
    ]);
    expect((await overview(t, bob)).plans).toEqual(['free']);
  });

  it('refuses an id PayPal does not know, and a malformed one', async () => {
    const unknown = await confirm(t, bob, 'I-DOESNOTEXIST');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('/body/subscriptionId');
    const malformed = await confirm(t, bob, 'not-a-subscription');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ path: '/body/subscriptionId' });
  });

  it('refuses a subscription made for another account (custom_id), which that account can still claim', async () => {
    const { subscriptionId } = buy(paypal, alice, 'hostnames');
    const stolen = await confirm(t, bob, subscriptionId);
    expect(stolen.statusCode).toBe(409);
    expect((await overview(t, bob)).plans).toEqual(['free']);
    const own = await confirm(t, alice, subscriptionId);
    expect(own.statusCode).toBe(201);
    expect((await overview(t, alice)).limits.hostnames).toBe(10);
  });

  it('binds one subscription id to one account only', async () => {
    const { subscriptionId } = buy(paypal, bob, 'ultra');
    expect((await confirm(t, bob, subscriptionId)).statusCode).toBe(201);
    // Even were PayPal to say otherwise later, the binding stays with the first account.
    paypal.standin.subscriptions.get(subscriptionId)!.custom_id = alice.workspaceId;
    const second = await confirm(t, alice, subscriptionId);
    expect(second.statusCode).toBe(409);
    expect((await overview(t, alice)).plans).not.toContain('ultra');
    expect((await overview(t, bob)).plans).toContain('ultra');
  });

  it('cancels at PayPal and keeps the plan to the end of the paid period', async () => {
    const user = await signedInUser(t);
    const periodEnd = future(12);
    const { subscriptionId } = buy(paypal, user, 'pro', { nextBillingTime: periodEnd });
    const id = (await confirm(t, user, subscriptionId)).json().id as string;

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${id}`,
      headers: alice.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(paypal.standin.show(subscriptionId).status).toBe('ACTIVE');

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${id}`,
      headers: user.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(paypal.standin.show(subscriptionId).status).toBe('CANCELLED');
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      currentPeriodEnd: new Date(periodEnd).toISOString(),
      endsAt: new Date(periodEnd).toISOString(),
    });
    const view = await overview(t, user);
    expect(view.plans).toEqual(['free', 'pro']);
    expect(view.limits.redirectsPerMonth).toBe(100_000);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${id}`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('cancelled');
  });

  it('falls back to free at once when the cancelled period has already ended', async () => {
    const user = await signedInUser(t);
    const { subscriptionId } = buy(paypal, user, 'mega', { nextBillingTime: past(1) });
    const id = (await confirm(t, user, subscriptionId)).json().id as string;
    expect((await overview(t, user)).plans).toContain('mega');
    await t.app.inject({ method: 'DELETE', url: `/api/v1/subscriptions/${id}`, headers: user.headers });
    const view = await overview(t, user);
    expect(view.plans).toEqual(['free']);
    expect(view.subscriptions).toEqual([]);
    expect(view.limits.redirectsPerMonth).toBe(1000);
  });

  it('lets only a signed-in person subscribe or cancel, not an API key', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: alice.headers,
      payload: { name: 'ci', scopes: ['qrcodes:read'] },
    });
    const headers = { authorization: `Bearer ${key.json().key}` };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers,
      payload: { provider: 'paypal', subscriptionId: 'I-BW452GLLEP1G' },
    });
    expect(response.statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions', headers });
    expect(read.statusCode).toBe(200);
  });

  it('answers 502 when PayPal does not answer, and changes nothing', async () => {
    const user = await signedInUser(t);
    const { subscriptionId } = buy(paypal, user, 'basic');
    const away = await buildTestApp(engine, {
      env: billingEnv(paypal, { PAYPAL_API_BASE: 'http://127.0.0.1:9' }),
    });
    try {
      const other = await signedInUser(away);
      const response = await away.app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions',
        headers: other.headers,
        payload: { provider: 'paypal', subscriptionId },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('bad_gateway');
    } finally {
      await away.close();
    }
  });
});

describe('a server without PayPal', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' }, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  it('sells nothing through PayPal and has no limits (keys get API_RATE_LIMIT’s 600 a minute)', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json() as {
      paypalPlanId: unknown;
    }[];
    expect(plans.every((p) => p.paypalPlanId === null)).toBe(true);
    const view = await overview(t, user);
    expect(view.limits).toEqual({ hostnames: null, redirectsPerMonth: null, apiRequestsPerMinute: 600 });
    const response = await confirm(t, user, 'I-BW452GLLEP1G');
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/npm run plans -- grant/);
  });

  it('answers 404 to webhooks, which it has none of', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/paypal/webhook',
      headers: {
        'paypal-transmission-id': 'x',
        'paypal-transmission-time': 'x',
        'paypal-transmission-sig': 'x',
        'paypal-cert-url': 'https://api.paypal.com/cert',
        'paypal-auth-algo': 'SHA256withRSA',
      },
      payload: { id: 'WH-1', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: { id: 'I-X' } },
    });
    expect(response.statusCode).toBe(404);
  });
});
