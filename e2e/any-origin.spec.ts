import type { Page, Request } from '@playwright/test';
import { test as base, baseUrl, expect, signUp, uniqueEmail } from './fixtures.js';
import { callApi, idTokenOf } from './paypal.js';

/**
 * The site works at whatever address it is opened at: the run's server has PUBLIC_URL
 * http://127.0.0.1:PORT, and this spec opens the same server as http://localhost:PORT (both
 * loopback). Every signed-in page must call its own API on the page's origin, never PUBLIC_URL's,
 * which would be cross-origin and refused by CORS ("The API could not be reached").
 */
function otherOrigin(): string {
  const url = new URL(baseUrl());
  expect(url.hostname).toBe('127.0.0.1');
  url.hostname = 'localhost';
  return url.origin;
}

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(otherOrigin());
  },
});

/** Every API request the page makes, and those that went anywhere but the page's own origin. */
function watchApiCalls(page: Page): { own: Request[]; elsewhere: string[] } {
  const seen = { own: [] as Request[], elsewhere: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (url.origin === otherOrigin()) seen.own.push(request);
    else seen.elsewhere.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

/** Opens a signed-in page and waits for its main API answer, on the page's own origin. */
async function openPage(page: Page, path: string, apiPath: string): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(apiPath));
  await page.goto(path);
  const response = await answered;
  expect(new URL(response.url()).origin, `${path} calls its API on the page's origin`).toBe(otherOrigin());
  expect(response.status(), `${path}: ${apiPath}`).toBe(200);
  await expect(page.getByText('The API could not be reached')).toHaveCount(0);
}

test('every signed-in page works when the site is opened at another address than PUBLIC_URL', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const calls = watchApiCalls(page);
  const email = uniqueEmail('origin');
  await signUp(page, email);
  expect(new URL(page.url()).origin).toBe(otherOrigin());

  const token = await idTokenOf(email);
  const code = await callApi<{ id: string; imageUrl: string }>(token, 'POST', '/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/origin',
    title: 'Origin test',
  });
  expect(code.status).toBe(201);
  const rule = await callApi(token, 'POST', '/rules', {
    name: 'Phones to the app',
    when: { device: ['mobile'] },
    then: { redirect: 'https://example.com/app' },
  });
  expect(rule.status).toBe(201);

  await openPage(page, '/codes', '/api/v1/qrcodes');
  await expect(page.getByText('Origin test').first()).toBeVisible();
  // The code's image loads from its signed URL on this origin.
  const image = page.getByRole('img', { name: 'QR code Origin test' });
  await expect(image).toHaveAttribute('src', code.body.imageUrl);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await openPage(page, '/rules', '/api/v1/rules');
  await expect(page.getByText('Phones to the app').first()).toBeVisible();
  await openPage(page, '/analytics', '/api/v1/analytics/dashboard');
  await openPage(page, '/api-keys', '/api/v1/api-keys');
  await openPage(page, '/hosts', '/api/v1/hostnames');
  await openPage(page, '/subscriptions', '/api/v1/subscriptions');

  await page.goto('/qr-design-tool');
  await expect(page.getByTestId('scan-badge')).toHaveText('Scans');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('qr-code.png');
  await expect(page.getByText(/The PNG could not be made/)).toHaveCount(0);
  await expect(page.getByText(/Downloaded qr-code\.png/)).toBeVisible();

  expect(calls.elsewhere, 'no API call leaves the page’s origin').toEqual([]);
  expect(calls.own.length).toBeGreaterThan(7);
});
