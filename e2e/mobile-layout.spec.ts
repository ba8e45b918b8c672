import type { Page } from '@playwright/test';
import { builtDocsRoutes, expect, isDocsPage, SEED_ROUTES, signUp, test, uniqueEmail } from './fixtures.js';

/** A common phone width (iPhone 12 to 15): nothing on the site may be wider. */
const PHONE_WIDTH = 390;

/** The pages that show more once signed in. */
const ACCOUNT_ROUTES = ['/analytics', '/api-keys', '/hosts', '/subscriptions'];

/**
 * Waits until the page has loaded its chunks and settings and drawn with its fonts. A page that
 * holds a live stream open (signed-in /analytics) never goes network-idle: `load` is enough there,
 * and accountPageReady waits for its content.
 */
async function settle(page: Page, { networkIdle = true } = {}): Promise<void> {
  await page.waitForLoadState(networkIdle ? 'networkidle' : 'load');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Before measuring a signed-in account page: it shows its own content, not a redirect. */
async function accountPageReady(page: Page, route: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${route}$`));
  if (route === '/api-keys') await expect(page.getByTestId('api-key-row')).toHaveCount(1);
  if (route === '/analytics') {
    await expect(page.getByTestId('analytics-empty').or(page.getByTestId('stat-scans'))).toBeVisible();
  }
}

/** The width of each route: comparing whole maps names every route that overflows at once. */
async function widthsOf(
  page: Page,
  routes: readonly string[],
  { signedIn = false } = {},
): Promise<Record<string, number>> {
  const widths: Record<string, number> = {};
  for (const route of routes) {
    await page.goto(route);
    await settle(page, { networkIdle: !(signedIn && route === '/analytics') && !isDocsPage(route) });
    if (signedIn && ACCOUNT_ROUTES.includes(route)) await accountPageReady(page, route);
    widths[route] = await page.evaluate(() => document.documentElement.scrollWidth);
  }
  return widths;
}

const fitting = (routes: readonly string[]) =>
  Object.fromEntries(routes.map((route) => [route, PHONE_WIDTH]));

test.describe(`at ${PHONE_WIDTH} px wide`, () => {
  test.use({ viewport: { width: PHONE_WIDTH, height: 844 } });

  test('no seed route is wider than the screen for a visitor', async ({ page }) => {
    test.setTimeout(120_000);
    expect(await widthsOf(page, SEED_ROUTES)).toEqual(fitting(SEED_ROUTES));
  });

  test('no docs or tutorials page is wider than the screen', async ({ page }) => {
    test.setTimeout(180_000);
    // Every docs page, so long code and tables are covered too.
    const routes = builtDocsRoutes();
    expect(routes).toContain('/docs/intro');
    expect(await widthsOf(page, routes)).toEqual(fitting(routes));
  });

  test('signed in with an API key, no seed route is wider than the screen', async ({ page }) => {
    test.setTimeout(150_000);
    // The sign-up helper uses the desktop navbar's account menu.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, uniqueEmail('narrow'));
    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    await page.goto('/api-keys');
    await page.getByRole('textbox', { name: 'Name' }).fill('Production server at 390 px');
    await page.getByRole('checkbox', { name: /analytics:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-key-secret')).toHaveText(/^rq_/);
    await settle(page);
    // Just created: the secret panel and the list with the key, together.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_WIDTH);

    expect(await widthsOf(page, SEED_ROUTES, { signedIn: true })).toEqual(fitting(SEED_ROUTES));
  });

  test.describe('before cookie consent', () => {
    test.use({ acceptCookies: false });

    test('the cookie notice fits the screen', async ({ page }) => {
      for (const route of ['/', '/docs/intro', '/login']) {
        await page.goto(route);
        await expect(page.getByTestId('cookie-notice')).toBeVisible();
        await settle(page);
        const notice = await page.getByTestId('cookie-notice').boundingBox();
        expect(notice && notice.x >= 0 && notice.x + notice.width <= PHONE_WIDTH, route).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBe(PHONE_WIDTH);
      }
    });
  });
});
