import type { Page } from '@playwright/test';
import { E2E_DNS_DOMAIN, E2E_EDGE_HOSTNAME, publishDnsRecords } from './dns.js';
import { expect, signUp, test, uniqueEmail } from './fixtures.js';
import { callApi, idTokenOf, subscribeThroughPayPal } from './paypal.js';

/**
 * Import from the site (issue 49): a peer's export is known by its columns and read as the CLI
 * reads it, so slugs and hostnames are kept; the check names every row it would skip or change,
 * and why; an import is all or nothing unless the user imports only the rows without problems; a
 * file of other columns is mapped to our fields.
 */

interface Code {
  slug: string;
  hostname: string | null;
  shortUrl: string;
  title: string | null;
  target: string;
  tags: string[];
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.goto('/codes/import');
  await page.getByLabel('File to import').setInputFiles({
    name,
    mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv',
    buffer: Buffer.from(text),
  });
}

async function codesOf(email: string): Promise<Code[]> {
  const answer = await callApi<{ data: Code[] }>(await idTokenOf(email), 'GET', '/qrcodes?limit=100');
  return answer.body.data;
}

const NOT_OURS = (domain: string) =>
  `${domain} is not a verified hostname of this workspace, so the code is on the primary short host`;

test('a Bitly export keeps its slugs, names every row it skips or changes, and imports all or nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('import-bitly');
  await signUp(page, email);
  // The file of issue 49, as Bitly writes it: the slugs are in "Short link".
  const bitly = [
    'Title,Long URL,Short link,Created,Clicks,Tags',
    'Spring sale,https://example.com/spring-sale?x=1,bit.ly/3abcDEF,2024-03-01 10:00:00,12,"promo,spring"',
    'Café Menü ☕,https://example.com/café,https://bit.ly/cafe-menu,2024-03-02 10:00:00,3,',
    'Broken,javascript:alert(1),bit.ly/broken1,2024-03-03 10:00:00,0,',
    'No url,,bit.ly/nourl1,2024-03-03 10:00:00,0,',
    'Short slug,https://example.com/ab,bit.ly/ab,2024-03-03 10:00:00,0,',
    'Dup,https://example.com/dup,bit.ly/3abcDEF,2024-03-03 10:00:00,0,',
  ].join('\n');
  await chooseFile(page, 'bitly.csv', bitly);
  await expect(page.getByText('bitly.csv: 6 rows')).toBeVisible();
  await expect(page.getByLabel('Read the file as')).toHaveValue('bitly');
  await expect(page.getByTestId('import-read-as')).toContainText('back-half of each short link');

  await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
  // One request for the whole file (a check sees every row at once): the bar is full once it is answered.
  await expect(page.getByText('Sent 6 of 6 rows')).toBeVisible({ timeout: 30_000 });
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('status')).toHaveText(
    'Can be imported: 2 of 6 rows. With a problem: 4. Changed: 2.',
  );
  // Lines of the file (the header is line 1): the bad targets, the short slug, the repeated slug.
  const problems = preview.getByTestId('import-error');
  await expect(problems).toHaveCount(4);
  await expect(problems.nth(0)).toContainText(/^Line 4: target /);
  await expect(problems.nth(1)).toContainText(/^Line 5: /);
  await expect(problems.nth(2)).toContainText(/^Line 6: slug /);
  await expect(problems.nth(3)).toHaveText("Line 7: slug is row 1's slug too");
  await expect(preview.getByTestId('import-change')).toHaveText([
    `Line 2: ${NOT_OURS('bit.ly')}`,
    `Line 3: ${NOT_OURS('bit.ly')}`,
  ]);

  // All or nothing: the file is refused whole, each row named again, and no code is made.
  await page.getByRole('button', { name: 'Import 6 rows' }).click();
  const result = page.getByTestId('import-result');
  await expect(result.getByRole('status')).toHaveText(
    'Nothing was imported: 4 of 6 rows have a problem. Fix them, or import the rows without problems.',
  );
  await expect(result.getByTestId('import-error')).toHaveCount(4);
  expect(await codesOf(email)).toEqual([]);

  await page.getByRole('button', { name: 'Import the 2 rows without problems' }).click();
  await expect(result.getByRole('status')).toHaveText(
    'Created 2 codes of 6 rows. With a problem: 4. Changed: 2.',
  );
  await expect(page.getByTestId('import-progress')).toHaveAttribute('value', '6');
  await expect(result.getByTestId('import-change')).toHaveCount(2);
  const codes = await codesOf(email);
  expect(codes.map((code) => [code.slug, code.hostname]).sort()).toEqual([
    ['3abcDEF', null],
    ['cafe-menu', null],
  ]);
  expect(codes.find((code) => code.slug === 'cafe-menu')).toMatchObject({
    title: 'Café Menü ☕',
    target: 'https://example.com/caf%C3%A9',
  });
  expect(codes.find((code) => code.slug === '3abcDEF')?.tags).toEqual(['promo', 'spring']);
});

