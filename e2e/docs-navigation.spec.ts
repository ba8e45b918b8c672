import { expect, test } from './fixtures.js';

test('the docs have versions: v1 (the current API) and Next, and the chosen one stays chosen on the next visit', async ({
  page,
}) => {
  await page.goto('/docs/intro');
  const navbar = page.locator('nav.navbar');
  // The navbar names versions short (v1, Next); each page's badge names them in full.
  await navbar.getByRole('button', { name: 'v1', exact: true }).hover();
  await navbar.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/docs\/next\/intro$/);
  await expect(page.locator('.theme-doc-version-banner')).toContainText('unreleased');

  // A later visit: the navbar's Docs link opens the version chosen before.
  await page.goto('/');
  await page.reload();
  await navbar.getByRole('link', { name: 'Docs', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/next\/intro$/);
  // Docusaurus's own preferred-version storage (the key carries the site's storage suffix).
  const stored = await page.evaluate(() =>
    Object.keys(window.localStorage)
      .filter((key) => key.startsWith('docs-preferred-version-default'))
      .map((key) => window.localStorage.getItem(key)),
  );
  expect(stored).toEqual(['current']);

  await navbar.getByRole('button', { name: 'Next', exact: true }).hover();
  await navbar.getByRole('link', { name: 'v1', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/intro$/);
});

test('the navbar searches the docs and tutorials from an index built with the site, with nothing asked of other hosts', async ({
  page,
  baseURL,
}) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL ?? '')) elsewhere.push(request.url());
  });
  await page.goto('/docs/intro');
  // A textbox until it opens its list of hits, a combobox after: found by what it shows instead.
  const search = page.getByPlaceholder('Search');
  await search.click();
  await search.pressSequentially('signing secret', { delay: 30 });
  const hit = page
    .locator('.navbar__search [role="option"]')
    .filter({ hasText: 'Using an exec URL' })
    .first();
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(/\/tutorials\/using-exec-url/);
  await expect(page.locator('h1')).toHaveText('Using an exec URL');
  expect(elsewhere.filter((url) => !url.startsWith('data:'))).toEqual([]);
});

test('/docs, /docs/ and /tutorials lead to the first page of their section', async ({ page }) => {
  for (const [path, start] of [
    ['/docs', '/docs/intro'],
    ['/docs/', '/docs/intro'],
    ['/tutorials', '/tutorials/first-QR-code'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${start}$`));
  }
});

test('the not-found page links home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Smart QR codes');
});
