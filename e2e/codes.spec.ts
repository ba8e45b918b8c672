import type { Page } from '@playwright/test';
import { baseUrl, expect, PASSWORD, signUp, test, uniqueEmail, waitForAuthState } from './fixtures.js';
import { callApi, idTokenOf } from './paypal.js';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A slug no other run has taken. */
function uniqueSlug(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Scans a short URL the way a phone's camera app does: one GET, redirects not followed. */
async function scan(page: Page, shortUrl: string, userAgent?: string) {
  const response = await page.request.get(shortUrl, {
    maxRedirects: 0,
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  return { status: response.status(), location: response.headers().location ?? null };
}

async function createRule(page: Page, name: string, redirect: string): Promise<void> {
  await page.goto('/rules');
  const form = page.getByRole('form', { name: 'New rule' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add a condition' }).click();
  const condition = form.getByTestId('condition').first();
  await condition.getByLabel('Kind of condition 1').selectOption('os');
  await condition.getByLabel('ios').check();
  // A relative URL is refused by the API; its problem is shown at the field it names.
  await form.getByLabel('Redirect URL').fill('/app-store');
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(form.getByLabel('Redirect URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('.rq-error').first()).toContainText('redirect');
  await form.getByLabel('Redirect URL').fill(redirect);
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByRole('article', { name })).toContainText(
    'When operating system is ios: redirect to',
  );
}

test('a code is created from the design, found in the manager, retargeted, given a rule and deleted', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, uniqueEmail('codes'));
  const ruleName = `iPhones ${Date.now()}`;
  await createRule(page, ruleName, 'https://apps.example.com/app');

  // The design tool: a URL to encode, then "Create a dynamic code from this design".
  await page.goto('/qr-design-tool');
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill('https://example.com/first');
  const create = page.getByRole('form', { name: 'Create a dynamic code from this design' });
  await expect(create.getByLabel('Target URL')).toHaveValue('https://example.com/first');
  const slug = uniqueSlug('menu');
  await create.getByLabel('Slug (optional)').fill(slug);
  await expect(create.getByTestId('slug-check')).toHaveText(`“${slug}” is available.`);
  await create.getByLabel('Title (optional)').fill(`Menu ${slug}`);
  await create.getByRole('button', { name: 'Create dynamic code' }).click();

  const created = page.getByTestId('created-code');
  await expect(created).toContainText(`/r/${slug}`);
  await expect(created.getByRole('img', { name: `The QR code Menu ${slug}` })).toBeVisible();
  const shortUrl = `${baseUrl()}/r/${slug}`;
  expect(await scan(page, shortUrl)).toEqual({ status: 302, location: 'https://example.com/first' });

  // The same slug again is said to be taken as it is typed.
  await created.getByRole('button', { name: 'Create another' }).click();
  await create.getByLabel('Slug (optional)').fill(slug);
  await expect(create.getByTestId('slug-check')).toHaveText(
    `“${slug}” is already taken on this host. Choose another.`,
  );
  await expect(create.getByRole('button', { name: 'Create dynamic code' })).toBeDisabled();

  // The manager, by the account menu's Codes link, then the search.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.locator('.dropdown__menu').getByRole('link', { name: 'Codes' }).click();
  await expect(page).toHaveURL(/\/codes$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(slug);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`/codes\\?q=${slug}$`));
  const card = page.getByRole('article', { name: `Menu ${slug}` });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('code-card')).toHaveCount(1);
  await expect(card.getByRole('img', { name: `QR code Menu ${slug}` })).toBeVisible();
  await expect(card.getByRole('link', { name: shortUrl })).toBeVisible();
  await expect(card.getByTestId('code-target')).toHaveText('https://example.com/first');
  await expect(card).toContainText(/\d+ unique today · \d+ total/);
  await expect(card.getByRole('link', { name: /Edit style/ })).toHaveAttribute(
    'href',
    /\/qr-design-tool\?code=qr_/,
  );

  // A new target: a refused one first (its problem next to the field), then a good one.
  await card.getByRole('button', { name: /^Edit/ }).first().click();
  const edit = card.getByRole('form', { name: `Edit ${slug}` });
  await edit.getByLabel('Target URL').fill('ftp://example.com/menu');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByLabel('Target URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(edit.locator('.rq-error')).toContainText('The target');
  await edit.getByLabel('Target URL').fill('https://example.com/second');
  await edit.getByLabel('Tags').fill('menu, summer');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('code-target')).toHaveText('https://example.com/second');
  await expect(card).toContainText('summer');
  expect(await scan(page, shortUrl)).toEqual({ status: 302, location: 'https://example.com/second' });

  // The enabled switch: off, and scans find nothing; on again.
  const toggle = card.getByRole('switch');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect((await scan(page, shortUrl)).status).toBe(404);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // A rule: iPhones go to the App Store, everyone else to the target.
  await card.getByRole('button', { name: /^Rules/ }).click();
  await card.getByLabel('Rule to add').selectOption({ label: ruleName });
  await card.getByRole('button', { name: 'Add rule' }).click();
  await card.getByRole('button', { name: 'Save rules' }).click();
  // While the PUT is in flight the button reads "Saving…": wait for the answer, not the label.
  await expect(card.getByText('Rules saved.')).toBeAttached();
  await expect(card.getByRole('button', { name: /^Sav/ })).toHaveCount(0);
  await expect(card.getByTestId('assigned-rule')).toHaveText([new RegExp(ruleName)]);
  expect(await scan(page, shortUrl, IPHONE_UA)).toEqual({
    status: 302,
    location: 'https://apps.example.com/app',
  });
  expect((await scan(page, shortUrl)).location).toBe('https://example.com/second');
  await page.reload();
  await expect(
    page.getByRole('article', { name: `Menu ${slug}` }).locator('dd', { hasText: /^1$/ }),
  ).toBeVisible();

  // Delete, confirmed: the card goes and the short URL finds nothing.
  const again = page.getByRole('article', { name: `Menu ${slug}` });
  await again.getByRole('button', { name: /^Delete/ }).click();
  await again.getByRole('alertdialog').getByRole('button', { name: 'Delete code' }).click();
  await expect(again).toHaveCount(0);
  await expect(page.getByTestId('codes-empty')).toHaveText('No code matches these filters.');
  expect((await scan(page, shortUrl)).status).toBe(404);
});

test('signed out, the design tool offers to sign in and comes back to the design', async ({ page }) => {
  const email = uniqueEmail('codes-signin');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.locator('.dropdown__menu').getByRole('button', { name: 'Logout', exact: true }).click();
  // Signed out once the navbar says so: the sign-up may already have left the page at `/`, so the
  // URL alone does not show the sign-out finished before the next page loads.
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  await page.goto('/qr-design-tool');
  await waitForAuthState(page);
  const signIn = page.getByRole('link', { name: 'Sign in' }).first();
  await expect(signIn).toHaveAttribute('href', /^\/login\?next=%2Fqr-design-tool/);
  await signIn.click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form[aria-label="Sign in"] button[type=submit]').click();
  await expect(page).toHaveURL(/\/qr-design-tool/);
  await expect(page.getByRole('form', { name: 'Create a dynamic code from this design' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Save this design' })).toBeVisible();
});

test('a design saved in the tool is applied to a code in the manager, then deleted', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('codes-design'));
  await page.goto('/qr-design-tool');
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill('https://example.com/designed');
  const designName = `Brand ${Date.now()}`;
  const save = page.getByRole('form', { name: 'Save this design' });
  await save.getByLabel('Design name').fill(designName);
  await save.getByRole('button', { name: 'Save design' }).click();
  await expect(save.getByRole('status')).toContainText(`Saved “${designName}”`);

  const create = page.getByRole('form', { name: 'Create a dynamic code from this design' });
  const slug = uniqueSlug('styled');
  await create.getByLabel('Slug (optional)').fill(slug);
  await expect(create.getByTestId('slug-check')).toHaveText(`“${slug}” is available.`);
  await create.getByRole('button', { name: 'Create dynamic code' }).click();
  await expect(page.getByTestId('created-code')).toBeVisible();

  await page.goto(`/codes?q=${slug}`);
  const card = page.getByRole('article', { name: slug });
  const image = card.getByRole('img', { name: `QR code ${slug}` });
  await expect(image).toBeVisible();
  const before = await image.getAttribute('src');
  const design = page.getByTestId('design').filter({ hasText: designName });
  await expect(design.getByRole('button', { name: /^Apply/ })).toBeDisabled();
  await card.getByLabel(`Select ${slug}`).check();
  await design.getByRole('button', { name: /^Apply/ }).click();
  await expect(page.locator('#designs').getByRole('status')).toHaveText(`Applied “${designName}” to 1 code.`);
  // The card shows the image the API drew again for the new style.
  await expect(image).not.toHaveAttribute('src', before ?? '');

  await design.getByRole('button', { name: /^Delete/ }).click();
  await design.getByRole('alertdialog').getByRole('button', { name: 'Delete design' }).click();
  await expect(page.getByTestId('design').filter({ hasText: designName })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: slug })).toBeVisible();
  await expect(page.getByTestId('design').filter({ hasText: designName })).toHaveCount(0);
});

/** Whether anything on the page is wider than the viewport (a phone would scroll sideways). */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the manager and the rules page fit and work by keyboard', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, uniqueEmail('codes-phone'));
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/qr-design-tool');
    await page
      .getByRole('textbox', { name: 'URL', exact: true })
      .fill('https://example.com/a-rather-long/path/for-a-phone');
    const create = page.getByRole('form', { name: 'Create a dynamic code from this design' });
    const slug = uniqueSlug('phone');
    await create.getByLabel('Slug (optional)').fill(slug);
    await expect(create.getByTestId('slug-check')).toHaveText(`“${slug}” is available.`);
    await create.getByRole('button', { name: 'Create dynamic code' }).click();
    await expect(page.getByTestId('created-code')).toBeVisible();

    await page.goto(`/codes?q=${slug}`);
    const card = page.getByRole('article', { name: slug });
    await expect(card).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);

    // Keyboard only: open the editor with Enter, switch the code off with Space.
    await card.getByRole('button', { name: /^Edit/ }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('form', { name: `Edit ${slug}` })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    await card.getByRole('switch').focus();
    await page.keyboard.press('Space');
    await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'false');

    await page.goto('/rules');
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('button', { name: 'Add a condition' }).click();
    await form.getByLabel('Kind of condition 1').selectOption('time');
    await form.getByLabel('Split between URLs (A/B test)').check();
    await expect(form.getByLabel('URL 2')).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
  });
});

test('an exec code whose URL the server may not call says so on its card', async ({ page }) => {
  const email = uniqueEmail('codes-exec-warning');
  const slug = `hook-${Date.now().toString(36)}`;
  await signUp(page, email);
  const created = await callApi<{ warnings?: string[] }>(await idTokenOf(email), 'POST', '/qrcodes', {
    slug,
    mode: 'exec',
    exec: { url: 'http://127.0.0.1:3000/hook', fallback: 'https://example.com/' },
  });
  expect(created.status).toBe(201);
  expect(created.body.warnings?.[0]).toContain('exec.url is never called');
  // The table's row flags it; its details say why.
  await page.goto('/codes');
  const row = page.getByTestId('code-row').filter({ hasText: slug });
  await expect(row.getByTestId('code-row-warning')).toHaveText(/^needs attention/);
  await row.getByRole('button', { name: /^Details/ }).click();
  await expect(page.getByTestId('code-warning')).toContainText(
    'exec.url is never called: 127.0.0.1 is not a public address (loopback)',
  );
});
