import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { baseUrl, expect, signUp, test, uniqueEmail } from './fixtures.js';
import { callApiOk, idTokenOf } from './paypal.js';

/**
 * GS1 Digital Link on the site (issue 46): an item registered with lot and serial levels on the
 * GS1 items page, its QR code made in the design tool and downloaded, read back with zbarimg, and
 * the decoded URI followed on the real resolver by an English and a German phone.
 */

/** A GTIN-14 no other run has registered (a key is registered once on our hosts), with its check digit. */
function freshGtin(): string {
  const digits = `0${String(Date.now()).slice(-12)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++)
    sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** zbarimg's reading of an image file: the data of the one QR code in it. */
function zbar(file: string): string {
  return execFileSync('zbarimg', ['--quiet', '--raw', '-Sbinary', file], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .toString('utf8')
    .replace(/\n$/, '');
}

async function downloadedPng(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rq-gs1-')), 'code.png');
  await download.saveAs(file);
  return file;
}

/** Fills one link row of the item form (a fieldset named "<level>: link <n>"). */
async function fillLink(row: Locator, link: { title: string; languages: string; href: string }) {
  await row.getByLabel('Title').fill(link.title);
  await row.getByLabel('Languages (comma-separated)').fill(link.languages);
  await row.getByLabel('Link URL').fill(link.href);
}

/** Where the resolver sends a phone with this Accept-Language (a 307's Location). */
async function follow(page: Page, uri: string, language: string): Promise<string> {
  const answer = await page.request.get(uri, { maxRedirects: 0, headers: { 'accept-language': language } });
  expect(answer.status(), await answer.text()).toBe(307);
  return answer.headers().location ?? '';
}

test('an item with lot and serial levels, registered on the site, prints a code that sends each phone to its language', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const gtin = freshGtin();
  await signUp(page, uniqueEmail('gs1'));
  await page.goto('/gs1');
  await expect(page.getByTestId('gs1-empty')).toBeVisible();

  const form = page.getByRole('form', { name: 'Register the item' });
  await form.getByLabel('Value', { exact: true }).fill(gtin);
  await form.getByLabel('Description').fill('Oat drink 1 l');
  await fillLink(form.getByRole('group', { name: 'The item itself: link 1' }), {
    title: 'Oat drink',
    languages: 'en',
    href: 'https://example.com/oat/en',
  });
  const itemLinks = form.getByRole('region', { name: 'Links of the item' });
  await itemLinks.getByRole('button', { name: 'Add a link' }).click();
  await fillLink(form.getByRole('group', { name: 'The item itself: link 2' }), {
    title: 'Haferdrink',
    languages: 'de',
    href: 'https://example.com/oat/de',
  });

  // A lot with links of its own, and every serial of that lot with links naming the serial.
  await form.getByRole('button', { name: 'Add a lot or serial level' }).click();
  const lot = form.getByRole('group', { name: 'Level 1', exact: true });
  await lot.getByLabel('Lot (10)').fill('LOT01');
  await fillLink(lot.getByRole('group', { name: 'Lot LOT01: link 1' }), {
    title: 'This lot',
    languages: 'en',
    href: 'https://example.com/oat/lot01/en',
  });
  await form.getByRole('button', { name: 'Add a lot or serial level' }).click();
  const serial = form.getByRole('group', { name: 'Level 2', exact: true });
  await serial.getByLabel('Lot (10)').fill('LOT01');
  await serial.getByLabel('Serial (21)').fill('{serialnumber}');
  await fillLink(serial.getByRole('group', { name: 'Lot LOT01, serial {serialnumber}: link 1' }), {
    title: 'Your pack',
    languages: 'en',
    href: 'https://example.com/oat/pack/{serialnumber}/en',
  });
  await serial.getByRole('button', { name: 'Add a link' }).click();
  await fillLink(serial.getByRole('group', { name: 'Lot LOT01, serial {serialnumber}: link 2' }), {
    title: 'Deine Packung',
    languages: 'de',
    href: 'https://example.com/oat/pack/{serialnumber}/de',
  });
  await form.getByRole('button', { name: 'Register the item' }).click();

  const detail = page.getByTestId('gs1-detail');
  await expect(detail.getByTestId('gs1-uri')).toHaveText(`${baseUrl()}/01/${gtin}`);
  await expect(page.getByTestId('gs1-item')).toHaveCount(1);
  // The list finds items by the start of their key and by a link type at any level.
  const finder = page.getByRole('form', { name: 'Find items' });
  await finder.getByLabel('Has a link of type').fill('gs1:recallStatus');
  await finder.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('gs1-none-found')).toBeVisible();
  await finder.getByLabel('Has a link of type').fill('gs1:pip');
  await finder.getByLabel('Key starts with').fill(gtin.slice(0, 8));
  await finder.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('gs1-item')).toHaveCount(1);

  // The linkset preview follows the lot and serial typed; "Test a scan" with a German phone.
  const tester = detail.getByRole('form', { name: 'Test a scan' });
  await tester.getByLabel('Serial').fill('S42');
  await expect(detail.getByTestId('gs1-linkset')).toContainText(`/01/${gtin}/10/LOT01/21/S42`);
  await expect(detail.getByTestId('gs1-linkset')).toContainText('https://example.com/oat/pack/S42/de');
  await tester.getByLabel('Phone').selectOption({ label: 'Android, German' });
  await tester.getByRole('button', { name: 'Test this scan' }).click();
  await expect(detail.getByTestId('gs1-scan-location')).toHaveText('https://example.com/oat/pack/S42/de');
  // The item's form, preview and tester as a screen reader meets them.
  expect(await axeViolations(page)).toEqual([]);

  // At a phone's width the item, its form, tester and preview fit the screen (the preview scrolls).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The design tool, opened from the item, makes its Digital Link code for lot LOT01, serial S42.
  await detail.getByRole('link', { name: 'Make its QR code in the design tool' }).click();
  await expect(page).toHaveURL(/\/qr-design-tool\?gs1=/);
  const fields = page.getByRole('group', { name: 'GS1 Digital Link' });
  await expect(fields.getByLabel('GTIN (14 digits)')).toHaveValue(gtin);
  await fields.getByLabel('Lot (optional)').fill('LOT01');
  await fields.getByLabel('Serial (optional)').fill('S42');
  const uri = `${baseUrl()}/01/${gtin}/10/LOT01/21/S42`;
  await expect(page.getByTestId('gs1-code-uri')).toContainText(uri);
  await expect(page.getByTestId('scan-badge')).toHaveText('Scans');

  const scanned = zbar(await downloadedPng(page));
  expect(scanned).toBe(uri);
  expect(await follow(page, scanned, 'en-GB,en;q=0.9')).toBe('https://example.com/oat/pack/S42/en');
  expect(await follow(page, scanned, 'de-DE,de;q=0.9,en;q=0.5')).toBe('https://example.com/oat/pack/S42/de');

  // Compressed with GS1's optimisations: a shorter code that resolves to the same links.
  await fields.getByLabel('Compression').selectOption('optimised');
  await expect(page.getByTestId('gs1-code-uri')).toContainText(`(the same as ${uri})`);
  await expect(page.getByTestId('scan-badge')).toHaveText('Scans');
  const compressed = zbar(await downloadedPng(page));
  expect(compressed).not.toBe(uri);
  expect(new URL(compressed).pathname.split('/')).toHaveLength(2);
  expect(await follow(page, compressed, 'de-DE,de;q=0.9')).toBe('https://example.com/oat/pack/S42/de');
  // A lot without serial gets the lot's own link; another lot walks up to the item's.
  expect(await follow(page, `${baseUrl()}/01/${gtin}/10/LOT01`, 'en')).toBe(
    'https://example.com/oat/lot01/en',
  );
  expect(await follow(page, `${baseUrl()}/01/${gtin}/10/LOT02`, 'de')).toBe('https://example.com/oat/de');
});

test('a GTIN with a wrong check digit is refused at its field, with the digit it should have', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('gs1-bad'));
  await page.goto('/gs1');
  const form = page.getByRole('form', { name: 'Register the item' });
  const gtin = freshGtin();
  const wrong = `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`;
  await form.getByLabel('Value', { exact: true }).fill(wrong);
  await expect(form.getByText(`The check digit of this GTIN would be ${gtin[13]}.`)).toBeVisible();
  await fillLink(form.getByRole('group', { name: 'The item itself: link 1' }), {
    title: 'Oat drink',
    languages: 'en',
    href: 'https://example.com/oat/en',
  });
  await form.getByRole('button', { name: 'Register the item' }).click();
  await expect(form.getByLabel('Value', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('gs1-item')).toHaveCount(0);
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test("an item's rules and link controls, edited on the site, steer its scans behind its password form", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const gtin = freshGtin();
  // The links' pages are not ours: the browser lands on a stand-in.
  await page.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Landed</title><p>Landed</p>' }),
  );
  const email = uniqueEmail('gs1-controls');
  await signUp(page, email);
  await page.goto('/gs1');
  const form = page.getByRole('form', { name: 'Register the item' });
  await form.getByLabel('Value', { exact: true }).fill(gtin);
  await fillLink(form.getByRole('group', { name: 'The item itself: link 1' }), {
    title: 'Tasting box',
    languages: '',
    href: 'https://example.com/tasting',
  });
  await form
    .getByRole('region', { name: 'Links of the item' })
    .getByRole('button', { name: 'Add a link' })
    .click();
  await fillLink(form.getByRole('group', { name: 'The item itself: link 2' }), {
    title: 'Open the app',
    languages: '',
    href: 'https://example.com/tasting/app',
  });
  await form.getByRole('button', { name: 'Register the item' }).click();
  const detail = page.getByTestId('gs1-detail');
  await expect(detail.getByTestId('gs1-uri')).toHaveText(`${baseUrl()}/01/${gtin}`);

  // The stored item's form: a rule for iPhones, a password and a UTM tag.
  const edit = detail.getByRole('form', { name: 'Save changes' });
  await edit.getByRole('button', { name: 'Add a rule' }).click();
  const rule = edit.getByTestId('gs1-rule');
  await rule.getByLabel('When').selectOption('os');
  await rule.getByLabel('Values').fill('ios');
  await rule.getByLabel('Send to').selectOption('https://example.com/tasting/app');
  await edit.getByText('Link controls: schedule, scan limit, password, UTM').click();
  await edit.getByLabel('Password (optional)').fill('first sip');
  await edit.getByLabel('UTM source').fill('pack');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`(01) ${gtin} saved.`)).toBeVisible();
  await expect(detail.getByTestId('password-state')).toContainText('Scanners enter a password first.');
  await expect(detail.getByTestId('gs1-rule').getByLabel('Values')).toHaveValue('ios');

  // "Test a scan" shows the form until the password is typed, then the rule's link for an iPhone.
  const tester = detail.getByRole('form', { name: 'Test a scan' });
  await tester.getByRole('button', { name: 'Test this scan' }).click();
  await expect(detail.getByTestId('gs1-scan-answer')).toContainText("the item's password form");
  await tester.getByLabel('Password typed').fill('first sip');
  await tester.getByRole('button', { name: 'Test this scan' }).click();
  await expect(detail.getByTestId('gs1-scan-location')).toHaveText(
    'https://example.com/tasting/app?utm_source=pack',
  );

  // A scanner meets the form at the item's URI; it posts back to that URI.
  const uri = `${baseUrl()}/01/${gtin}`;
  const locked = await page.request.get(uri, { maxRedirects: 0 });
  expect(locked.status()).toBe(200);
  await page.goto(uri);
  await page.getByLabel('Password').fill('not it');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right. Try again.');
  expect(new URL(page.url()).pathname).toBe(`/01/${gtin}`);
  await page.getByLabel('Password').fill('first sip');
  await page.getByRole('button', { name: 'Continue' }).click();
  // A desktop browser: no rule for it, the default link with the item's UTM tag.
  await expect(page).toHaveURL('https://example.com/tasting?utm_source=pack');
  // The pass is kept: an iPhone of the same person goes straight to the rule's link.
  const ruled = await page.request.get(uri, { maxRedirects: 0, headers: { 'user-agent': IPHONE } });
  expect(ruled.status()).toBe(307);
  expect(ruled.headers().location).toBe('https://example.com/tasting/app?utm_source=pack');

  // Printed compressed, the item's URI is one path segment: its form posts back there too.
  const written = await callApiOk<{ uri: string }>(await idTokenOf(email), 'POST', '/gs1/write-uri', {
    primaryKey: { ai: '01', value: gtin },
    compression: 'compressed',
  });
  expect(new URL(written.uri).pathname.split('/')).toHaveLength(2);
  await page.goto(written.uri);
  await page.getByLabel('Password').fill('first sip');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('https://example.com/tasting?utm_source=pack');
});

test('a company prefix registered on the site covers every GIAI that starts with it, the rest filled in', async ({
  page,
}) => {
  const prefix = `095060${String(Date.now()).slice(-6)}`;
  await signUp(page, uniqueEmail('gs1-prefix'));
  await page.goto('/gs1');
  const form = page.getByRole('form', { name: 'Register the item' });
  await form.getByLabel('Key', { exact: true }).selectOption('8004');
  await form.getByLabel('Cover every key with this company prefix (the rest filled in)').check();
  await form.getByLabel('Company prefix', { exact: true }).fill(prefix);
  await fillLink(form.getByRole('group', { name: 'The item itself: link 1' }), {
    title: 'Asset',
    languages: '',
    href: 'https://example.com/assets/{1}',
  });
  await form.getByRole('button', { name: 'Register the item' }).click();
  const detail = page.getByTestId('gs1-detail');
  await expect(detail.getByTestId('gs1-uri')).toHaveText(`${baseUrl()}/8004/${prefix}`);
  await expect(page.getByTestId('gs1-item')).toContainText('…');
  const answer = await page.request.get(`${baseUrl()}/8004/${prefix}PUMP7`, { maxRedirects: 0 });
  expect(answer.headers().location).toBe('https://example.com/assets/PUMP7');

  // Edited on the site: its links change, the prefix stays (a key never changes).
  const edit = detail.getByRole('form', { name: 'Save changes' });
  await expect(
    edit.getByLabel('Cover every key with this company prefix (the rest filled in)'),
  ).toBeDisabled();
  await edit
    .getByRole('group', { name: 'The item itself: link 1' })
    .getByLabel('Link URL')
    .fill('https://example.com/fleet/{1}');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`(8004) ${prefix} saved.`)).toBeVisible();
  const moved = await page.request.get(`${baseUrl()}/8004/${prefix}PUMP7`, { maxRedirects: 0 });
  expect(moved.headers().location).toBe('https://example.com/fleet/PUMP7');
});
