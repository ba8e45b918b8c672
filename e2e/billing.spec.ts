import type { Page } from '@playwright/test';
import { expect, PASSWORD, signUp, test, uniqueEmail } from './fixtures.js';
import { callApi, dayAsShown, E2E_PAYPAL, idTokenOf, paypalSubscription, standin } from './paypal.js';

interface Overview {
  subscriptions: {
    id: string;
    plan: string;
    status: string;
    providerSubscriptionId: string | null;
    currentPeriodEnd: string | null;
    endsAt: string | null;
  }[];
  limits: { hostnames: number | null; redirectsPerMonth: number | null };
}

async function overviewOf(email: string): Promise<Overview> {
  const answer = await callApi<Overview>(await idTokenOf(email), 'GET', '/subscriptions');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The stand-in's PayPal window: the buyer agrees (or goes back). */
function paypalWindow(page: Page) {
  return page.getByRole('dialog', { name: 'PayPal (stand-in)' });
}

test('a visitor signs in from the redirect pricing page, buys Pro with PayPal, sees it on Subscriptions and cancels it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/increase-redirects-limit');

  // What the plans grant and cost, and how the month is counted.
  const prices = page.getByTestId('plan-prices');
  await expect(prices.getByRole('row', { name: /Dynamic Scan Redirects: Pro/ })).toContainText(
    '100,000 redirects a month',
  );
  await expect(prices.getByRole('row', { name: /Dynamic Scan Redirects: Pro/ })).toContainText(
    '$19.00 a month',
  );
  await expect(prices.getByRole('row', { name: /^Free/ })).toContainText('1,000 redirects a month');
  const counted = page.getByTestId('how-counted');
  await expect(counted).toContainText('The month is the calendar month in UTC.');
  await expect(counted).toContainText('Bot scans do not count.');

  // Signed out: no buttons, a sign-in that comes back here.
  await expect(page.getByRole('button', { name: 'PayPal Subscribe' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in to subscribe' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fincrease-redirects-limit$/);
  const email = uniqueEmail('billing');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill('Buyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form[aria-label="Create account"] button[type=submit]').click();
  await expect(page).toHaveURL(/\/increase-redirects-limit$/);

  // Choose Pro; PayPal's button (the stand-in SDK, loaded through @paypal/react-paypal-js).
  await page.getByRole('radio', { name: /Dynamic Scan Redirects: Pro/ }).check();
  await expect(
    page.getByText('Dynamic Scan Redirects: Pro: 100,000 redirects a month for $19.00 a month'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
  const paypal = paypalWindow(page);
  await expect(paypal).toContainText(`Subscribe to plan ${E2E_PAYPAL.plans.pro}.`);
  await paypal.getByRole('button', { name: 'Agree & Subscribe' }).click();
  await expect(page.getByTestId('subscribed')).toContainText(
    'Subscribed to Dynamic Scan Redirects: Pro: the new limit applies now.',
  );

  // The API confirmed it with PayPal: our account is the custom_id, Pro's PayPal plan, ACTIVE.
  const me = await callApi<{ id: string }>(await idTokenOf(email), 'GET', '/me');
  const overview = await overviewOf(email);
  expect(overview.limits.redirectsPerMonth).toBe(100_000);
  const [subscription] = overview.subscriptions;
  const atPaypal = await paypalSubscription(subscription?.providerSubscriptionId ?? '');
  expect(atPaypal).toMatchObject({ status: 'ACTIVE', plan_id: E2E_PAYPAL.plans.pro, custom_id: me.body.id });

  // The plan is now held: not offered again; another one is.
  await expect(
    page.getByRole('radio', { name: /Dynamic Scan Redirects: Pro.*\(your plan\)/ }),
  ).toBeDisabled();
  // The next choice offered is the next larger plan, not a smaller one.
  await expect(page.getByRole('radio', { name: /Dynamic Scan Redirects: Ultra/ })).toBeChecked();
  await expect(
    page.getByText(/You hold Dynamic Scan Redirects: Pro\. A second redirects plan/),
  ).toBeVisible();

  // Subscriptions: the plan, its renewal date, usage against the new limit.
  await page.getByRole('link', { name: 'See your plans and usage' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  const card = page.getByRole('article', { name: 'Dynamic Scan Redirects: Pro' });
  await expect(card.getByTestId('subscription-status')).toHaveText('Active');
  const renews = dayAsShown(atPaypal.billing_info?.next_billing_time ?? '');
  await expect(card.getByTestId('subscription-when')).toHaveText(
    `Renews on ${renews}; PayPal bills it monthly.`,
  );
  await expect(page.getByTestId('usage-redirects-words')).toHaveText('0 of 100,000 redirects');
  await expect(page.getByTestId('usage-redirects')).toContainText('calendar month in UTC');
  await expect(page.getByRole('meter', { name: 'Redirects this month' })).toHaveAttribute('max', '100000');
  await expect(page.getByTestId('usage-hostnames-words')).toHaveText('0 of 0 custom hostnames');
  await expect(page.getByRole('main').getByRole('link', { name: 'More redirects' })).toHaveAttribute(
    'href',
    '/increase-redirects-limit',
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Custom hostnames', exact: true }),
  ).toHaveAttribute('href', '/increase-limit');
  await expect(page.getByTestId('over-limit-banner')).toHaveCount(0);

  // Cancel asks first; "Cancel" keeps it, and focus goes back to the button.
  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = card.getByRole('alertdialog', { name: 'Cancel Dynamic Scan Redirects: Pro' });
  await expect(confirm).toContainText(
    `The plan stays until ${renews}, then your account is back on the free plan.`,
  );
  await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toBeFocused();
  expect((await paypalSubscription(atPaypal.id)).status).toBe('ACTIVE');

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  await card.getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await expect(card.getByTestId('subscription-status')).toHaveText('Cancelled');
  await expect(card.getByTestId('subscription-when')).toHaveText(
    `Cancelled: the plan stays until ${renews}, then your account is back on the free plan.`,
  );
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  expect((await paypalSubscription(atPaypal.id)).status).toBe('CANCELLED');
  // Paid time is kept: the limit stays until the period ends.
  expect((await overviewOf(email)).limits.redirectsPerMonth).toBe(100_000);

  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Dynamic Scan Redirects: Pro' }).getByTestId('subscription-status'),
  ).toHaveText('Cancelled');
});

test('closing PayPal buys nothing; a failed payment shows on Subscriptions with the grace period', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('billing-fail');
  await signUp(page, email);
  await page.goto('/increase-redirects-limit');

  // The buyer goes back from PayPal: nothing is bought.
  await page.getByRole('radio', { name: /Dynamic Scan Redirects: Basic/ }).check();
  await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
  await paypalWindow(page).getByRole('button', { name: 'Cancel and return' }).click();
  await expect(paypalWindow(page)).toHaveCount(0);
  await expect(page.getByText('You closed PayPal before approving: nothing was bought.')).toBeVisible();
  expect((await overviewOf(email)).subscriptions).toEqual([]);

  // Now approved.
  await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
  await expect(paypalWindow(page)).toContainText(`Subscribe to plan ${E2E_PAYPAL.plans.basic}.`);
  await paypalWindow(page).getByRole('button', { name: 'Agree & Subscribe' }).click();
  await expect(page.getByTestId('subscribed')).toContainText('Subscribed to Dynamic Scan Redirects: Basic');
  const id = (await overviewOf(email)).subscriptions[0]?.providerSubscriptionId ?? '';

  // PayPal fails a payment, then suspends; its webhooks reach our server.
  await standin('POST', `/__standin/subscriptions/${id}/fail-payment`);
  await standin('POST', `/__standin/subscriptions/${id}/suspend`);
  await expect
    .poll(async () => (await overviewOf(email)).subscriptions[0]?.status, { timeout: 10_000 })
    .toBe('suspended');
  const endsAt = (await overviewOf(email)).subscriptions[0]?.endsAt ?? '';
  await page.goto('/subscriptions');
  const card = page.getByRole('article', { name: 'Dynamic Scan Redirects: Basic' });
  await expect(card.getByTestId('subscription-status')).toHaveText('Payment failed');
  await expect(card.getByTestId('subscription-when')).toContainText(
    `The plan stays until ${dayAsShown(endsAt)} while you update your payment method at PayPal.`,
  );
  await expect(page.getByTestId('usage-redirects-words')).toHaveText('0 of 10,000 redirects');

  // The payment goes through again: active, and it renews a month on.
  await standin('POST', `/__standin/subscriptions/${id}/renew`);
  await expect
    .poll(async () => (await overviewOf(email)).subscriptions[0]?.status, { timeout: 10_000 })
    .toBe('active');
  await page.reload();
  await expect(card.getByTestId('subscription-status')).toHaveText('Active');
  const next = (await paypalSubscription(id)).billing_info?.next_billing_time ?? '';
  await expect(card.getByTestId('subscription-when')).toHaveText(
    `Renews on ${dayAsShown(next)}; PayPal bills it monthly.`,
  );
});

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Custom Hostnames plan is bought by keyboard alone, and the page fits the phone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The sign-up helper uses the desktop navbar's account menu.
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail('billing-phone');
    await signUp(page, email);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/increase-limit');

    await expect(
      page.getByTestId('plan-prices').getByRole('row', { name: /Custom Hostnames/ }),
    ).toContainText('10 custom hostnames');
    await expect(page.getByTestId('plan-prices').getByRole('row', { name: /^Free/ })).toContainText(
      'No custom hostnames',
    );
    const buy = page.getByRole('button', { name: 'PayPal Subscribe' });
    await expect(buy).toBeVisible();
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    // Keyboard: focus the button, Enter; PayPal's window opens on its approve button.
    await buy.focus();
    await page.keyboard.press('Enter');
    const approve = paypalWindow(page).getByRole('button', { name: 'Agree & Subscribe' });
    await expect(approve).toBeFocused();
    await expect(paypalWindow(page)).toContainText(`Subscribe to plan ${E2E_PAYPAL.plans.hostnames}.`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('subscribed')).toContainText(
      'Subscribed to Custom Hostnames: the new limit applies now.',
    );
    // The only plan here is held now: no second purchase is offered.
    await expect(page.getByTestId('plan-held')).toContainText('You have this plan.');
    await expect(buy).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    // The limit moved: Subscriptions says 0 of 10, and a hostname can be added.
    await page.goto('/subscriptions');
    await expect(page.getByTestId('usage-hostnames-words')).toHaveText('0 of 10 custom hostnames');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const added = await callApi(await idTokenOf(email), 'POST', '/hostnames', {
      hostname: `shop-${Date.now()}.rq-e2e.test`,
    });
    expect(added.status).toBe(201);
    await page.reload();
    await expect(page.getByTestId('usage-hostnames-words')).toHaveText('1 of 10 custom hostnames');
  });
});
