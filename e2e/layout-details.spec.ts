import type { Locator, Page } from '@playwright/test';
import { baseUrl, expect, signUp, test, uniqueEmail } from './fixtures.js';

/** The product pages a signed-in user reaches from the navbar and the account menu. */
const PRODUCT_PAGES = ['Codes', 'Rules', 'Subscriptions', 'API keys', 'Webhooks', 'Hostnames', 'Analytics'];

/** How many lines of text an element's content is drawn on. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    );
    return tops.size;
  });
}

/** Signs up and makes an API key that can write codes and rules; returns its secret. */
async function accountWithKey(page: Page): Promise<string> {
  await signUp(page, uniqueEmail('layout'));
  await page.goto('/api-keys');
  await page.getByRole('textbox', { name: 'Name' }).fill('Layout check');
  for (const scope of ['qrcodes:write', 'rules:write'])
    await page.getByRole('checkbox', { name: new RegExp(scope) }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-key-secret').textContent())?.trim() ?? '';
  expect(key).toMatch(/^rq_/);
  return key;
}

test('the design tool shows the preview and its downloads together at 1280 x 800, without scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/qr-design-tool');
  await expect(page.getByTestId('scan-badge')).toHaveText('Scans');
  // The robustness score arrives after the verdict and must not push the downloads away.
  await expect(page.getByText(/Robustness \d+\/100/)).toBeVisible();
  for (const target of [
    page.getByTestId('preview'),
    page.getByLabel('Download size'),
    page.getByRole('button', { name: 'Download SVG' }),
    page.getByRole('button', { name: 'Download PNG' }),
  ]) {
    await expect(target).toBeInViewport({ ratio: 1 });
  }
  // Neither the page nor a column was scrolled to get there.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const scrolledColumns = await page
    .locator('main *')
    .evaluateAll((elements) => elements.filter((element) => element.scrollTop > 0).length);
  expect(scrolledColumns).toBe(0);
});

test('signed in: the phone menu, key dates, rule summaries, static codes, the live counter and the rules form', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const key = await accountWithKey(page);
  const headers = { authorization: `Bearer ${key}` };
  const post = async (url: string, data: object) => {
    const response = await page.request.post(`${baseUrl()}/api/v1${url}`, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  };
  // Two rules with different time windows: each summary must tell them apart.
  await post('/rules', {
    name: 'Office hours',
    when: { all: [{ time: { from: '09:00', to: '17:00', days: [1, 2, 3, 4, 5], timeZone: 'UTC' } }] },
    then: { redirect: 'https://example.com/office' },
  });
  await post('/rules', {
    name: 'Night shift',
    when: { all: [{ time: { from: '22:00', to: '06:00', timeZone: 'Europe/Berlin' } }] },
    then: { redirect: 'https://example.com/night' },
  });
  await post('/qrcodes', { mode: 'redirect', target: 'https://example.com/menu', title: 'Dynamic menu' });
  await post('/qrcodes', { mode: 'static', data: { kind: 'text', text: 'Table 12' }, title: 'Table card' });

  // API keys at 1280 px: each date on one line.
  await page.goto('/api-keys');
  const row = page.getByTestId('api-key-row').first();
  await expect(row).toBeVisible();
  for (const column of [3, 4, 5]) {
    const cell = row.locator(`td:nth-child(${column})`);
    expect(await linesOf(cell), await cell.innerText()).toBe(1);
  }

  // Rules: the summaries carry their values.
  await page.goto('/rules');
  await expect(page.getByRole('article', { name: 'Office hours' })).toContainText(
    'When time of day is 09:00–17:00 on Mon–Fri (UTC): redirect to https://example.com/office',
  );
  await expect(page.getByRole('article', { name: 'Night shift' })).toContainText(
    'When time of day is 22:00–06:00 (Europe/Berlin): redirect to https://example.com/night',
  );
  // The new-rule form has no tall empty space: the Enabled box follows the Name field closely.
  const form = page.getByRole('form', { name: 'New rule' });
  const name = await form.getByLabel('Name').boundingBox();
  const enabled = await form.getByRole('checkbox', { name: 'Enabled' }).boundingBox();
  expect(name && enabled && enabled.y - (name.y + name.height)).toBeLessThan(32);
  await form.getByRole('button', { name: 'Add a condition' }).click();
  await form.getByLabel('Redirect URL').waitFor();
  const condition = await form.getByTestId('condition').first().boundingBox();
  // One condition (its kind and its choices) is a few lines, not a screen.
  expect(condition?.height).toBeLessThan(200);

  // Codes: a static code shows no scans and no on/off switch; a dynamic one shows both.
  await page.goto('/codes');
  for (const title of ['Table card', 'Dynamic menu'])
    await page
      .getByTestId('code-row')
      .filter({ hasText: title })
      .getByRole('button', { name: /^Details/ })
      .click();
  const staticCard = page.getByRole('article', { name: 'Table card' });
  const dynamicCard = page.getByRole('article', { name: 'Dynamic menu' });
  await expect(dynamicCard.getByText('Scans', { exact: true })).toBeVisible();
  await expect(dynamicCard.getByRole('switch')).toBeVisible();
  await expect(staticCard).toContainText('Table 12');
  await expect(staticCard.getByText('Scans', { exact: true })).toHaveCount(0);
  await expect(staticCard.getByRole('switch')).toHaveCount(0);

  // Analytics: the live counter's heading says "Live" once.
  await page.goto('/analytics');
  const live = page.getByTestId('live-counter');
  await expect(live).toHaveAttribute('data-status', 'live');
  await expect(live.getByRole('heading')).toHaveText('Live');

  // The phone menu names each product page once.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  const sidebar = page.locator('.navbar-sidebar');
  await expect(sidebar.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
  const labels = await sidebar.getByRole('link').allInnerTexts();
  const counts = Object.fromEntries(
    PRODUCT_PAGES.map((page) => [page, labels.filter((label) => label.trim() === page).length]),
  );
  expect(counts).toEqual(Object.fromEntries(PRODUCT_PAGES.map((page) => [page, 1])));
});
