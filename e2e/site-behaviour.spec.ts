import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, waitForAuthState } from './fixtures.js';

const buildDir = path.resolve(import.meta.dirname, '../web/build');

/** The JS chunk of the built site that holds a given page's content (found by a unique phrase). */
function chunkContaining(phrase: string): string {
  const dir = path.join(buildDir, 'assets/js');
  const hits = fs
    .readdirSync(dir)
    .filter((file) => fs.readFileSync(path.join(dir, file), 'utf8').includes(phrase));
  expect(hits, `chunks containing ${phrase}`).toHaveLength(1);
  return hits[0] ?? '';
}

/** The page paths of the `page_view` events in window.dataLayer, in order. */
async function pageViews(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
    return layer
      .filter(
        (entry): entry is { event: string; page_path: string } =>
          typeof entry === 'object' && entry !== null && (entry as { event?: unknown }).event === 'page_view',
      )
      .map((entry) => entry.page_path);
  });
}

test.describe('cookie notice', () => {
  test.use({ acceptCookies: false });

  test('fades for 500 ms after Accept, then saves consent and hides; never shown again', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const notice = page.getByTestId('cookie-notice');
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();

    await page.clock.pauseAt(Date.now() + 60_000);
    await notice.getByRole('button', { name: 'Accept' }).click();
    await page.clock.runFor(499);
    // Still fading: not saved, still on the page.
    await expect(notice).toBeAttached();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();
    await expect(notice).toHaveCSS('opacity', '0');

    await page.clock.runFor(1);
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
    await page.clock.resume();

    for (const url of ['/', '/docs/intro']) {
      await page.goto(url);
      await waitForAuthState(page);
      await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
    }
  });
});

test.describe('colour mode', () => {
  test.use({ colorScheme: 'dark' });

  test('follows the system preference until a theme is chosen; the choice persists', async ({ page }) => {
    const html = page.locator('html');
    await page.goto('/');
    await waitForAuthState(page);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // The system changes while the page is open: the page follows.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.goto('/docs/intro');
    await expect(html).toHaveAttribute('data-theme', 'light');

    // The switch goes from the system's mode to light, then dark: dark is now the visitor's choice.
    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'light');
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(html).toHaveAttribute('data-theme-choice', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // A chosen theme no longer follows the system.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await waitForAuthState(page);
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('is light when the system states no preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'no-preference' });
    await page.goto('/');
    await waitForAuthState(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('the announcement bar', () => {
  test('can be dismissed, and stays dismissed', async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toContainText('exec URLs');
    await bar.getByRole('button', { name: 'Close' }).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await waitForAuthState(page);
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
  });
});

test.describe('the mobile menu', () => {
  test('replaces the navbar links below 996 px', async ({ page }) => {
    await page.setViewportSize({ width: 995, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await expect(toggle).toBeVisible();
    await expect(page.locator('.navbar__items').getByRole('link', { name: 'Tutorials' })).toBeHidden();
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar.getByRole('link', { name: 'Tutorials' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'API keys' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Login' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Tutorials' }).click();
    await expect(page).toHaveURL(/\/tutorials\/first-QR-code$/);
    await expect(page.locator('.navbar')).not.toHaveClass(/navbar-sidebar--show/);

    // Docusaurus (Infima) switches at max-width 996px: 996 itself is still mobile, 997 is desktop.
    await page.setViewportSize({ width: 997, height: 800 });
    await expect(toggle).toBeHidden();
    await expect(page.locator('.navbar__items').getByRole('link', { name: 'Tutorials' })).toBeVisible();
  });
});

test('an unknown path shows the site not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Docs' }).first()).toBeVisible();
});

test('exactly one page_view per route change', async ({ page }) => {
  await page.goto('/');
  await waitForAuthState(page);
  await expect.poll(() => pageViews(page)).toEqual(['/']);
  await page.locator('.navbar').getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveURL(/\/docs\/intro$/);
  await expect.poll(() => pageViews(page)).toEqual(['/', '/docs/intro']);
  // A link to a heading on the same page is not a new page.
  await page.locator('.table-of-contents').getByRole('link', { name: 'What you can build' }).click();
  await expect(page).toHaveURL(/#what-you-can-build$/);
  await page.locator('.navbar').getByRole('link', { name: 'Tutorials' }).click();
  await expect(page).toHaveURL(/\/tutorials\/first-QR-code$/);
  await page.goBack();
  await expect(page).toHaveURL(/#what-you-can-build$/);
  await expect
    .poll(() => pageViews(page))
    .toEqual(['/', '/docs/intro', '/tutorials/first-QR-code', '/docs/intro']);
});

test.describe('a page whose code fails to load', () => {
  test('is reloaded once after a failed navigation, then offers Retry', async ({ page }) => {
    const chunk = chunkContaining('This RQ Codes server is run by');
    let blocked = 0;
    await page.route(`**/assets/js/${chunk}`, (route) => {
      blocked += 1;
      return route.abort('failed');
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await waitForAuthState(page);
    await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(documents).toEqual(['/', '/contact-us']);
    expect(blocked).toBeGreaterThanOrEqual(2);

    await expect(page.getByRole('heading', { name: 'Page Error' })).toBeVisible();

    // Once the chunk can load again, Retry brings the working page.
    await page.unroute(`**/assets/js/${chunk}`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForAuthState(page);
    await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });

  test('opened directly, it is reloaded once, then offers Retry', async ({ page }) => {
    const chunk = chunkContaining('This RQ Codes server is run by');
    await page.route(`**/assets/js/${chunk}`, (route) => route.abort('failed'));
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.goto('/contact-us');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Error' })).toBeVisible();
    expect(documents).toEqual(['/contact-us', '/contact-us']);
  });
});

test('a page that crashes shows "This page crashed", and Try again recovers', async ({ page }) => {
  // The sign-in page cannot work without the deployment's settings: when they cannot be fetched
  // it throws, and the theme's error boundary catches it.
  await page.route('**/api/v1/config', (route) => route.abort('failed'));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'This page crashed' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page Error/);
  // The rest of the layout (navbar, footer) still works.
  await expect(page.locator('footer').getByRole('link', { name: 'Privacy policy' })).toBeVisible();

  await page.unroute('**/api/v1/config');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'This page crashed' })).toHaveCount(0);
  await expect(page.locator('form[aria-label="Sign in"] button[type=submit]')).toBeEnabled();
  await expect(page).toHaveTitle(/^Sign in \| RQ Codes$/);
});
