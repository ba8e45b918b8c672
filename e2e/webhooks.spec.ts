import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { freePort } from '../scripts/lib/ports.mjs';
import { type ServerProcess, startServerProcess } from '../scripts/lib/server-process.mjs';
import { axeViolations } from './axe.js';
import { test as base, expect, signUp, uniqueEmail } from './fixtures.js';
import { idTokenOf } from './paypal.js';

/**
 * Webhooks end to end: the site against a real server that delivers to a real receiver (node:http
 * in this test, on 127.0.0.1). The run's server keeps the SSRF guard closed to loopback, so this spec
 * runs its own, with SSRF_ALLOW=127.0.0.1 and a retry schedule compressed to two quick retries
 * (WEBHOOK_RETRY_SCHEDULE), sharing the run's Auth emulator and site build.
 */
let server: ServerProcess | undefined;
let origin = '';
let dataDir = '';

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(origin);
  },
});

/** What the receiver answers next: 204, a 500 (retried), or a 410 (the endpoint is turned off). */
type ReceiverMode = 'ok' | 'fail' | 'gone';

interface Received {
  id: string;
  timestamp: string;
  signatures: string[];
  body: string;
  type: string;
}

/** A webhook receiver: records every POST with its Standard Webhooks headers, answers by its mode. */
async function startReceiver() {
  const received: Received[] = [];
  let mode: ReceiverMode = 'ok';
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signatures: String(request.headers['webhook-signature'] ?? '').split(' '),
        body,
        type: (JSON.parse(body) as { type: string }).type,
      });
      const status = mode === 'ok' ? 204 : mode === 'fail' ? 500 : 410;
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(mode === 'fail' ? 'receiver down' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/rq`,
    received,
    setMode: (next: ReceiverMode) => {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-e2e-webhooks-'));
  server = await startServerProcess({
    port,
    // Within the hook's 45 s, so a server that is slow to start is stopped, not left behind.
    timeoutMs: 30_000,
    name: 'the webhooks server',
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
      GA_MEASUREMENT_ID: '',
      LOG_LEVEL: 'warn',
      // The receiver listens on loopback, which the SSRF guard refuses unless allowed.
      SSRF_ALLOW: '127.0.0.1',
      // A failing delivery is retried twice, 300 ms apart, then failed: the log settles in seconds.
      WEBHOOK_RETRY_SCHEDULE: '300,300',
      WEBHOOK_POLL_MS: '100',
    },
  });
});

test.afterAll(async () => {
  await server?.stop('SIGTERM', 10_000);
  await receiver?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Whether `signature` (`v1,<base64>`) is the Standard Webhooks signature of the delivery under
 * `secret` (`whsec_<base64 key>`): HMAC-SHA256 of `id.timestamp.body`, as API.md specifies.
 */
function signedWith(secret: string, delivery: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`)
    .digest('base64');
  return delivery.signatures.includes(`v1,${expected}`);
}

