import type { Page } from '@playwright/test';
import { baseUrl, expect, openCodeCard, signUp, test, uniqueEmail } from './fixtures.js';
import { callApiOk, idTokenOf } from './paypal.js';

/**
 * Link controls on the site (issue 32): the UTM builder's preview is where a real scan goes, the
 * date-time fields read the user's zone and send UTC, "Test a scan" on a code and on the rules
 * page says which rule decides and why the others did not, and the cards' badges.
 */

const PIXEL_LABEL = 'Android, Chrome on a Pixel';

/** A slug no other run has taken. */
function uniqueSlug(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Scans a short URL the way a phone's camera app does: one GET, redirects not followed. */
async function scan(page: Page, shortUrl: string) {
  const response = await page.request.get(shortUrl, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location ?? null };
}

interface CreatedCode {
  id: string;
  slug: string;
  shortUrl: string;
}

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the UTM preview is where a scan goes, and times are read in the user’s zone', async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('utm');
    await signUp(page, email);

    await page.goto('/qr-design-tool');
    const target = 'https://example.com/menu?utm_source=poster&x=a%20b#dishes';
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(target);
    const create = page.getByRole('form', { name: 'Create a dynamic code from this design' });
    await expect(create.getByLabel('Target URL')).toHaveValue(target);
    const slug = uniqueSlug('utm');
    await create.getByLabel('Slug (optional)').fill(slug);

    const controls = create.getByTestId('link-controls');
    await controls.getByText('Link controls').click();
    await expect(controls.getByTestId('time-zone')).toHaveText(
      'Times are in your time zone, America/New_York.',
    );
    await controls.getByLabel('UTM source').fill('flyer');
    await controls.getByLabel('UTM medium').fill('print');
    await controls.getByLabel('UTM campaign').fill('spring 26');
    // The target's own utm_source stays; the others are added before the fragment.
    const expected =
      'https://example.com/menu?utm_source=poster&x=a%20b&utm_medium=print&utm_campaign=spring%2026#dishes';
    await expect(controls.getByTestId('utm-preview')).toHaveText(expected);
    // 09:00 on 15 January in New York is 14:00 UTC.
    await controls.getByLabel('Expires').fill('2030-01-15T09:00');
    await create.getByRole('button', { name: 'Create dynamic code' }).click();
    await expect(page.getByTestId('created-code')).toContainText(`/r/${slug}`);

    const shortUrl = `${baseUrl()}/r/${slug}`;
    expect(await scan(page, shortUrl)).toEqual({ status: 302, location: expected });
    const token = await idTokenOf(email);
    const page1 = await callApiOk<{ data: (CreatedCode & { expiresAt: string | null })[] }>(
      token,
      'GET',
      `/qrcodes?q=${slug}`,
    );
    expect(page1.data[0]?.expiresAt).toBe('2030-01-15T14:00:00.000Z');

    // In the manager: the saved controls come back, in the same zone, and a change shows at once.
    await page.goto(`/codes?q=${slug}`);
    const card = page.getByRole('article', { name: slug });
    await expect(card.getByTestId('code-window')).toContainText('15 Jan 2030, 09:00');
    await card.getByRole('button', { name: /^Edit/ }).first().click();
    const edit = card.getByRole('form', { name: `Edit ${slug}` });
    await expect(edit.getByLabel('Expires')).toHaveValue('2030-01-15T09:00');
    await expect(edit.getByTestId('utm-preview')).toHaveText(expected);
    await edit.getByLabel('UTM medium').fill('');
    await edit.getByLabel('Target URL').fill('https://example.com/autumn');
    const autumn = 'https://example.com/autumn?utm_source=flyer&utm_campaign=spring%2026';
    await expect(edit.getByTestId('utm-preview')).toHaveText(autumn);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByTestId('code-target')).toHaveText('https://example.com/autumn');
    expect(await scan(page, shortUrl)).toEqual({ status: 302, location: autumn });
  });
});

