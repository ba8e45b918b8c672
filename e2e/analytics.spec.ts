import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/ports.mjs';
import { type ServerProcess, startServerProcess } from '../scripts/lib/server-process.mjs';
import { test as base, expect, signUp, uniqueEmail } from './fixtures.js';
import { idTokenOf } from './paypal.js';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** Public addresses the bundled DB-IP database places in Germany and in the United Kingdom. */
const GERMANY = '193.99.144.80';
const UNITED_KINGDOM = '81.2.69.142';

/**
 * The country of a scan comes from its address (GeoIP); the run's server sees only 127.0.0.1.
 * So this spec runs its own server behind a "proxy" (TRUST_PROXY=true): X-Forwarded-For gives the
 * scanner's address, as Caddy or nginx would. It shares the run's Auth emulator and site build.
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

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-e2e-analytics-'));
  server = await startServerProcess({
    port,
    // Within the hook's 45 s, so a server that is slow to start is stopped, not left behind.
    timeoutMs: 30_000,
    name: 'the analytics server',
    env: {
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      TRUST_PROXY: 'true',
      FIREBASE_PROJECT_ID: '',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.RQ_E2E_AUTH_EMULATOR_HOST_IN_USE,
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      PAYPAL_WEBHOOK_ID: '',
      DEFAULT_PLAN: '',
      HOSTNAMES_LIMIT: '',
      GA_MEASUREMENT_ID: '',
      LOG_LEVEL: 'warn',
    },
  });
});

test.afterAll(async () => {
  await server?.stop('SIGTERM', 10_000);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A phone's camera app opening the short URL from `address`: one GET, the redirect not followed. */
async function scan(slug: string, address: string, userAgent: string): Promise<void> {
  const response = await fetch(`${origin}/r/${slug}`, {
    redirect: 'manual',
    headers: { 'user-agent': userAgent, 'x-forwarded-for': address, 'accept-language': 'de-DE,de;q=0.9' },
  });
  expect(response.status).toBe(302);
}

/** One CSV line's fields (the export quotes fields with commas or quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (const match of line.matchAll(pattern)) {
    const raw = match[1] ?? '';
    fields.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
    if (match[2] === '') break;
  }
  return fields;
}

test('a new account sees how to get a first scan, the scans arrive live, a country filters the view and the CSV holds its scans', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('analytics');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const slug = `menu-${Date.now().toString(36)}`;
  const created = await fetch(`${origin}/api/v1/qrcodes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      mode: 'redirect',
      target: 'https://example.com/menu',
      slug,
      title: 'Spring menu',
    }),
  });
  expect(created.status).toBe(201);

  await page.goto('/analytics');
  const empty = page.getByTestId('analytics-empty');
  await expect(empty).toContainText('No scans yet');
  await expect(empty.getByRole('link', { name: 'Redirection analytics' })).toHaveAttribute(
    'href',
    '/docs/analytics/redirection-analytics',
  );
  await expect(empty.getByRole('link', { name: 'your codes' })).toHaveAttribute('href', '/codes');

  // The live counter is fed by the stream: each scan shows without reloading the page.
  const live = page.getByTestId('live-counter');
  await expect(live).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('live-count')).toHaveText('0');
  await scan(slug, GERMANY, IPHONE_UA);
  await expect(page.getByTestId('live-count')).toHaveText('1');
  await expect(live).toContainText('Spring menu');
  await expect(live).toContainText('Germany');
  await scan(slug, GERMANY, ANDROID_UA);
  await scan(slug, UNITED_KINGDOM, DESKTOP_UA);
  await expect(page.getByTestId('live-count')).toHaveText('3');

  // The dashboard replaces the empty state and reads the new numbers by itself.
  await expect(empty).toHaveCount(0);
  // (the first read again is 1.5 s after the first live scan; a later one at most a minute after the last)
  await expect(page.getByTestId('stat-scans')).toContainText(/^Scans3\b/, { timeout: 75_000 });
  const countries = page.getByTestId('breakdown-country');
  await expect(countries.getByRole('row')).toHaveCount(3);
  await expect(countries.getByRole('row', { name: /Germany/ })).toContainText('2');
  await expect(countries.getByRole('row', { name: /United Kingdom/ })).toContainText('1');
  await expect(page.getByTestId('breakdown-qrcode')).toContainText(`Spring menu (${slug})`);

  // A country filters every part of the page; the chip says so and the address keeps it.
  await countries.getByRole('button', { name: 'Germany' }).click();
  await expect(page).toHaveURL(/[?&]country=DE\b/);
  const chip = page.getByRole('button', { name: 'Remove filter Country: Germany' });
  await expect(chip).toBeVisible();
  await expect(page.getByTestId('stat-scans')).toContainText(/^Scans2\b/);
  await expect(countries.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('breakdown-device')).not.toContainText('desktop');
  await expect(page.getByTestId('breakdown-device')).toContainText('mobile');

  // The CSV is what is shown: the German scans only, one line each, no address.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download scans (CSV)' }).click();
  const download = await downloaded;
  // Named for what it holds and when: the account's scans over the range shown.
  expect(download.suggestedFilename()).toMatch(/^scans-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const columns = csvFields(header ?? '');
  const country = columns.indexOf('country');
  const device = columns.indexOf('device');
  expect(country).toBeGreaterThan(-1);
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    const fields = csvFields(row);
    expect(fields[country]).toBe('DE');
    expect(fields[device]).toBe('mobile');
  }
  expect(text).not.toContain(GERMANY);

  // The chip goes by keyboard and all scans return.
  await chip.focus();
  await page.keyboard.press('Enter');
  await expect(chip).toHaveCount(0);
  await expect(page).not.toHaveURL(/country=/);
  await expect(page.getByTestId('stat-scans')).toContainText(/^Scans3\b/);

  // A zone other than the browser's is named in the address (UTC here) and the numbers follow it.
  // (A free account has 60 API calls a minute and a view costs 10: this spec stays under that.)
  await page.getByLabel('Time zone').selectOption('Asia/Kolkata');
  await expect(page).toHaveURL(/tz=Asia%2FKolkata/);
  await expect(page.getByText('(Asia/Kolkata)')).toBeVisible();
  await expect(page.getByTestId('stat-scans')).toContainText(/^Scans3\b/);

  // 390 px: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId('breakdown-country')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
