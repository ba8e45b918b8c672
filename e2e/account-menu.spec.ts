import type { Locator, Page } from '@playwright/test';
import { expect, openAccountMenu, signIn, signUp, test, uniqueEmail, waitForAuthState } from './fixtures.js';

/** Pages of every kind: product, account-only, docs, tutorial, legal, pricing and sign-in. */
const PAGES = [
  '/',
  '/api-keys',
  '/analytics',
  '/hosts',
  '/subscriptions',
  '/qr-design-tool',
  '/increase-limit',
  '/docs/intro',
  '/tutorials/first-QR-code',
  '/cookie-policy',
];

async function signInAgain(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await waitForAuthState(page);
  if (await page.getByRole('button', { name: 'Account menu' }).isVisible()) return;
  await signIn(page, email);
}

/** PRODUCT.md §9: Logout signs out and returns to /. */
async function expectSignedOutAtHome(page: Page): Promise<void> {
  await expect(page).toHaveURL(/^[^?#]*:\/\/[^/]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Smart QR codes');
}

test('Logout in the account menu returns to / from every kind of page', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('logout');
  await signUp(page, email);
  for (const path of PAGES) {
    await signInAgain(page, email);
    await page.goto(path);
    await waitForAuthState(page);
    await openAccountMenu(page);
    await page.locator('.dropdown__menu').getByRole('button', { name: 'Logout', exact: true }).click();
    await expectSignedOutAtHome(page);
    await expect(page.getByRole('link', { name: 'Login', exact: true }), path).toBeVisible();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Logout in the mobile menu returns to / and closes the menu', async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('logout-mobile');
    // Signing in uses the desktop navbar's account menu; logging out uses the phone's menu.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, email);
    for (const path of ['/api-keys', '/docs/intro', '/']) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAgain(page, email);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      const sidebar = page.locator('.navbar-sidebar');
      // On docs pages the phone menu opens on the docs' own sidebar; the account is in the main menu.
      if (path.startsWith('/docs')) await sidebar.getByRole('button', { name: /Back to main menu/ }).click();
      await sidebar.getByRole('button', { name: 'Logout', exact: true }).click();
      await expectSignedOutAtHome(page);
      await expect(sidebar, path).toBeHidden();
    }
  });
});

/** Each item of a menu as `label: font size`. */
async function fontSizes(items: Locator): Promise<string[]> {
  return items.evaluateAll((elements) =>
    elements.map((element) => `${element.textContent?.trim()}: ${getComputedStyle(element).fontSize}`),
  );
}

/** The same entries, all at the first one's size. */
function atOneSize(sizes: string[]): string[] {
  const first = sizes[0]?.split(': ')[1];
  return sizes.map((entry) => `${entry.split(': ')[0]}: ${first}`);
}

test('the account menu items share one font size', async ({ page }) => {
  await signUp(page, uniqueEmail('menu-font'), 'Grace Hopper');
  await openAccountMenu(page);
  const accountMenu = page.locator('.dropdown__menu', {
    has: page.getByRole('button', { name: 'Logout', exact: true }),
  });
  const sizes = await fontSizes(accountMenu.locator('a, button, strong, span'));
  expect(sizes.length).toBeGreaterThanOrEqual(6);
  expect(sizes).toEqual(atOneSize(sizes));

  // The phone menu's account entries too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  const sidebar = page.locator('.navbar-sidebar');
  const accountEntries = sidebar
    .getByRole('link', { name: /^(Subscriptions|API keys|Hostnames|Analytics)$/ })
    .or(sidebar.getByRole('button', { name: 'Logout', exact: true }));
  // The sidebar slides in after the click: read the sizes once its account entries are drawn.
  await expect(sidebar.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
  await expect.poll(() => accountEntries.count()).toBeGreaterThanOrEqual(5);
  const mobileSizes = await fontSizes(accountEntries);
  expect(mobileSizes.length).toBeGreaterThanOrEqual(5);
  expect(mobileSizes).toEqual(atOneSize(mobileSizes));
});
