import { expect, test } from './fixtures.js';

test('the API reference at /api/docs renders with every non-local request blocked', async ({ page }) => {
  const blocked: string[] = [];
  await page.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'RQ Codes API' }).first()).toBeVisible();
  expect(blocked).toEqual([]);
});
