import type { Locator, Page } from '@playwright/test';
import { baseUrl, expect, signUp, test, uniqueEmail, waitForAuthState } from './fixtures.js';

/** The product pages a signed-in user reaches from the navbar and the account menu. */
const PRODUCT_PAGES = [
  'Codes',
  'Rules',
  'GS1 items',
  'Subscriptions',
  'API keys',
  'Webhooks',
  'Hostnames',
  'Analytics',
];

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

/**
 * What is wrong with the navbar's layout, one line each: every item must sit inside the bar, side
 * by side without overlapping, its text on one line, and the brand's name whole.
 */
async function navbarProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    /** How many lines an item's shown text takes (rects that overlap in height are one line). */
    const linesOfText = (item: HTMLElement): number => {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        // A closed dropdown's entries and visually hidden words are not shown.
        if (!node.textContent?.trim() || !parent?.checkVisibility({ visibilityProperty: true })) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 1 && rect.height > 1));
      }
      rects.sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = Number.NEGATIVE_INFINITY;
      for (const rect of rects) {
        if (rect.top >= bottom - 1) lines += 1;
        bottom = Math.max(bottom, rect.bottom);
      }
      return lines;
    };
    const bar = document.querySelector('.navbar') as HTMLElement;
    const inner = (document.querySelector('.navbar__inner') as HTMLElement).getBoundingClientRect();
    const box = bar.getBoundingClientRect();
    const items = Array.from(
      document.querySelectorAll<HTMLElement>('.navbar__brand, .navbar__items > *:not(.navbar__brand)'),
    ).filter((item) => item.getBoundingClientRect().width > 0);
    const name = (item: HTMLElement) =>
      item.textContent?.trim() || item.getAttribute('aria-label') || item.className;
    for (const item of items) {
      const rect = item.getBoundingClientRect();
      if (rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5)
        problems.push(
          `${name(item)} is outside the bar's height (${rect.top}-${rect.bottom} of ${box.top}-${box.bottom})`,
        );
      if (rect.left < inner.left - 0.5 || rect.right > inner.right + 0.5)
        problems.push(
          `${name(item)} is outside the bar's width (${rect.left}-${rect.right} of ${inner.left}-${inner.right})`,
        );
      const lines = linesOfText(item);
      if (lines > 1) problems.push(`${name(item)} is on ${lines} lines`);
    }
    const sorted = items
      .map((item) => ({ item, rect: item.getBoundingClientRect() }))
      .sort((a, b) => a.rect.left - b.rect.left);
    for (let i = 1; i < sorted.length; i++) {
      const [before, after] = [sorted[i - 1], sorted[i]] as const;
      if (after && before && after.rect.left < before.rect.right - 0.5)
        problems.push(`${name(after.item)} overlaps ${name(before.item)}`);
    }
    const title = document.querySelector<HTMLElement>('.navbar__title');
    if (title?.textContent !== 'RQ Codes' || title.clientWidth === 0 || title.scrollWidth > title.clientWidth)
      problems.push(
        `the brand is not whole: ${title?.textContent} (${title?.clientWidth} of ${title?.scrollWidth} px shown)`,
      );
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push('the page is wider than the window');
    return problems;
  });
}

/** Each page's navbar problems at each width: comparing whole maps names every failing page at once. */
async function navbarsAt(page: Page, widths: number[], routes: string[]): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const route of routes) {
      await page.goto(route);
      await waitForAuthState(page);
      await page.evaluate(() => document.fonts.ready);
      problems[`${route} at ${width} px`] = await navbarProblems(page);
    }
  }
  return problems;
}

const noProblems = (problems: Record<string, string[]>) =>
  Object.fromEntries(Object.keys(problems).map((key) => [key, []]));

