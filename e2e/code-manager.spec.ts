import type { Page } from '@playwright/test';
import { baseUrl, expect, signUp, test, uniqueEmail } from './fixtures.js';
import { callApi, idTokenOf } from './paypal.js';

/**
 * The code manager at volume: a table sorted, searched and filtered on the server, a selection that
 * spans pages ("select all N matching") with a bulk action on it, and a code's own page. (Import
 * from a file: import.spec.ts.)
 */

const pad = (n: number) => String(n).padStart(3, '0');

/** Codes made in one request (our CSV through the import), so seeding spends no rate limit. */
async function seedCodes(token: string, prefix: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) =>
    [
      `https://example.com/${i}`,
      `${prefix}-${pad(i)}`,
      `Title ${pad(count - 1 - i)}`,
      i < 5 ? 'special' : 'bulk',
    ].join(','),
  );
  const response = await fetch(`${baseUrl()}/api/v1/qrcodes/import?format=csv&dryRun=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: `target,slug,title,tags\n${rows.join('\n')}\n`,
  });
  const answer = (await response.json()) as { created?: number };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  expect(answer.created).toBe(count);
}

const rows = (page: Page) => page.getByTestId('code-row');

/** The API calls the page makes from now on: `METHOD /path?query body`. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/qrcodes'))
      calls.push(`${request.method()} ${url.pathname}${url.search} ${request.postData() ?? ''}`.trim());
  });
  return calls;
}

async function filter(page: Page, fields: { search?: string; tag?: string; state?: string }) {
  const form = page.getByRole('form', { name: 'Filter codes' });
  await form.getByRole('searchbox', { name: 'Search' }).fill(fields.search ?? '');
  await form.getByLabel('Tag').fill(fields.tag ?? '');
  await form.getByLabel('State').selectOption(fields.state ?? '');
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
}

test('at 1280 px every column and action of the table is in full view; narrower, it scrolls by keyboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('table');
  await signUp(page, email);
  const token = await idTokenOf(email);
  // Long slugs, titles, targets and tags, with every badge a row can carry.
  const codes = [
    {
      mode: 'redirect',
      slug: 'spring-menu-downtown-restaurant-second-floor-terrace-2026',
      title: 'Spring menu for the downtown restaurant, second floor and terrace',
      target: 'https://example.com/menus/downtown/second-floor/spring-2026?lang=en&utm_source=table',
      tags: ['menu', 'print', 'spring-2026', 'downtown'],
      activeFrom: '2099-01-01T09:00:00.000Z',
      maxScans: 500,
      password: 'open sesame',
    },
    { mode: 'static', data: { kind: 'text', text: 'Table 12' }, title: 'Table card', tags: ['print'] },
    { mode: 'redirect', target: 'https://example.com/short', slug: 'x1y' },
  ];
  for (const body of codes) {
    const answer = await callApi(token, 'POST', '/qrcodes', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/codes');
  await expect(rows(page)).toHaveCount(3);
  const table = page.getByTestId('codes-table');
  // Nothing to scroll: the table fits its box, and no cell's content spills out of its cell (the
  // target is cut with an ellipsis on purpose, its whole URL in its title).
  expect(await table.evaluate((node) => (node.parentElement as HTMLElement).scrollWidth)).toBe(
    await table.evaluate((node) => (node.parentElement as HTMLElement).clientWidth),
  );
  const spilling = await table.locator('th, td').evaluateAll((cells) =>
    cells
      .filter((cell) => getComputedStyle(cell).textOverflow !== 'ellipsis')
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => cell.textContent),
  );
  expect(spilling).toEqual([]);
  const long = rows(page).filter({ hasText: 'Spring menu' });
  await expect(long.getByRole('cell').nth(3)).toHaveAttribute('title', /utm_source=table$/);
  for (const header of ['Slug', 'Title', 'Mode', 'Target', 'Tags', 'Hostname', 'Scans', 'Updated'])
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInViewport({
      ratio: 1,
    });
  for (const row of await rows(page).all()) {
    // Brought into view down the page: the table itself has nothing to scroll (above).
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: /^Details/ })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('checkbox')).toBeInViewport({ ratio: 1 });
  }
  // The slug wraps in its own column: it ends before the title begins.
  const [slug, title] = [
    await long.getByRole('link', { name: /^spring-menu/ }).boundingBox(),
    await long.getByRole('cell', { name: /^Spring menu/ }).boundingBox(),
  ];
  expect(slug && title && slug.x + slug.width).toBeLessThanOrEqual(title?.x ?? 0);

  // Narrower than a desktop's table, the box scrolls sideways, and a keyboard can scroll it.
  await page.setViewportSize({ width: 900, height: 800 });
  const scroller = page.getByRole('region', { name: 'Your codes (scrolls sideways)' });
  await scroller.focus();
  await expect(scroller).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
});

test('"select all N" but one deletes by the filter: the one left out stays, and no id is read first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('select-all');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const prefix = `sa${Date.now().toString(36)}`;
  await seedCodes(token, prefix, 30);
  const tagged = async (tag: string) =>
    (await callApi<{ total: number }>(token, 'GET', `/qrcodes/count?tag=${tag}`)).body.total;

  await page.goto('/codes?tag=bulk');
  await expect(page.getByTestId('codes-count')).toHaveText('25 codes');
  await page.getByRole('checkbox', { name: 'Select every code on this page' }).check();
  await page.getByRole('button', { name: 'Select all 25 matching' }).click();
  await expect(page.getByTestId('codes-count')).toHaveText('25 codes · 25 selected');
  const kept = await rows(page).first().getAttribute('data-slug');
  await rows(page).first().getByRole('checkbox').uncheck();
  await expect(page.getByTestId('codes-count')).toHaveText('25 codes · 24 selected');

  const calls = apiCalls(page);
  const bulk = page.getByRole('form', { name: 'Bulk actions' });
  await bulk.getByLabel('Action').selectOption('delete');
  await bulk.getByLabel('Type 24 to delete 24 codes').fill('24');
  await bulk.getByRole('button', { name: 'Delete 24 codes' }).click();
  // A bulk delete is a heavy job, on a thread at the lowest CPU priority: beside two browsers that
  // keep both cores busy (CI), it waits its turn for seconds. A limit, not a measure.
  await expect(page.getByTestId('codes-announcement')).toHaveText('Deleted 24 of 24 codes.', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('codes-count')).toHaveText('1 code');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute('data-slug', kept ?? '');
  // The server was handed the filter and the one left out; the five "special" codes are untouched.
  const deletes = calls.filter((call) => call.startsWith('POST'));
  expect(deletes).toHaveLength(1);
  expect(JSON.parse(deletes[0]?.replace(/^POST \S+ /, '') ?? '{}')).toMatchObject({
    filter: { tag: 'bulk' },
    except: [expect.stringMatching(/^qr_/)],
  });
  expect(
    calls.filter((call) => call.startsWith('GET /api/v1/qrcodes?') && call.includes('limit=100')),
  ).toEqual([]);
  expect(await tagged('bulk')).toBe(1);
  expect(await tagged('special')).toBe(5);
});

test('the table sorts, searches and filters, and a bulk action reaches every selected code across pages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('manager');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const prefix = `cm${Date.now().toString(36)}`;
  await seedCodes(token, prefix, 65);

  await page.goto('/codes');
  await expect(page.getByTestId('codes-count')).toHaveText('65 codes');
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByTestId('page-number')).toHaveText('Page 1 of 4');

  // Sort by slug, both ways; by title (written in the reverse order of the slugs).
  const slugHeader = page.getByRole('columnheader', { name: /Slug/ });
  await slugHeader.getByRole('button').click();
  await expect(slugHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page).first()).toHaveAttribute('data-slug', `${prefix}-000`);
  await slugHeader.getByRole('button').click();
  await expect(slugHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).first()).toHaveAttribute('data-slug', `${prefix}-064`);
  await expect(page).toHaveURL(/sort=-slug/);
  await page.getByRole('columnheader', { name: /Title/ }).getByRole('button').click();
  await expect(rows(page).first()).toHaveAttribute('data-slug', `${prefix}-064`);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('page-number')).toHaveText('Page 2 of 4');
  await expect(rows(page).first()).toHaveAttribute('data-slug', `${prefix}-044`);

  // Search and filter: ten slugs share "-01", five codes carry the tag "special".
  await filter(page, { search: `${prefix}-01` });
  await expect(page.getByTestId('codes-count')).toHaveText('10 codes');
  await expect(rows(page)).toHaveCount(10);
  await filter(page, { tag: 'special' });
  await expect(page.getByTestId('codes-count')).toHaveText('5 codes');

  // Every code tagged "bulk" (60, three pages): select the page, then all 60, and disable them.
  await filter(page, { tag: 'bulk' });
  await expect(page.getByTestId('codes-count')).toHaveText('60 codes');
  await expect(page.getByTestId('page-number')).toHaveText('Page 1 of 3');
  await page.getByRole('checkbox', { name: 'Select every code on this page' }).check();
  await expect(page.getByTestId('codes-count')).toHaveText('60 codes · 20 selected');
  await page.getByRole('button', { name: 'Select all 60 matching' }).click();
  await expect(page.getByTestId('codes-count')).toHaveText('60 codes · 60 selected');
  // One code on the next page unticked, then ticked again: the selection holds across pages.
  await page.getByRole('button', { name: 'Next page' }).click();
  const other = rows(page).first();
  await other.getByRole('checkbox').uncheck();
  await expect(page.getByTestId('codes-count')).toHaveText('60 codes · 59 selected');
  await other.getByRole('checkbox').check();
  // "All 60" goes to the server as the filter: no page of ids is read first.
  const calls = apiCalls(page);
  const bulk = page.getByRole('form', { name: 'Bulk actions' });
  await bulk.getByLabel('Action').selectOption('disable');
  await bulk.getByRole('button', { name: 'Apply to 60 codes' }).click();
  await expect(page.getByTestId('codes-announcement')).toHaveText('Disabled 60 of 60 codes.');
  expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
    'POST /api/v1/qrcodes/bulk-update {"filter":{"tag":"bulk"},"patch":{"enabled":false}}',
  ]);
  expect(calls.filter((call) => call.startsWith('GET /api/v1/qrcodes?'))).toEqual([]);
  expect((await callApi<{ total: number }>(token, 'GET', '/qrcodes/count?enabled=false')).body.total).toBe(
    60,
  );
  await filter(page, { state: 'false' });
  await expect(page.getByTestId('codes-count')).toHaveText('60 codes');
  await filter(page, { state: 'true' });
  await expect(page.getByTestId('codes-count')).toHaveText('5 codes');

  // A code's own page: its card, downloads and history.
  await rows(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/codes\/view\?id=qr_/);
  await expect(page.getByRole('heading', { name: 'Downloads' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expect(page.getByTestId('history-event').first()).toContainText('qrcode.created');
});