/** Calls this spec's server as `email`, as a script would; answers the JSON body. */
async function apiAs<T>(email: string, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api/v1${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${await idTokenOf(email)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${pathname}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** The log's newest delivery of the test event (the log lists newest first). */
function newestTestDelivery(card: Locator): Locator {
  return card.getByTestId('delivery').filter({ hasText: 'webhook.test' }).first();
}

test('an admin adds an endpoint, sees its secret once, sends a test event that arrives signed, retries a failed delivery from the log and rotates the secret', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, uniqueEmail('webhooks'));
  const start = receiver.received.length;

  // The account menu leads to the page.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.locator('.dropdown__menu').getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No endpoints yet. Add one above.')).toBeVisible();

  // The form: URL, description, and events picked by group ("all QR codes events" ticks the group).
  const form = page.getByRole('form', { name: 'Add an endpoint' });
  await form.getByLabel('Endpoint URL').fill(receiver.url);
  await form.getByLabel('Description (optional)').fill('E2E receiver');
  const codes = form.getByRole('group', { name: 'QR codes' });
  await expect(codes.getByRole('checkbox', { name: 'qrcode.created' })).toBeChecked();
  // Only some of the group is chosen: its "all" box is mixed; ticking it takes the whole group.
  const allCodes = codes.getByRole('checkbox', { name: 'All QR codes events' });
  expect(await allCodes.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
  await allCodes.focus();
  await page.keyboard.press('Space');
  await expect(codes.getByRole('checkbox', { name: 'qrcode.deleted' })).toBeChecked();
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  // The secret, once, with a copy button and the warning.
  const reveal = page.getByTestId('webhook-secret');
  await expect(reveal).toContainText("you won't see it again");
  const secret = (await page.getByTestId('webhook-secret-value').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  await reveal.getByRole('button', { name: /Copy/ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const card = page.getByTestId('webhook').filter({ hasText: receiver.url });
  await expect(card).toContainText('E2E receiver');
  await expect(card).toContainText('Enabled');
  await expect(card).toContainText('qrcode.deleted');
  await expect(card).toContainText('scan.created');

  // After a reload the secret is nowhere on the page.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // A test event: the log opens and shows it delivered; the receiver got it, signed with the secret.
  await card.getByRole('button', { name: 'Send test event' }).click();
  await expect(card.getByRole('status').first()).toContainText('Test event sent');
  const delivered = newestTestDelivery(card);
  await expect(delivered.getByTestId('delivery-status')).toContainText('Delivered');
  await expect(delivered.getByTestId('delivery-status')).toContainText('HTTP 204');
  await expect.poll(() => receiver.received.length).toBe(start + 1);
  const first = receiver.received.at(-1) as Received;
  expect(first.type).toBe('webhook.test');
  expect(signedWith(secret, first)).toBe(true);
  await expect(delivered).toContainText(first.id);

  // Its attempt, with what was sent.
  await delivered.getByRole('button', { name: /^Attempts/ }).click();
  const attempt = card.getByTestId('delivery-attempt').first();
  await expect(attempt).toContainText('Attempt 1: HTTP 204');
  await attempt.getByText('Request', { exact: true }).click();
  await expect(attempt).toContainText('webhook-signature');

  // The page with its log open passes axe, at desktop and at phone width, where it fits the screen
  // (each delivery is a card there).
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The receiver fails: the next test event is tried three times (two quick retries) and failed.
  receiver.setMode('fail');
  await card.getByRole('button', { name: 'Send test event' }).click();
  const failing = newestTestDelivery(card);
  await expect(failing).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(failing.getByTestId('delivery-status')).toContainText('HTTP 500');
  await expect(failing.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  const failedId = receiver.received.at(-1)?.id ?? '';
  expect(receiver.received.filter((delivery) => delivery.id === failedId)).toHaveLength(3);

  // The filter finds it by status.
  await card.getByLabel('Status').selectOption('failed');
  await card.getByRole('button', { name: 'Filter' }).click();
  await expect(card.getByTestId('delivery')).toHaveCount(1);
  await expect(card.getByTestId('delivery')).toContainText(failedId);

  // The receiver is back; Retry from the log delivers it, with the same webhook-id.
  receiver.setMode('ok');
  await card
    .getByTestId('delivery')
    .getByRole('button', { name: /^Retry/ })
    .click();
  await card.getByLabel('Status').selectOption('');
  await card.getByRole('button', { name: 'Filter' }).click();
  const retried = card.getByTestId('delivery').filter({ hasText: failedId });
  await expect(retried).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 });
  await expect(retried.getByRole('cell', { name: '4', exact: true })).toBeVisible();
  const sameEvent = receiver.received.filter((delivery) => delivery.id === failedId);
  expect(sameEvent).toHaveLength(4);
  expect(signedWith(secret, sameEvent.at(-1) as Received)).toBe(true);

  // Rotating asks first and explains the overlap; the new secret is shown once, and for 24 hours
  // each delivery carries both signatures.
  await card.getByRole('button', { name: 'Rotate secret' }).click();
  const question = card.getByRole('alertdialog', { name: /Rotate the secret/ });
  await expect(question).toContainText('24 hours');
  // The safe answer has the focus: Enter would cancel.
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await question.getByRole('button', { name: 'Yes, rotate' }).click();
  const rotated = card.getByTestId('webhook-secret');
  await expect(rotated).toContainText("you won't see it again");
  // The keyboard lands on the new secret, not back at the page's top.
  await expect(rotated.getByRole('heading', { name: 'New signing secret' })).toBeFocused();
  await expect(rotated).toContainText('24 hours');
  const newSecret = (await rotated.getByTestId('webhook-secret-value').textContent())?.trim() ?? '';
  expect(newSecret).toMatch(/^whsec_/);
  expect(newSecret).not.toBe(secret);
  await expect(card.getByTestId('webhook-overlap')).toBeVisible();
  // The secret panel, the badges and the log pass axe in the dark theme too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Past the theme's colour transitions: axe reads the colours shown.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  const before = receiver.received.length;
  await card.getByRole('button', { name: 'Send test event' }).click();
  await expect.poll(() => receiver.received.length).toBe(before + 1);
  const afterRotation = receiver.received.at(-1) as Received;
  expect(afterRotation.signatures).toHaveLength(2);
  expect(signedWith(newSecret, afterRotation)).toBe(true);
  expect(signedWith(secret, afterRotation)).toBe(true);
});

test('an endpoint the receiver calls gone is turned off: admins see a banner on every page that leads to it; enabling it clears the banner; delete asks first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('webhooks-gone'));
  await page.goto('/webhooks');
  const form = page.getByRole('form', { name: 'Add an endpoint' });
  await form.getByLabel('Endpoint URL').fill(receiver.url);
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByTestId('webhook-secret')).toBeVisible();
  const card = page.getByTestId('webhook').filter({ hasText: receiver.url });

  // A 410 turns the endpoint off at once, with a reason.
  receiver.setMode('gone');
  await card.getByRole('button', { name: 'Send test event' }).click();
  await expect(newestTestDelivery(card).getByTestId('delivery-status')).toContainText('HTTP 410', {
    timeout: 20_000,
  });
  receiver.setMode('ok');

  // Any page shows the banner; its link leads to the endpoint, which says why it is off.
  await page.goto('/codes');
  const banner = page.getByTestId('webhooks-banner');
  await expect(banner).toContainText(receiver.url);
  expect(await axeViolations(page)).toEqual([]);
  await banner.getByRole('link', { name: /Review the endpoint/ }).click();
  await expect(page).toHaveURL(/\/webhooks#wh_/);
  await expect(card).toBeFocused();
  await expect(card.getByTestId('webhook-disabled-reason')).toBeVisible();
  await expect(card).toContainText('Disabled automatically');

  // While it is off, a test event cannot be sent, and the card says why.
  const sendTest = card.getByRole('button', { name: 'Send test event' });
  await expect(sendTest).toBeDisabled();
  await expect(sendTest).toHaveAccessibleDescription('Enable the endpoint to send one.');

  // Enabling it again clears the banner; the test event goes through again.
  await card.getByRole('button', { name: 'Enable' }).click();
  await expect(card).toContainText('Enabled');
  await expect(page.getByTestId('webhooks-banner')).toHaveCount(0);
  await sendTest.click();
  await expect(newestTestDelivery(card)).toHaveAttribute('data-status', 'delivered');

  // Disabling by hand is no server's doing: no banner.
  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
  await page.goto('/codes');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('webhooks-banner')).toHaveCount(0);

  // Delete asks first; Cancel keeps it.
  await page.goto('/webhooks');
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(card.getByRole('alertdialog')).toContainText('Delete the endpoint');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: 'Delete' }).click();
  await card.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No endpoints yet. Add one above.')).toBeVisible();
});