test('"Test a scan" shows the iOS rule matching an iPhone and why it does not match an Android', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('simulate');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const ruleName = `iPhones ${Date.now()}`;
  const rule = await callApiOk<{ id: string }>(token, 'POST', '/rules', {
    name: ruleName,
    when: { os: ['ios'] },
    then: { redirect: 'https://apps.example.com/app' },
  });
  const title = `Poster ${uniqueSlug('sim')}`;
  const code = await callApiOk<CreatedCode>(token, 'POST', '/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/poster',
    title,
    rules: [rule.id],
  });

  // On the code's card.
  await page.goto('/codes');
  const card = await openCodeCard(page, title);
  await card.getByRole('button', { name: /^Test a scan/ }).click();
  const tester = card.getByRole('form', { name: `Test a scan of ${title}` });
  await expect(tester.getByLabel('Device')).toHaveValue('iphone');
  await tester.getByRole('button', { name: 'Test this scan' }).click();
  await expect(tester.getByTestId('scan-target')).toHaveText('HTTP 302 to https://apps.example.com/app');
  await expect(tester.getByTestId('scan-decided-by')).toHaveText(`The rule “${ruleName}” matched.`);
  await expect(tester.getByTestId('scan-trace')).toHaveCount(1);
  await expect(tester.getByTestId('scan-trace')).toHaveAttribute('data-matched', 'true');
  await expect(tester.getByTestId('scan-trace')).toContainText(`Matched “${ruleName}”`);

  await tester.getByLabel('Device').selectOption({ label: PIXEL_LABEL });
  await expect(tester.getByLabel('User agent')).toHaveValue(/Android 14; Pixel 8/);
  await tester.getByRole('button', { name: 'Test this scan' }).click();
  await expect(tester.getByTestId('scan-target')).toHaveText('HTTP 302 to https://example.com/poster');
  await expect(tester.getByTestId('scan-decided-by')).toHaveText('No rule matched: the default target.');
  await expect(tester.getByTestId('scan-trace')).toHaveAttribute('data-matched', 'false');
  await expect(tester.getByTestId('scan-trace')).toContainText(`No match “${ruleName}”`);
  await expect(tester.getByTestId('scan-trace')).toContainText('android');

  // On the rules page, with the code chosen.
  await page.goto('/rules');
  const section = page.getByTestId('rules-scan-test');
  await section.getByLabel('Code', { exact: true }).selectOption({ label: `${title} (${code.slug})` });
  const onRules = section.getByRole('form', { name: 'Test a scan of the chosen code' });
  await onRules.getByRole('button', { name: 'Test this scan' }).click();
  await expect(onRules.getByTestId('scan-decided-by')).toHaveText(`The rule “${ruleName}” matched.`);
  await onRules.getByLabel('Device').selectOption({ label: PIXEL_LABEL });
  await onRules.getByRole('button', { name: 'Test this scan' }).click();
  await expect(onRules.getByTestId('scan-decided-by')).toHaveText('No rule matched: the default target.');
  await expect(onRules.getByTestId('scan-trace')).toContainText('android');

  // Testing records nothing: the code still has no scans.
  const after = await callApiOk<{ scans: { total: number } }>(token, 'GET', `/qrcodes/${code.id}`);
  expect(after.scans.total).toBe(0);
});

test('badges say which codes are expired, scheduled, capped, used up or locked', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('badges');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const day = 24 * 60 * 60 * 1000;
  const make = (title: string, controls: Record<string, unknown>) =>
    callApiOk<CreatedCode>(token, 'POST', '/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/',
      title,
      ...controls,
    });
  const expired = await make('Expired one', { expiresAt: new Date(Date.now() - day).toISOString() });
  await make('Scheduled one', { activeFrom: new Date(Date.now() + day).toISOString() });
  await make('Capped one', { maxScans: 50 });
  const usedUp = await make('Used-up one', { maxScans: 1 });
  await make('Locked one', { password: 'open sesame' });
  await make('Plain one', {});
  expect((await scan(page, expired.shortUrl)).status).toBe(410);
  expect((await scan(page, usedUp.shortUrl)).status).toBe(302);

  await page.goto('/codes');
  // The table shows each code's badges in its row.
  const badgesOf = (title: string) =>
    page.getByTestId('code-row').filter({ hasText: title }).getByTestId('code-badge');
  await expect(badgesOf('Expired one')).toHaveText([/^Expired/]);
  await expect(badgesOf('Scheduled one')).toHaveText([/^Scheduled/]);
  await expect(badgesOf('Capped one')).toHaveText([/^Capped: 0 of 50 scans used/]);
  await expect(badgesOf('Locked one')).toHaveText([/^Locked/]);
  await expect(badgesOf('Plain one')).toHaveCount(0);
  // The scan is counted when it is recorded, which may trail the redirect a little.
  await expect(async () => {
    await page.reload();
    await expect(badgesOf('Used-up one')).toHaveText([/^Used up/], { timeout: 1_000 });
  }).toPass();

  // The password is never shown back: the form says "Protected" and offers to remove it.
  const locked = await openCodeCard(page, 'Locked one');
  await locked.getByRole('button', { name: /^Edit/ }).first().click();
  const edit = locked.getByRole('form', { name: /^Edit / });
  await expect(edit.getByTestId('password-state')).toContainText('Protected');
  await expect(edit.locator('input[type=password]')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Remove password' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(locked.getByTestId('code-badge')).toHaveCount(0);
});
