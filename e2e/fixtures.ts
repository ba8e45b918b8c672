import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/** The running server's origin (set by global-setup.ts, inherited by the workers). */
export function baseUrl(): string {
  const url = process.env.RQ_E2E_BASE_URL;
  if (!url) throw new Error('RQ_E2E_BASE_URL is not set: run the tests with `npx playwright test`');
  return url;
}

export const test = base.extend<{ acceptCookies: boolean; reportPageOnFailure: undefined }>({
  acceptCookies: [true, { option: true }],
  // CI keeps only its log, not the trace: a failed test prints what its page showed and which
  // requests failed, so a rare failure can be read from the log alone.
  reportPageOnFailure: [
    async ({ page }, use, testInfo) => {
      const failedRequests: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400)
          failedRequests.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on('requestfailed', (request) => {
        const reason = request.failure()?.errorText ?? 'failed';
        // A navigation aborts the loads of the page it leaves: that is no failure.
        if (reason !== 'net::ERR_ABORTED')
          failedRequests.push(`${reason} ${request.method()} ${request.url()}`);
      });
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
      const shown = await page
        .locator('main')
        .first()
        .innerText({ timeout: 1_000 })
        .catch(() => '(no main element)');
      console.log(
        [
          `page at the failure: ${page.url()}`,
          `its main text: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`,
          `requests that failed: ${failedRequests.length ? failedRequests.slice(-10).join('; ') : 'none'}`,
        ].join('\n'),
      );
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  // Most tests are not about the cookie notice; they start with consent given so it never covers a link.
  context: async ({ context, acceptCookies }, use) => {
    if (acceptCookies) {
      await context.addInitScript(() => {
        window.localStorage.setItem('cookieConsent', 'accepted');
      });
    }
    await use(context);
  },
});

export { expect };

let counter = 0;
/** A fresh email address for a new emulator account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-42';

/** Waits until the site has hydrated and knows the auth state (the navbar shows Login or the avatar). */
export async function waitForAuthState(page: Page): Promise<void> {
  await expect(
    page
      .getByRole('link', { name: 'Login', exact: true })
      .or(page.getByRole('button', { name: 'Account menu' })),
  ).toBeVisible();
}

export async function signUp(page: Page, email: string, name = 'E2E Tester'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form[aria-label="Create account"] button[type=submit]').click();
  await expectSignedInPastLogin(page);
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form[aria-label="Sign in"] button[type=submit]').click();
  await expectSignedInPastLogin(page);
}

/**
 * Signed in, and the page /login sends the user on to is drawn (the URL changes before it is): its
 * navbar is new, so an account menu opened while /login still shows would close as it arrives.
 */
async function expectSignedInPastLogin(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to RQ Codes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Opens the signed-in account menu in the navbar. */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(
    page.locator('.dropdown__menu').getByRole('button', { name: 'Logout', exact: true }),
  ).toBeVisible();
}

/** Every route of the seed's site map (§2). */
export const SEED_ROUTES = [
  '/',
  '/analytics',
  '/api-keys',
  '/hosts',
  '/subscriptions',
  '/qr-design-tool',
  '/increase-limit',
  '/increase-redirects-limit',
  '/login',
  '/contact-us',
  '/terms-of-service',
  '/privacy-policy',
  '/cookie-policy',
  '/markdown-page',
  '/docs/intro',
  '/tutorials/first-QR-code',
];

/** Every docs and tutorials page of the built site (web/build), as routes, sorted. */
export function builtDocsRoutes(): string[] {
  const build = path.resolve(import.meta.dirname, '../web/build');
  const routes: string[] = [];
  for (const section of ['docs', 'tutorials']) {
    for (const file of fs.readdirSync(path.join(build, section), { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.html')) routes.push(`/${section}/${file.replace(/\.html$/, '')}`);
    }
  }
  return routes.sort();
}

/**
 * Docs and tutorials pages are rendered on the server and fetch nothing: once loaded they are
 * settled (waiting for network quiet would add half a second to each).
 */
export const isDocsPage = (route: string): boolean =>
  route.startsWith('/docs/') || route.startsWith('/tutorials/');

/** Opens a code's card in place from its row on the code list (the page shows it), and answers the card. */
export async function openCodeCard(page: Page, title: string) {
  await page
    .getByTestId('code-row')
    .filter({ hasText: title })
    .getByRole('button', { name: /^Details/ })
    .click();
  return page.getByRole('article', { name: title });
}