test('the delivery log shows 20 deliveries a page, loads more, and filters by event type', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('webhooks-log');
  await signUp(page, email);
  receiver.setMode('ok');
  const endpoint = await apiAs<{ id: string }>(email, 'POST', '/webhooks', {
    url: receiver.url,
    events: ['qrcode.created'],
  });
  await apiAs(email, 'POST', '/qrcodes', { mode: 'redirect', target: 'https://example.com/log' });
  for (let i = 0; i < 20; i++) await apiAs(email, 'POST', `/webhooks/${endpoint.id}/test`);

  await page.goto('/webhooks');
  const card = page.getByTestId('webhook').filter({ hasText: receiver.url });
  await card.getByRole('button', { name: 'Show the delivery log' }).click();
  await expect(card.getByTestId('delivery')).toHaveCount(20);
  await card.getByRole('button', { name: 'Load more' }).click();
  await expect(card.getByTestId('delivery')).toHaveCount(21);
  await expect(card.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await card.getByLabel('Event type').selectOption('qrcode.created');
  await card.getByRole('button', { name: 'Filter' }).click();
  await expect(card.getByTestId('delivery')).toHaveCount(1);
  await expect(card.getByTestId('delivery')).toContainText('qrcode.created');
  await card.getByLabel('Event type').selectOption('webhook.test');
  await card.getByLabel('Status').selectOption('failed');
  await card.getByRole('button', { name: 'Filter' }).click();
  await expect(card.getByText('No deliveries match.')).toBeVisible();
});
