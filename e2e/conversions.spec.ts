import fs from 'node:fs';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { baseUrl, expect, openCodeCard, signUp, test, uniqueEmail } from './fixtures.js';
import { callApiOk, idTokenOf } from './paypal.js';

/**
 * Conversions and experiments on the site (issue 47): a sticky split code scanned by phones (each
 * its own browser cookies and user agent), sales reported through the API with a key for the scans
 * of variant B, the experiment panel under the code's rules showing per variant the scanners,
 * conversions and the API's verdict, and "Keep the winner" rewriting the rule so every scan goes to B.
 */

const CONTROL = 'https://shop.example.com/a';
const VARIANT_B = 'https://shop.example.com/b';

/** A phone: its own cookie jar (the split's sticky cookie) and user agent (its own scanner). */
interface Phone {
  context: APIRequestContext;
  variant: string;
  scanIds: string[];
}

/** Scans the short URL as a camera app does (one GET, redirect not followed): where it went and its rq_id. */
async function scan(phone: APIRequestContext, shortUrl: string): Promise<{ target: string; scanId: string }> {
  const response = await phone.get(shortUrl, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  const location = new URL(response.headers().location ?? '');
  const scanId = location.searchParams.get('rq_id');
  expect(scanId, `the target ${location} carries rq_id`).toBeTruthy();
  location.searchParams.delete('rq_id');
  return { target: location.toString(), scanId: scanId ?? '' };
}

function phoneAgent(n: number): string {
  return `Mozilla/5.0 (Linux; Android 14; Pixel ${n} Build/UQ1A.240105.004) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36`;
}

test('a split code scanned by two phones, sales for B, the experiment panel and Keep the winner', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('conversions');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const ruleName = `Landing split ${Date.now().toString(36)}`;
  const rule = await callApiOk<{ id: string }>(token, 'POST', '/rules', {
    name: ruleName,
    then: {
      split: [
        { url: CONTROL, weight: 50 },
        { url: VARIANT_B, weight: 50 },
      ],
      sticky: true,
    },
  });
  const title = `Spring poster ${Date.now().toString(36)}`;
  const code = await callApiOk<{ id: string; shortUrl: string }>(token, 'POST', '/qrcodes', {
    mode: 'redirect',
    target: 'https://shop.example.com/',
    title,
    rules: [rule.id],
    attribution: { enabled: true, parameter: 'rq_id' },
  });

  // Phones scan until one has landed on each variant (each 50%); each scans twice and, the split
  // being sticky, sees the same variant both times and counts as one scanner.
  const phones: Phone[] = [];
  const disposers: APIRequestContext[] = [];
  try {
    for (let n = 1; n <= 40; n++) {
      if (phones.some((p) => p.variant === CONTROL) && phones.some((p) => p.variant === VARIANT_B)) break;
      const context = await playwrightRequest.newContext({ userAgent: phoneAgent(n), baseURL: baseUrl() });
      disposers.push(context);
      const first = await scan(context, code.shortUrl);
      const second = await scan(context, code.shortUrl);
      expect(second.target, 'a sticky split sends a phone to the same variant').toBe(first.target);
      phones.push({ context, variant: first.target, scanIds: [first.scanId, second.scanId] });
    }
    const onA = phones.filter((p) => p.variant === CONTROL);
    const onB = phones.filter((p) => p.variant === VARIANT_B);
    expect(onA.length).toBeGreaterThan(0);
    expect(onB.length).toBeGreaterThan(0);

    // A back office reports a sale for each phone on B, with an API key that may only do that.
    const key = await callApiOk<{ key: string }>(token, 'POST', '/api-keys', {
      name: 'Shop backend',
      scopes: ['conversions:write'],
    });
    for (const [i, phone] of onB.entries()) {
      const sale = {
        scanId: phone.scanIds[0],
        type: 'sale',
        amount: 1999,
        currency: 'EUR',
        externalId: `order-${i}`,
      };
      const response = await page.request.post(`${baseUrl()}/api/v1/conversions`, {
        headers: { authorization: `Bearer ${key.key}` },
        data: sale,
      });
      expect(response.status(), await response.text()).toBe(201);
      // Reported again (a retry): the same conversion, not a second one.
      const again = await page.request.post(`${baseUrl()}/api/v1/conversions`, {
        headers: { authorization: `Bearer ${key.key}` },
        data: sale,
      });
      expect(again.status()).toBe(200);
    }

    // Scans are recorded a moment after the redirect: wait until the experiment counts them all.
    interface Read {
      variants: { scanners: number; conversions: number }[];
      verdict: { text: string };
    }
    await expect
      .poll(async () => {
        const read = await callApiOk<Read>(token, 'GET', `/rules/${rule.id}/experiment`);
        return read.variants.map((v) => [v.scanners, v.conversions]);
      })
      .toEqual([
        [onA.length, 0],
        [onB.length, onB.length],
      ]);
    const experiment = await callApiOk<Read>(token, 'GET', `/rules/${rule.id}/experiment`);

    // The panel under the code's rules.
    await page.goto('/codes');
    const card = await openCodeCard(page, title);
    await card.getByRole('button', { name: /^Rules/ }).click();
    const panel = card.getByTestId('experiment-panel');
    await expect(panel.getByRole('heading', { name: `Experiment: ${ruleName}` })).toBeVisible();
    await expect(panel.getByRole('columnheader', { name: 'Scanners' })).toBeVisible();
    const rowA = panel.getByTestId('variant-A');
    const rowB = panel.getByTestId('variant-B');
    await expect(rowA.getByTestId('variant-count')).toHaveText(String(onA.length));
    await expect(rowA.getByTestId('variant-conversions')).toHaveText('0');
    await expect(rowA).toContainText('control');
    await expect(rowB.getByTestId('variant-count')).toHaveText(String(onB.length));
    await expect(rowB.getByTestId('variant-conversions')).toHaveText(String(onB.length));
    await expect(rowB.getByTestId('variant-rate')).toHaveText('100.0%');
    await expect(rowB).toContainText(`€${(19.99 * onB.length).toFixed(2)}`);
    await expect(rowB).toContainText('95%');
    // A handful of scanners prove nothing yet: the panel says what the API says.
    expect(experiment.verdict.text).toMatch(/not enough data/i);
    await expect(panel.getByTestId('experiment-verdict')).toHaveText(experiment.verdict.text);

    // Keep the winner: B, after a confirmation.
    await panel.getByLabel('Winner').selectOption({ label: 'B' });
    await panel.getByRole('button', { name: 'Keep the winner' }).click();
    const dialog = panel.getByRole('alertdialog', { name: `Keep B of ${ruleName}` });
    await expect(dialog).toContainText(VARIANT_B);
    await dialog.getByRole('button', { name: 'Send everyone to B' }).click();
    await expect(panel.getByTestId('winner-kept')).toHaveText(
      `Winner kept: everyone is sent to B (${VARIANT_B}).`,
    );
    await expect(rowA.getByRole('cell').first()).toHaveText('0%');
    await expect(rowB.getByRole('cell').first()).toHaveText('100%');
    await expect(panel.getByRole('button', { name: 'Keep the winner' })).toHaveCount(0);

    // The rule changed: every phone, even one that was on A, now goes to B.
    const changed = await callApiOk<{ then: { split: { url: string; weight: number }[] } }>(
      token,
      'GET',
      `/rules/${rule.id}`,
    );
    expect(changed.then.split).toMatchObject([
      { url: CONTROL, weight: 0 },
      { url: VARIANT_B, weight: 100 },
    ]);
    for (const phone of phones) expect((await scan(phone.context, code.shortUrl)).target).toBe(VARIANT_B);

    // On the analytics dashboard, beside the scans: the sales, their rate and revenue, and the
    // rule's row of the rules table with its conversions.
    await page.goto('/analytics');
    await expect(page.getByTestId('stat-conversions')).toContainText(`Conversions${onB.length}`);
    await expect(page.getByTestId('stat-revenue')).toContainText(`€${(19.99 * onB.length).toFixed(2)}`);
    await expect(page.getByTestId('stat-conversion-rate')).toContainText('%');
    const rules = page.getByTestId('breakdown-rule');
    await expect(rules.getByRole('columnheader', { name: 'Conversions' })).toBeVisible();
    await expect(rules.getByRole('row', { name: new RegExp(ruleName) })).toContainText(
      `€${(19.99 * onB.length).toFixed(2)}`,
    );
    // The rules table's CSV has the same conversions and revenue (in euros) beside the scans.
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download rules as CSV' }).click();
    const csv = fs
      .readFileSync(await (await downloaded).path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    const header = csv[0]?.split(',') ?? [];
    expect(header).toEqual(expect.arrayContaining(['conversions', 'conversionRate', 'revenue EUR']));
    const ruleRow = csv.find((line) => line.startsWith(`${rule.id},`))?.split(',') ?? [];
    expect(ruleRow[header.indexOf('conversions')]).toBe(String(onB.length));
    expect(Number(ruleRow[header.indexOf('revenue EUR')])).toBeCloseTo(19.99 * onB.length, 2);
  } finally {
    for (const context of disposers) await context.dispose();
  }
});

test('a code’s attribution in its editor and the workspace’s default and window in its settings', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('attribution');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const title = `Flyer ${Date.now().toString(36)}`;
  const code = await callApiOk<{ id: string; shortUrl: string }>(token, 'POST', '/qrcodes', {
    mode: 'redirect',
    target: 'https://shop.example.com/flyer?x=1',
    title,
  });
  const phone = await playwrightRequest.newContext({ userAgent: phoneAgent(8), baseURL: baseUrl() });
  try {
    // Off by default: the target is reached as it is.
    const plain = await phone.get(code.shortUrl, { maxRedirects: 0 });
    expect(plain.headers().location).toBe('https://shop.example.com/flyer?x=1');

    // In the code's editor: on, under a parameter of the user's choosing.
    await page.goto('/codes');
    const card = await openCodeCard(page, title);
    await card.getByRole('button', { name: /^Edit/ }).first().click();
    const fields = card.getByTestId('attribution-fields');
    await fields
      .getByLabel('Scan id on the target')
      .selectOption({ label: 'On: hand the target the scan id' });
    await fields.getByLabel('Parameter name').fill('src');
    await expect(fields.getByTestId('attribution-preview')).toContainText(
      'https://shop.example.com/flyer?x=1&src=<scan id>',
    );
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('form', { name: /^Edit/ })).toHaveCount(0);
    const tagged = await phone.get(code.shortUrl, { maxRedirects: 0 });
    expect(tagged.headers().location).toMatch(/^https:\/\/shop\.example\.com\/flyer\?x=1&src=[\w-]+$/);

    // A bad parameter name is refused at its field.
    await card.getByRole('button', { name: /^Edit/ }).first().click();
    await fields.getByLabel('Parameter name').fill('no spaces');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(fields.getByRole('textbox', { name: 'Parameter name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  } finally {
    await phone.dispose();
  }

  // The workspace's default and window.
  await page.goto('/workspace');
  const settings = page.getByRole('form', { name: 'Conversion settings' });
  await expect(settings.getByLabel('Attribution window (days)')).toHaveValue('30');
  await settings.getByLabel('Hand targets the scan id by default').check();
  await settings.getByLabel('Attribution window (days)').fill('14');
  await settings.getByRole('button', { name: 'Save conversion settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Conversion settings saved.');
  const saved = await callApiOk<{ attribution: { enabled: boolean; parameter: string }; windowDays: number }>(
    token,
    'GET',
    '/conversions/settings',
  );
  expect(saved).toEqual({ attribution: { enabled: true, parameter: 'rq_id' }, windowDays: 14 });
  await page.reload();
  await expect(settings.getByLabel('Attribution window (days)')).toHaveValue('14');
});