test.describe('the navbar is one line, its brand whole, from the phone menu up', () => {
  // Every kind of page: the landing page, docs of both versions, the API's reference docs, a
  // tutorial, product pages; the widths just above the seed's 996 px breakpoint and a laptop's.
  const WIDTHS = [1000, 1280, 1440];

  test('for a visitor', async ({ page }) => {
    test.setTimeout(120_000);
    const routes = [
      '/',
      '/docs/intro',
      '/docs/next/intro',
      '/docs/api/roles',
      '/tutorials/first-QR-code',
      '/increase-limit',
      '/qr-design-tool',
    ];
    const problems = await navbarsAt(page, WIDTHS, routes);
    expect(problems).toEqual(noProblems(problems));
  });

  test('signed in, on the product pages', async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, uniqueEmail('navbar'));
    const routes = ['/codes', '/qr-design-tool', '/analytics', '/api-keys', '/workspace', '/docs/intro'];
    const problems = await navbarsAt(page, WIDTHS.slice(0, 2), routes);
    expect(problems).toEqual(noProblems(problems));
  });

  test('the search opens over the items to its left and moves none of them', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/docs/intro');
    await waitForAuthState(page);
    // The search plugin makes the box a combobox once it shows results: found by its label.
    const search = page.locator('.navbar').getByLabel('Search', { exact: true });
    const analytics = page.locator('.navbar').getByRole('link', { name: 'Analytics', exact: true });
    const before = await analytics.boundingBox();
    const closed = await search.boundingBox();
    await search.click();
    await page.keyboard.type('rules');
    await expect(
      page.getByRole('listbox').or(page.locator('[role=listbox], .aa-dropdown-menu')).first(),
    ).toBeVisible();
    const open = await search.boundingBox();
    expect(open && closed && open.width).toBeGreaterThan((closed?.width ?? 0) * 4);
    expect(await analytics.boundingBox()).toEqual(before);
    await expect(page.locator('.navbar__title')).toBeInViewport({ ratio: 1 });
  });
});

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

test('editing the logo, the frame and the link controls, the preview, its score and the downloads stay beside the form', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('design-layout'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/qr-design-tool');
  await expect(page.getByTestId('scan-badge')).toHaveText('Scans');
  const preview = page.getByTestId('preview');
  const score = page.getByText(/^Robustness \d+\/100/);
  await expect(score).toBeVisible();
  const inView = [
    preview,
    score,
    page.getByRole('button', { name: 'Download SVG' }),
    page.getByRole('button', { name: 'Download PNG' }),
  ];
  /** After an edit far down the form: the tool's output is in full view, left of the field. */
  const expectToolBeside = async (field: Locator, label: string) => {
    for (const target of inView) await expect(target, label).toBeInViewport({ ratio: 1 });
    const [shown, edited] = [await preview.boundingBox(), await field.boundingBox()];
    expect(shown && edited && shown.x + shown.width, label).toBeLessThan(edited?.x ?? 0);
  };

  await page.getByRole('textbox', { name: 'Or a logo URL' }).fill('https://example.com/logo.png');
  await expectToolBeside(page.getByRole('textbox', { name: 'Or a logo URL' }), 'logo');

  await page.getByRole('checkbox', { name: 'A frame with a call to action' }).check();
  const frameText = page.getByRole('textbox', { name: 'Frame text', exact: true });
  await frameText.fill('Scan for the menu');
  await expect(page.getByTestId('scan-badge')).toHaveText('Scans');
  await expectToolBeside(frameText, 'frame');

  const create = page.getByRole('form', { name: 'Create a dynamic code from this design' });
  await create.getByText(/^Link controls/).click();
  const scanLimit = create.getByLabel('Scan limit');
  await scanLimit.fill('500');
  await expect(scanLimit).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  await expectToolBeside(scanLimit, 'link controls');

  // On a phone the preview bar stays on screen under the navbar, with the score and a way back
  // to the downloads.
  await page.setViewportSize({ width: 390, height: 844 });
  await frameText.fill('Scan me, phone');
  await expect(frameText).toBeInViewport();
  await expect(preview).toBeInViewport();
  await expect(page.getByTestId('phone-score')).toHaveText(/^Print score \d+\/100$/);
  await page.getByRole('link', { name: 'Downloads' }).click();
  await expect(page.getByRole('button', { name: 'Download SVG' })).toBeInViewport({ ratio: 1 });
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
