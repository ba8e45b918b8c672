import type { Locator, Page } from '@playwright/test';
import { E2E_DNS_DOMAIN, E2E_EDGE_HOSTNAME, publishDnsRecords } from './dns.js';
import { expect, signUp, test, uniqueEmail } from './fixtures.js';
import { callApi as api, idTokenOf, subscribeThroughPayPal } from './paypal.js';

/** A fresh name under the test-only domain the harness's dnsmasq answers for alone. */
function uniqueHostname(label: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${Date.now().toString(36)}-${random}.${E2E_DNS_DOMAIN}`;
}

function hostnameCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

async function addHostname(page: Page, name: string): Promise<Locator> {
  await page.getByLabel('Hostname', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add hostname' }).click();
  const card = hostnameCard(page, name);
  await expect(card).toBeVisible();
  return card;
}

async function checkNow(card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(card.getByRole('button', { name: 'Check now' })).toBeEnabled();
}

test('a hostname is added, verified against real DNS, given a root redirect and deleted', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('hosts');
  await signUp(page, email);
  // The server bills through the PayPal stand-in: custom hostnames come with their plan.
  await subscribeThroughPayPal(email, 'hostnames');
  await page.goto('/hosts');

  // The empty state says what a custom hostname is and where to read more.
  const empty = page.getByTestId('hostnames-empty');
  await expect(empty).toContainText('A custom hostname is a name of your own domain');
  await expect(empty.getByRole('link', { name: 'Redirection hostnames' })).toHaveAttribute(
    'href',
    '/docs/hostnames/redirection-hostnames',
  );

  const name = uniqueHostname('menu');
  const card = await addHostname(page, name);
  await expect(empty).toBeHidden();
  await expect(card.getByTestId('hostname-status')).toHaveText('Pending');
  await expect(card.getByTestId('hostname-codes')).toHaveText('No codes yet');

  // The two records to publish, each part with a copy button.
  const txt = card.getByTestId('dns-record-TXT');
  const cname = card.getByTestId('dns-record-CNAME');
  await expect(txt.locator('code').first()).toHaveText(`_rq-challenge.${name}`);
  await expect(txt.locator('code').nth(1)).toHaveText(/^rq-verify=\S+$/);
  await expect(cname.locator('code').first()).toHaveText(name);
  await expect(cname.locator('code').nth(1)).toHaveText(E2E_EDGE_HOSTNAME);
  const token = (await txt.locator('code').nth(1).textContent()) ?? '';

  await txt.getByRole('button', { name: 'Copy TXT value' }).click();
  await expect(txt.getByRole('button', { name: 'Copied TXT value' })).toBeVisible();
  await expect(txt.getByRole('status').filter({ hasText: 'Copied the TXT value.' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const failure = card.getByTestId('hostname-failure');
  const txtRecord = (value: string) => `--txt-record=_rq-challenge.${name},${value}`;
  const routed = `--cname=${name},${E2E_EDGE_HOSTNAME}`;

  // A wrong TXT value: the failure says so, with what DNS holds and what it should hold.
  await publishDnsRecords([txtRecord('rq-verify=not-the-token'), routed]);
  await checkNow(card);
  await expect(failure).toContainText(
    `Last check: The TXT record at _rq-challenge.${name} does not hold the expected value.`,
  );
  await expect(failure.getByRole('definition').first()).toHaveText('rq-verify=not-the-token');
  await expect(failure.getByRole('definition').nth(1)).toHaveText(token);
  await expect(card.getByTestId('hostname-status')).toHaveText('Failed');

  // No TXT record at all: the failure names the missing record.
  await publishDnsRecords([routed]);
  await checkNow(card);
  await expect(failure).toContainText(`Last check: No TXT record at _rq-challenge.${name}.`);
  await expect(failure).not.toContainText('not-the-token');
  await expect(card.getByTestId('hostname-status')).toHaveText('Pending');

  // The right TXT value and the CNAME to the edge: verified, and the failure is gone.
  await publishDnsRecords([txtRecord(token), routed]);
  await checkNow(card);
  await expect(card.getByTestId('hostname-status')).toHaveText('Verified');
  await expect(failure).toBeHidden();

  // Redirects: a bad URL is refused next to its field; a good one is saved and survives a reload.
  await card.getByText('Root and not-found redirects').click();
  await card.getByLabel('Root redirect').fill('https://example.com/welcome');
  await card.getByLabel('Not-found redirect').fill('ftp://example.com/missing');
  await card.getByRole('button', { name: 'Save redirects' }).click();
  const notFoundField = card.getByLabel('Not-found redirect');
  await expect(notFoundField).toHaveAttribute('aria-invalid', 'true');
  await expect(notFoundField).toHaveAccessibleDescription(
    /^The not-found redirect must be an http\(s\) URL\./,
  );
  await expect(card.getByLabel('Root redirect')).toHaveAttribute('aria-invalid', 'false');

  await notFoundField.fill('');
  await card.getByRole('button', { name: 'Save redirects' }).click();
  await expect(card.getByText('Redirects saved.')).toBeVisible();

  await page.reload();
  const reloaded = hostnameCard(page, name);
  await expect(reloaded.getByTestId('hostname-status')).toHaveText('Verified');
  await reloaded.getByText('Root and not-found redirects').click();
  await expect(reloaded.getByLabel('Root redirect')).toHaveValue('https://example.com/welcome');
  await expect(reloaded.getByLabel('Not-found redirect')).toHaveValue('');

  // A code served on the name: the card counts it, and deleting is refused with the server's reason.
  const idToken = await idTokenOf(email);
  const code = await api<{ id: string; shortUrl: string }>(idToken, 'POST', '/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/menu',
    hostname: name,
  });
  expect(code.status).toBe(201);
  expect(code.body.shortUrl.startsWith(`https://${name}/`)).toBe(true);
  await page.reload();
  await expect(reloaded.getByTestId('hostname-codes')).toHaveText('1 code');
  const hostId = (await api<{ data: { id: string }[] }>(idToken, 'GET', '/hostnames')).body.data[0]?.id;
  const refused = await api<{ detail: string }>(idToken, 'DELETE', `/hostnames/${hostId}`);
  expect(refused.status).toBe(409);
  await reloaded.getByRole('button', { name: 'Delete hostname' }).click();
  await reloaded.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
  await expect(reloaded.getByRole('alert')).toHaveText(refused.body.detail);
  await expect(reloaded.getByTestId('hostname-status')).toHaveText('Verified');
  expect((await api(idToken, 'DELETE', `/qrcodes/${code.body.id}`)).status).toBe(204);
  await page.reload();
  await expect(reloaded.getByTestId('hostname-codes')).toHaveText('No codes yet');

  // Delete asks first; Cancel keeps the name, Yes deletes it.
  await reloaded.getByRole('button', { name: 'Delete hostname' }).click();
  const confirm = reloaded.getByRole('alertdialog', { name: `Delete ${name}` });
  await expect(confirm).toContainText(`Delete ${name}?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(reloaded.getByRole('button', { name: 'Delete hostname' })).toBeFocused();
  await reloaded.getByRole('button', { name: 'Delete hostname' }).click();
  await reloaded.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
  await expect(reloaded).toBeHidden();
  await expect(page.getByTestId('hostnames-empty')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('hostnames-empty')).toBeVisible();
  await expect(hostnameCard(page, name)).toHaveCount(0);
});

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('bad names and the plan limit are said next to the field; the page fits and works by keyboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The sign-up helper uses the desktop navbar's account menu.
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail('hosts-phone');
    await signUp(page, email);
    await page.setViewportSize({ width: 390, height: 844 });
    // The Custom Hostnames plan, bought through the PayPal stand-in, sets the limit.
    await subscribeThroughPayPal(email, 'hostnames');
    const overview = await api<{ limits: { hostnames: number } }>(
      await idTokenOf(email),
      'GET',
      '/subscriptions',
    );
    const limit = overview.body.limits.hostnames;
    expect(limit).toBe(10);
    await page.goto('/hosts');
    await expect(page.getByTestId('hostnames-empty')).toBeVisible();

    const field = page.getByLabel('Hostname', { exact: true });
    await field.fill('localhost');
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/^The hostname must not be localhost/);

    // Added by keyboard alone: type, Enter.
    const names = Array.from({ length: limit }, (_, i) =>
      uniqueHostname(`a-long-label-to-wrap-on-a-phone-screen-${i}`),
    );
    for (const name of names) {
      await field.fill(name);
      await field.press('Enter');
      await expect(hostnameCard(page, name)).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'false');
    }

    // One more than the plan allows: the 402's detail and the plan that lifts it.
    await field.fill(uniqueHostname('one-too-many'));
    await field.press('Enter');
    const refusal = page.getByRole('alert').filter({ hasText: `Your plans allow ${limit}` });
    await expect(refusal).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await expect(refusal.getByRole('link', { name: 'See the Custom Hostnames plan' })).toHaveAttribute(
      'href',
      '/increase-limit',
    );

    // A failed check of a long name, its records open: nothing is wider than the phone.
    const card = hostnameCard(page, names[0] ?? '');
    await checkNow(card);
    await expect(card.getByTestId('hostname-failure')).toContainText('Last check:');
    await card.getByText('Root and not-found redirects').click();
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    // Delete by keyboard: the question opens on its safe answer, Cancel.
    await card.getByRole('button', { name: 'Delete hostname' }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('alertdialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(card.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card).toHaveCount(0);
  });
});

test('a pasted URL adds its host, and an internationalised name shows in Unicode beside its punycode', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('hosts-idn');
  await signUp(page, email);
  await subscribeThroughPayPal(email, 'hostnames');
  await page.goto('/hosts');
  const unicode = `bücher-${Date.now().toString(36)}.${E2E_DNS_DOMAIN}`;
  const ascii = new URL(`http://${unicode}`).hostname; // the punycode DNS holds (xn--...)
  expect(ascii).toMatch(/^xn--/);
  await page.getByLabel('Hostname', { exact: true }).fill(`https://${unicode}/menu?table=1`);
  await page.getByRole('button', { name: 'Add hostname' }).click();
  const card = page.getByTestId('hostname-card').filter({ hasText: ascii });
  await expect(card.getByRole('heading', { level: 3 })).toContainText(unicode);
  await expect(card.getByTestId('hostname-punycode')).toHaveText(ascii);
  await expect(card.getByTestId('dns-record-CNAME').locator('code').first()).toHaveText(ascii);
});
