import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../scripts/lib/ports.mjs';
import { type ServerProcess, startServerProcess } from '../scripts/lib/server-process.mjs';
import { axeViolations } from './axe.js';
import { expect, PASSWORD, test, uniqueEmail } from './fixtures.js';

/**
 * A second server, as a self-hoster runs it: no PayPal settings and no DEFAULT_PLAN, one custom
 * hostname per account (HOSTNAMES_LIMIT), no EDGE_HOSTNAME and a numeric PUBLIC_URL, sharing the
 * run's Firebase Auth emulator and site build. It sells nothing and limits only hostnames.
 */
let server: ServerProcess | undefined;
let origin = '';
let dataDir = '';

test.beforeAll(async () => {
  // A start beside two browsers and the suite's own server can take a while on 2 busy cores.
  test.setTimeout(100_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-e2e-selfhosted-'));
  server = await startServerProcess({
    port,
    // Within the hook's 100 s, so a server that is slow to start is stopped, not left behind.
    timeoutMs: 90_000,
    name: 'the self-hosted server',
    env: {
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      FIREBASE_PROJECT_ID: '',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.RQ_E2E_AUTH_EMULATOR_HOST_IN_USE,
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      PAYPAL_WEBHOOK_ID: '',
      DEFAULT_PLAN: '',
      HOSTNAMES_LIMIT: '1',
      EDGE_HOSTNAME: '',
      OPERATOR_NAME: 'Example Codes Ltd',
      OPERATOR_EMAIL: 'help@codes.example',
      OPERATOR_SECURITY_EMAIL: '',
      OPERATOR_PRIVACY_EMAIL: '',
      LOG_LEVEL: 'warn',
    },
  });
});

test.afterAll(async () => {
  await server?.stop('SIGTERM', 10_000);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function createAccount(page: Page, next: string) {
  await page.goto(`${origin}/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill('Self-hoster');
  await page.getByLabel('Email').fill(uniqueEmail('self-hosted'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form[aria-label="Create account"] button[type=submit]').click();
  await expect(page).toHaveURL(`${origin}${next}`);
}

test('without PayPal, the pricing pages, login, terms and Subscriptions tell one story: no plans sold, no redirect limit, one hostname', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${origin}/increase-redirects-limit`);
  await expect(page.getByTestId('server-limits')).toHaveText(
    'This server sets no limit on redirects: every account may use rules, exec URLs and analytics without a plan.',
  );
  const notice = page.getByTestId('operator-grants');
  await expect(notice).toContainText('This server does not sell plans online.');
  await expect(notice.locator('code').filter({ hasText: 'npm run plans -- grant' })).toContainText(
    'npm run plans -- grant <email|uid|account id> basic [--until YYYY-MM-DD]',
  );
  await expect(notice).toContainText('basic, pro, ultra, mega');
  // No broken buttons, no sign-in to buy what is not sold, no prices, no free plan with limits.
  await expect(page.getByRole('button', { name: /PayPal/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to subscribe' })).toHaveCount(0);
  await expect(page.getByTestId('plan-prices')).toContainText('10,000 redirects a month');
  await expect(page.getByTestId('plan-prices')).not.toContainText('$');
  await expect(page.getByTestId('plan-prices')).not.toContainText('Free');
  await expect(page.getByText('You pay monthly through PayPal')).toHaveCount(0);

  await page.goto(`${origin}/increase-limit`);
  await expect(page.getByTestId('server-limits')).toHaveText(
    'This server sells no plans. Each account may add 1 custom hostname; its operator can grant a plan for more.',
  );
  await expect(page.getByTestId('operator-grants')).toContainText(
    'npm run plans -- grant <email|uid|account id> hostnames [--until YYYY-MM-DD]',
  );
  await expect(page.getByText('The free plan includes no custom hostnames')).toHaveCount(0);

  await page.goto(`${origin}/terms-of-service`);
  await expect(page.getByTestId('plans-terms')).toContainText(
    'This server sells no plans and sets no limit on redirects; each account may add 1 custom hostname, unless its operator grants more.',
  );
  await expect(page.locator('main')).not.toContainText('PayPal');
  await expect(page.locator('main')).not.toContainText('1,000 redirects');

  await page.goto(`${origin}/`);
  await expect(page.getByTestId('account-includes')).toHaveText(
    'Creating an account is free, and this server sets no limit on redirects.',
  );
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveCount(0);

  // Signing up says the same, and Subscriptions offers no pages that sell nothing.
  await page.goto(`${origin}/login`);
  await expect(page.getByTestId('account-includes')).toHaveText(
    'Creating an account is free, and this server sets no limit on redirects.',
  );
  await createAccount(page, '/subscriptions');
  await expect(page.getByTestId('base-plan')).toHaveText(
    'This server sets no limit on redirects; each account may add 1 custom hostname.',
  );
  await expect(page.getByTestId('usage-redirects-words')).toHaveText('0 redirects, no limit');
  await expect(page.getByRole('link', { name: 'More redirects' })).toHaveCount(0);
  await expect(page.getByTestId('no-sales')).toContainText('This server sells no plans');
  await page.goto(`${origin}/increase-redirects-limit`);
  await expect(page.getByTestId('operator-grants')).toBeVisible();
  await expect(page.getByRole('button', { name: /PayPal/ })).toHaveCount(0);
});

test("the company pages name this server's operator and addresses, and the cookie policy the sticky cookie's real life", async ({
  page,
}) => {
  await page.goto(`${origin}/contact-us`);
  const main = page.locator('main');
  await expect(main).toContainText('This RQ Codes server is run by Example Codes Ltd.');
  await expect(page.getByTestId('operator-email-general').first()).toHaveAttribute(
    'href',
    'mailto:help@codes.example',
  );
  // Security and privacy fall back to the general address.
  await expect(page.getByTestId('operator-email-security')).toHaveText('help@codes.example');
  await expect(page.getByTestId('operator-email-privacy')).toHaveText('help@codes.example');
  await expect(main).not.toContainText('rq.codes');

  for (const path of ['/terms-of-service', '/privacy-policy', '/cookie-policy']) {
    await page.goto(`${origin}${path}`);
    await expect(page.locator('main')).not.toContainText('rq.codes');
    await expect(page.locator('main')).not.toContainText('2024');
  }
  await page.goto(`${origin}/terms-of-service`);
  await expect(page.locator('main')).toContainText('between you and Example Codes Ltd');
  await page.goto(`${origin}/cookie-policy`);
  await expect(page.locator('main')).toContainText('lasts a year (365 days)');
  await expect(page.locator('main')).not.toContainText('30 days');
  await expect(page.locator('footer')).toContainText(`Copyright © ${new Date().getUTCFullYear()}`);
});

test("the landing page's code encodes this instance's short URL", async ({ page }) => {
  await page.goto(`${origin}/`);
  const qr = page.getByTestId('landing-qr');
  await expect(qr).toHaveAttribute('data-qr-data', `${origin}/r/spring-menu`);
  await expect(page.locator('figcaption code')).toHaveText(`${origin.replace('http://', '')}/r/spring-menu`);
  const file = path.join(dataDir, 'landing-qr.png');
  await qr.screenshot({ path: file });
  expect(execFileSync('zbarimg', ['--quiet', '--raw', file]).toString('utf8').trim()).toBe(
    `${origin}/r/spring-menu`,
  );
});

test('/hosts on a server without EDGE_HOSTNAME says it is not set up for custom hostnames, and what to set', async ({
  page,
}) => {
  await createAccount(page, '/hosts');
  const notice = page.getByTestId('hostnames-not-set-up');
  await expect(notice).toContainText('This server is not set up for custom hostnames.');
  await expect(notice).toContainText('EDGE_HOSTNAME');
  await expect(page.getByRole('button', { name: 'Add hostname' })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('localhost');
});

test('on the Auth emulator, the login page offers no Google sign-in that cannot work, and says why', async ({
  page,
}) => {
  await page.goto(`${origin}/login`);
  await expect(page.getByTestId('emulator-sign-in')).toContainText(
    'Google sign-in needs a Firebase project (the operator sets FIREBASE_PROJECT_ID).',
  );
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});

test('the pricing pages pass axe at desktop and phone width, in light and dark; their commands scroll by keyboard', async ({
  page,
}) => {
  // Eight pages, each audited by axe.
  test.setTimeout(180_000);
  for (const [width, scheme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [390, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    for (const route of ['/increase-limit', '/increase-redirects-limit']) {
      await page.goto(`${origin}${route}`);
      await expect(page.getByTestId('operator-grants')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await page.evaluate(() => document.fonts.ready);
      const label = `${route} at ${width} px, ${scheme}`;
      expect.soft(await axeViolations(page, { label, all: true }), label).toEqual([]);
    }
  }
  // On a phone the grant command is longer than its box: Tab reaches the box, the arrows scroll it.
  const commands = page.getByTestId('operator-grants').locator('pre');
  expect(await commands.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await page.getByTestId('operator-grants').getByText('Operators grant, list and revoke plans').click();
  await page.keyboard.press('Tab');
  await expect(commands).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => commands.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
});

test("a self-hosted server's pages and sitemap name its own address, not the one the site was built for", async ({
  page,
  request,
}) => {
  const canonical = page.locator('link[rel="canonical"]');
  const ogUrl = page.locator('meta[property="og:url"]');
  await page.goto(`${origin}/docs/intro`);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(canonical).toHaveAttribute('href', `${origin}/docs/intro`);
  await expect(ogUrl).toHaveAttribute('content', `${origin}/docs/intro`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${origin}/docs/intro`,
  );
  // The site draws the next page's head itself: it keeps the address too.
  await page.locator('.navbar').getByRole('link', { name: 'Tutorials', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/tutorials/first-QR-code`);
  await expect(canonical).toHaveAttribute('href', `${origin}/tutorials/first-QR-code`);
  await expect(ogUrl).toHaveAttribute('content', `${origin}/tutorials/first-QR-code`);

  const sitemap = await (await request.get(`${origin}/sitemap.xml`)).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');
  expect(locations).toContain(`${origin}/docs/intro`);
  expect(locations.filter((location) => !location.startsWith(`${origin}/`))).toEqual([]);
  const html = await (await request.get(`${origin}/`)).text();
  expect(html).not.toMatch(/(canonical|og:url)[^>]*rq\.codes/);
});
