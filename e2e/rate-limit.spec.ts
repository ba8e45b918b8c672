import type { Page } from '@playwright/test';
import { baseUrl, expect, signUp, test, uniqueEmail } from './fixtures.js';
import { callApi, idTokenOf } from './paypal.js';

/**
 * A person clicking around never meets the API's rate limit: a view of the analytics dashboard is
 * one request, the codes' thumbnails are plain cacheable image URLs rather than API calls, and the
 * site's session has a budget no clicking reaches. The run's server sells plans (PayPal), so this
 * free account's API keys have the free plan's 60 requests a minute.
 */
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CODES = 45;

/** The API requests the page makes (image URLs apart) and every rate-limited answer. */
function countApi(page: Page) {
  const counts = { calls: 0, images: 0, limited: [] as string[] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v1/images/')) counts.images += 1;
    else if (pathname.startsWith('/api/')) counts.calls += 1;
  });
  page.on('response', (response) => {
    if (response.status() === 429) counts.limited.push(response.url());
  });
  return counts;
}

/** Codes made through two API keys (each has its own budget), so making them spends none of the session's. */
async function makeCodes(token: string): Promise<string> {
  const keys: string[] = [];
  for (const name of ['first', 'second']) {
    const made = await callApi<{ key: string }>(token, 'POST', '/api-keys', {
      name,
      scopes: ['qrcodes:read', 'qrcodes:write'],
    });
    expect(made.status).toBe(201);
    keys.push(made.body.key);
  }
  let slug = '';
  for (let i = 0; i < CODES; i++) {
    const response = await fetch(`${baseUrl()}/api/v1/qrcodes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys[i % 2]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'redirect', target: `https://example.com/${i}`, title: `Code ${i}` }),
    });
    expect(response.status).toBe(201);
    slug = ((await response.json()) as { slug: string }).slug;
  }
  return slug;
}

async function imagesShown(page: Page): Promise<void> {
  // While a page loads, the list keeps the last one on screen, marked busy: wait for the new one.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const images = page.locator('img[alt^="QR code "]');
  await expect(images.first()).toBeVisible();
  await expect
    .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await expect(page.getByRole('img', { name: 'The image could not be loaded' })).toHaveCount(0);
}

test('ten quick range clicks on /analytics and the three pages of /codes stay far from the rate limit', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('clicks');
  await signUp(page, email);
  const slug = await makeCodes(await idTokenOf(email));
  // One scan, so the dashboard shows its numbers and controls rather than the first-scan guide.
  const scan = await fetch(`${baseUrl()}/r/${slug}`, {
    redirect: 'manual',
    headers: { 'user-agent': DESKTOP_UA },
  });
  expect(scan.status).toBe(302);

  const counts = countApi(page);
  await page.goto('/analytics');
  await expect(page.getByTestId('stat-scans')).toBeVisible();
  await expect(page.getByTestId('shown-range')).toHaveText(/^Last 30 days: /);

  const clicks = ['7d', '24h', '90d', 'mtd', 'ytd', 'all', '30d', '24h', '7d', '90d'];
  const before = counts.calls;
  for (const preset of clicks) await page.getByRole('button', { name: preset, exact: true }).click();
  await expect(page.getByTestId('shown-range')).toHaveText(/^Last 90 days: .*\)$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // One request a view, and none for a view already read.
  expect(counts.calls - before).toBeLessThanOrEqual(7);
  expect(counts.limited).toEqual([]);

  // A refresh that fails says so, and the numbers keep the label of the range they were computed for.
  // (Reloaded first: views already read are answered from memory, without a request to fail.)
  await page.reload();
  await expect(page.getByTestId('shown-range')).toHaveText(/^Last 90 days: .*\)$/);
  await page.route('**/api/v1/analytics/dashboard?**', (route) => route.abort('failed'));
  await page.getByRole('button', { name: '7d', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The numbers for Last 7 days could not be loaded: The API could not be reached',
  );
  await expect(page.getByRole('alert')).toContainText('Still showing Last 90 days.');
  await expect(page.getByTestId('shown-range')).toHaveText(/^Last 90 days: .*\)$/);
  await page.unroute('**/api/v1/analytics/dashboard?**');

  await page.goto('/codes');
  await expect(page.getByTestId('page-number')).toHaveText(/^Page 1 of /);
  await imagesShown(page);
  const beforePaging = counts.calls;
  // 45 codes at 20 a page: three pages.
  for (let pageNumber = 2; pageNumber <= 3; pageNumber++) {
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByTestId('page-number')).toHaveText(new RegExp(`^Page ${pageNumber} of `));
    await imagesShown(page);
  }
  // A page of codes is one list request; its images are image URLs, not API calls.
  expect(counts.calls - beforePaging).toBe(2);
  expect(counts.images).toBeGreaterThanOrEqual(CODES);
  expect(counts.limited).toEqual([]);
  await expect(page.getByText(/Over the limit/)).toHaveCount(0);
});
