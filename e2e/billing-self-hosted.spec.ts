import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/ports.mjs';
import { type ServerProcess, startServerProcess } from '../scripts/lib/server-process.mjs';
import { expect, PASSWORD, test, uniqueEmail } from './fixtures.js';

/**
 * A second server, as a self-hoster runs it: no PayPal settings and no DEFAULT_PLAN, sharing the
 * run's Firebase Auth emulator and site build. It sells nothing and limits nothing.
 */
let server: ServerProcess | undefined;
let origin = '';
let dataDir = '';

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-e2e-selfhosted-'));
  server = await startServerProcess({
    port,
    // Within the hook's 45 s, so a server that is slow to start is stopped, not left behind.
    timeoutMs: 30_000,
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
      HOSTNAMES_LIMIT: '',
      LOG_LEVEL: 'warn',
    },
  });
});

test.afterAll(async () => {
  await server?.stop('SIGTERM', 10_000);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('without PayPal, the pricing pages say how the operator grants plans, and Subscriptions shows no limits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${origin}/increase-redirects-limit`);
  const notice = page.getByTestId('operator-grants');
  await expect(notice).toContainText('This server does not sell plans online.');
  await expect(notice.locator('code').filter({ hasText: 'npm run plans -- grant' })).toContainText(
    'npm run plans -- grant <email|uid|account id> basic [--until YYYY-MM-DD]',
  );
  await expect(notice).toContainText('basic, pro, ultra, mega');
  // No broken buttons, no sign-in to buy what is not sold.
  await expect(page.getByRole('button', { name: /PayPal/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to subscribe' })).toHaveCount(0);
  // The prices are still there to read.
  await expect(page.getByTestId('plan-prices')).toContainText('$5.00 a month');

  await page.goto(`${origin}/increase-limit`);
  await expect(page.getByTestId('operator-grants')).toContainText(
    'npm run plans -- grant <email|uid|account id> hostnames [--until YYYY-MM-DD]',
  );

  // Signed in: still no buttons, and Subscriptions says there are no limits.
  await page.goto(`${origin}/login?next=%2Fsubscriptions`);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill('Self-hoster');
  await page.getByLabel('Email').fill(uniqueEmail('self-hosted'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form[aria-label="Create account"] button[type=submit]').click();
  await expect(page).toHaveURL(`${origin}/subscriptions`);
  await expect(page.getByTestId('base-plan')).toHaveText(
    'This server sets no limits: redirects and custom hostnames are unlimited.',
  );
  await expect(page.getByTestId('usage-redirects-words')).toHaveText('0 redirects, no limit');
  await expect(page.getByRole('meter')).toHaveCount(0);
  await page.goto(`${origin}/increase-redirects-limit`);
  await expect(page.getByTestId('operator-grants')).toBeVisible();
  await expect(page.getByRole('button', { name: /PayPal/ })).toHaveCount(0);
});