test('a Shlink export keeps the rows on a verified hostname and names each row it moves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('import-shlink');
  await signUp(page, email);
  await subscribeThroughPayPal(email, 'hostnames');
  const token = await idTokenOf(email);
  // A hostname of the workspace, verified against the run's DNS server.
  const host = `links-${Date.now().toString(36)}.${E2E_DNS_DOMAIN}`;
  const added = await callApi<{ id: string; verification: { value: string } }>(token, 'POST', '/hostnames', {
    hostname: host,
  });
  expect(added.status).toBe(201);
  await publishDnsRecords([
    `--txt-record=_rq-challenge.${host},${added.body.verification.value}`,
    `--cname=${host},${E2E_EDGE_HOSTNAME}`,
  ]);
  const verified = await callApi<{ status: string }>(token, 'POST', `/hostnames/${added.body.id}/verify`);
  expect(verified.body.status).toBe('verified');

  const suffix = Date.now().toString(36);
  const shlink = [
    'createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits',
    `2025-02-01T10:00:00+00:00,${host},menu-${suffix},https://${host}/menu-${suffix},https://example.com/menu,Menu,food|menu,4`,
    `2025-02-02T10:00:00+00:00,${host},wine-${suffix},https://${host}/wine-${suffix},https://example.com/wine,Wine list,,0`,
    `2025-02-03T10:00:00+00:00,s.old-shortener.test,old-${suffix},https://s.old-shortener.test/old-${suffix},https://example.com/old,Old link,,9`,
  ].join('\n');
  await chooseFile(page, 'short-urls.csv', shlink);
  await expect(page.getByLabel('Read the file as')).toHaveValue('shlink');

  await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('status')).toHaveText(
    'Can be imported: 3 of 3 rows. With a problem: 0. Changed: 1.',
  );
  await expect(preview.getByTestId('import-change')).toHaveText([
    `Line 4: ${NOT_OURS('s.old-shortener.test')}`,
  ]);

  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  const result = page.getByTestId('import-result');
  await expect(result.getByRole('status')).toHaveText(
    'Created 3 codes of 3 rows. With a problem: 0. Changed: 1.',
  );
  await expect(result.getByTestId('import-change')).toHaveCount(1);
  const codes = await codesOf(email);
  const bySlug = (slug: string) => codes.find((code) => code.slug === slug);
  expect(bySlug(`menu-${suffix}`)).toMatchObject({
    hostname: host,
    shortUrl: `https://${host}/menu-${suffix}`,
    title: 'Menu',
    tags: ['food', 'menu'],
  });
  expect(bySlug(`wine-${suffix}`)).toMatchObject({
    hostname: host,
    shortUrl: `https://${host}/wine-${suffix}`,
  });
  expect(bySlug(`old-${suffix}`)).toMatchObject({ hostname: null, title: 'Old link' });
});

test('a file of other columns is mapped to our fields, its bad row named by its line', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('import-columns'));
  const tag = `imp${Date.now().toString(36)}`;
  const csv = [
    'URL,Name,Labels,When',
    `https://example.com/a,First,${tag},2024-01-01`,
    `https://example.com/b,"Second, with a comma",${tag},2024-01-02`,
    `not a url,Broken,${tag},2024-01-03`,
    `https://example.com/d,Fourth,${tag},2024-01-04`,
  ].join('\n');
  await chooseFile(page, 'links.csv', csv);
  await expect(page.getByLabel('Read the file as')).toHaveValue('columns');
  await page.getByLabel('Target URL (required)').selectOption('URL');
  await expect(page.getByLabel('Title')).toHaveValue('Name');
  await expect(page.getByLabel('Tags')).toHaveValue('Labels');

  await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('status')).toHaveText(
    'Can be imported: 3 of 4 rows. With a problem: 1. Changed: 0.',
  );
  await expect(preview.getByTestId('import-error')).toHaveText([/^Line 4: target /]);

  await page.getByRole('button', { name: 'Import the 3 rows without problems' }).click();
  const result = page.getByTestId('import-result');
  await expect(result.getByRole('status')).toHaveText(
    'Created 3 codes of 4 rows. With a problem: 1. Changed: 0.',
  );
  await expect(page.getByTestId('import-progress')).toHaveAttribute('value', '4');

  await page.goto(`/codes?tag=${tag}`);
  await expect(page.getByTestId('codes-count')).toHaveText('3 codes');
  await expect(page.getByRole('cell', { name: 'Second, with a comma' })).toBeVisible();
});
