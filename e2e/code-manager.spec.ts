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

async function filter(page: Page, fields: { search?: string; tag?: string; state?: string }) {
  const form = page.getByRole('form', { name: 'Filter codes' });
  await form.getByRole('searchbox', { name: 'Search' }).fill(fields.search ?? '');
  await form.getByLabel('Tag').fill(fields.tag ?? '');
  await form.getByLabel('State').selectOption(fields.state ?? '');
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
}

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
  const bulk = page.getByRole('form', { name: 'Bulk actions' });
  await bulk.getByLabel('Action').selectOption('disable');
  await bulk.getByRole('button', { name: 'Apply to 60 codes' }).click();
  await expect(page.getByTestId('codes-announcement')).toHaveText('Disabled 60 of 60 codes.');
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
