import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import {
  billingEnv,
  buy,
  confirm,
  future,
  overview,
  past,
  type Standin,
  startPaypalStandin,
} from './billing-helpers.js';

/**
 * The whole life of a subscription as PayPal drives it: the stand-in moves it (approve, renew, a
 * failed payment, suspend, cancel, expire) and sends the webhooks to the real server over HTTP
 * with PayPal's headers; replays, forgeries and out-of-order delivery included.
 */
describe.each(engines)('PayPal webhooks on $name', (engine) => {
  let paypal: Standin;
  let t: TestApp & { base: string };

  beforeAll(async () => {
    paypal = await startPaypalStandin();
    t = await listeningTestApp(engine, { env: billingEnv(paypal) });
    paypal.standin.webhookUrl = `${t.base}/api/v1/billing/paypal/webhook`;
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  /** Delivers each event as PayPal would and expects each to be taken. */
  async function deliver(events: string[]): Promise<void> {
    for (const id of events) {
      const delivery = await paypal.standin.deliver(id);
      expect(delivery.status, delivery.body).toBe(200);
    }
  }

  const statusOf = async (user: SignedInUser) => (await overview(t, user)).subscriptions.map((s) => s.status);

  it('activates from the webhook alone (before the browser posts), bound to the custom_id account', async () => {
    const user = await signedInUser(t);
    const { subscriptionId, events } = buy(paypal, user, 'pro');
    await deliver(events);
    const view = await overview(t, user);
    expect(view.plans).toEqual(['free', 'pro']);
    expect(view.subscriptions[0]).toMatchObject({ status: 'active', providerSubscriptionId: subscriptionId });
    // The browser's POST comes after: the same subscription, not a second one.
    const posted = await confirm(t, user, subscriptionId);
    expect(posted.statusCode).toBe(200);
    expect((await overview(t, user)).subscriptions).toHaveLength(1);
  });

  it('moves the paid period on at each renewal (PAYMENT.SALE.COMPLETED)', async () => {
    const user = await signedInUser(t);
    const { subscriptionId, events } = buy(paypal, user, 'basic', { nextBillingTime: future(3) });
    await deliver(events);
    const renewedTo = future(33);
    await deliver(paypal.standin.renew(subscriptionId, { nextBillingTime: renewedTo }));
    const [subscription] = (await overview(t, user)).subscriptions;
    expect(subscription).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date(renewedTo).toISOString(),
    });
  });

  it('keeps the plan through a failed payment, and through a suspension for the stated grace period', async () => {
    const user = await signedInUser(t);
    const { subscriptionId, events } = buy(paypal, user, 'ultra');
    await deliver(events);
    await deliver(paypal.standin.failPayment(subscriptionId));
    expect(await statusOf(user)).toEqual(['active']);
    expect((await overview(t, user)).plans).toContain('ultra');

    await deliver(paypal.standin.suspend(subscriptionId));
    const view = await overview(t, user);
    expect(view.plans).toContain('ultra');
    expect(view.subscriptions[0]!.status).toBe('suspended');
    const graceEnd = Date.parse(view.subscriptions[0]!.endsAt!);
    const suspendedAt = Date.parse(paypal.standin.show(subscriptionId).status_update_time);
    expect(graceEnd - suspendedAt).toBe(7 * 86_400_000);

    // Paid again: active again, no end in sight.
    await deliver(paypal.standin.renew(subscriptionId));
    expect((await overview(t, user)).subscriptions[0]).toMatchObject({ status: 'active', endsAt: null });
  });

  it('falls back to free once a suspension is older than the grace period', async () => {
    const user = await signedInUser(t);
    const { subscriptionId, events } = buy(paypal, user, 'mega');
    await deliver(events);
    await deliver(paypal.standin.suspend(subscriptionId, { at: past(8) }));
    const view = await overview(t, user);
    expect(view.plans).toEqual(['free']);
    expect(view.limits.redirectsPerMonth).toBe(1000);
  });

  it('keeps the plan to the end of the paid period when the buyer cancels at PayPal, then ends it when it expires', async () => {
    const user = await signedInUser(t);
    const periodEnd = future(20);
    const { subscriptionId, events } = buy(paypal, user, 'hostnames', { nextBillingTime: periodEnd });
    await deliver(events);
    await deliver(paypal.standin.cancelByBuyer(subscriptionId));
    let view = await overview(t, user);
    expect(view.subscriptions[0]).toMatchObject({
      status: 'cancelled',
      endsAt: new Date(periodEnd).toISOString(),
    });
    expect(view.limits.hostnames).toBe(10);

    await deliver(paypal.standin.expire(subscriptionId));
    view = await overview(t, user);
    expect(view.subscriptions).toEqual([]);
    expect(view.plans).toEqual(['free']);
    expect(view.limits.hostnames).toBe(0);
  });

  it('changes nothing for a replayed event', async () => {
    const user = await signedInUser(t);
    const { subscriptionId, events } = buy(paypal, user, 'basic');
    await deliver(events);
    // PayPal cancels, but the event that says so is lost; an old event is sent again.
    paypal.standin.cancelByBuyer(subscriptionId);
    const replay = await paypal.standin.deliver(events[0]!);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });
    expect(await statusOf(user)).toEqual(['active']);
  });

  it('refuses forged webhooks with a 400 and changes nothing; the genuine one still counts afterwards', async () => {
    const user = await signedInUser(t);
    const { subscriptionId, events } = buy(paypal, user, 'pro', { nextBillingTime: past(1) });
    await deliver(events);
    const [cancelled] = paypal.standin.cancelByBuyer(subscriptionId);
    for (const forge of ['signature', 'body', 'webhook-id'] as const) {
      const delivery = await paypal.standin.deliver(cancelled!, { forge });
      expect(delivery.status, forge).toBe(400);
      expect(JSON.parse(delivery.body)).toMatchObject({ code: 'bad_request' });
    }
    expect((await overview(t, user)).plans).toContain('pro');
    await deliver([cancelled!]);
    expect((await overview(t, user)).plans).toEqual(['free']);
  });

  it('ends in the state PayPal has now, whatever order the events arrive in', async () => {
    const user = await signedInUser(t);
    const { subscriptionId, events } = buy(paypal, user, 'pro', { nextBillingTime: past(1) });
    const cancelled = paypal.standin.cancelByBuyer(subscriptionId);
    // CANCELLED first, then the older ACTIVATED and PAYMENT.SALE.COMPLETED.
    await deliver([...cancelled, ...events]);
    const view = await overview(t, user);
    expect(view.plans).toEqual(['free']);
    expect(view.subscriptions).toEqual([]);
  });

  it('binds nothing for a plan we do not sell or an account we do not have', async () => {
    const user = await signedInUser(t);
    const foreignPlan = paypal.standin.createSubscription({
      plan_id: 'P-NOTOURS',
      custom_id: user.workspaceId,
    });
    await deliver(paypal.standin.approve(foreignPlan.id));
    const noAccount = paypal.standin.createSubscription({ plan_id: 'P-PRO', custom_id: 'acct_nobody' });
    await deliver(paypal.standin.approve(noAccount.id));
    expect((await overview(t, user)).plans).toEqual(['free']);
    expect(await confirm(t, user, noAccount.id).then((r) => r.statusCode)).toBe(409);
  });

  it('names the missing PayPal header', async () => {
    const response = await fetch(`${t.base}/api/v1/billing/paypal/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'WH-1', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: {} }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { path: string }[] };
    expect(body.errors.map((e) => e.path)).toContain('/headers/paypal-transmission-id');
  });
});
