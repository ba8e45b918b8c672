import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Resvg } from '@resvg/resvg-js';
import { createDesign, renderSvg } from '@rq/qr';
import { pngPixels, rasterize } from '@rq/qr/node';
import { baseUrl, expect, signUp, test, uniqueEmail } from './fixtures.js';
import { callApi, idTokenOf } from './paypal.js';

/** A small square logo (SVG: the upload path sniffs and sanitises it like any image). */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" rx="2" fill="#e11d48"/><circle cx="5" cy="5" r="3" fill="#fff"/></svg>';

const badge = (page: Page) => page.getByTestId('scan-badge');
const preview = (page: Page) => page.getByTestId('preview');

async function openTool(page: Page, query = '') {
  await page.goto(`/qr-design-tool${query}`);
  await expect(badge(page)).toHaveText('Scans');
}

/** The design the tool's address holds (`?design=`), rewritten shortly after the last change; null before. */
function linkedDesign(page: Page) {
  const param = new URL(page.url()).searchParams.get('design');
  return param ? JSON.parse(Buffer.from(param, 'base64url').toString('utf8')) : null;
}

async function setUrl(page: Page, url: string) {
  await page.locator('#dt-content-url').fill(url);
}

/** zbarimg's reading of an image file: the data of the one QR code in it. */
function zbar(file: string): string {
  return execFileSync('zbarimg', ['--quiet', '--raw', '-Sbinary', file]).toString('utf8').replace(/\n$/, '');
}

function tempFile(name: string, bytes: Uint8Array | string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-design-tool-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

async function downloadOf(page: Page, button: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  return fs.readFileSync(file);
}

/** The style the tool shows as JSON (what "Copy style JSON" copies; an uploaded logo shortened). */
async function styleOf(page: Page): Promise<Record<string, unknown>> {
  const details = page.locator('details', { has: page.getByText('Style JSON', { exact: true }) });
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await details.locator('summary').click();
  }
  return JSON.parse((await page.getByTestId('style-json').textContent()) ?? '{}');
}

test('changing the dot type and colour changes the live preview, which still scans', async ({ page }) => {
  await openTool(page);
  const before = await preview(page).innerHTML();
  await page.getByLabel('Dot type', { exact: true }).selectOption('dots');
  await expect(preview(page)).not.toHaveJSProperty('innerHTML', before);
  const afterType = await preview(page).innerHTML();
  await page.getByLabel('Dots colour (hex)', { exact: true }).fill('#1d4ed8');
  await expect(preview(page).locator('svg path[fill="#1d4ed8"]')).toHaveCount(1);
  expect(await preview(page).innerHTML()).not.toBe(afterType);
  await expect(badge(page)).toHaveText('Scans');
});

test('a light colour turns the badge to the contrast reason, in the API words, and marks the field', async ({
  page,
  request,
}) => {
  await openTool(page);
  await page.getByLabel('Dots colour (hex)', { exact: true }).fill('#dddddd');
  await expect(badge(page)).toHaveText('Contrast too low');
  const detail = await page.locator('#dt-verdict-detail').textContent();
  expect(detail).toContain('/style/dots/color');
  await expect(page.locator('#dt-style-dots-color')).toHaveAttribute('aria-invalid', 'true');
  // The API refuses the same design with the same words.
  const style = await styleOf(page);
  const answer = await request.post(`${baseUrl()}/api/v1/render`, {
    data: { data: 'https://rq.codes', style, format: 'svg' },
  });
  expect(answer.status()).toBe(422);
  const problem = await answer.json();
  expect(problem.code).toBe('unscannable_design');
  expect(problem.reason).toBe('contrast_too_low');
  expect(problem.detail).toBe(detail?.replace('/style/', '/body/style/'));
  // Going to the field focuses it; a dark colour again scans.
  await page.getByRole('button', { name: 'Go to the field' }).click();
  await expect(page.locator('#dt-style-dots-color')).toBeFocused();
  await page.getByLabel('Dots colour (hex)', { exact: true }).fill('#222222');
  await expect(badge(page)).toHaveText('Scans');
  await expect(page.locator('#dt-style-dots-color')).not.toHaveAttribute('aria-invalid', 'true');
});

test('an uploaded logo is drawn in the preview and the design still scans', async ({ page }) => {
  await openTool(page);
  await page.getByLabel('Upload a logo').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(LOGO_SVG),
  });
  await expect(preview(page).locator('svg image')).toHaveCount(1);
  await expect(badge(page)).toHaveText('Scans');
  await expect(page.getByLabel(/^Logo size/)).toBeVisible();
  const style = await styleOf(page);
  expect((style.logo as { src: string }).src).toMatch(/^data:image\/svg\+xml;base64,/);
});

test('the downloaded SVG, PNG and CMYK PDF decode with zbarimg to the exact data, and the SVG is the API’s byte for byte', async ({
  page,
  request,
}) => {
  const data = 'https://example.com/spring-menu?table=12';
  await openTool(page);
  await setUrl(page, data);
  await page.getByRole('button', { name: 'Indigo gradient' }).click();
  await page
    .getByLabel('Upload a logo')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO_SVG) });
  await page.getByLabel('A frame with a call to action').check();
  await expect(badge(page)).toHaveText('Scans');
  await page.getByLabel('Download size').selectOption('512');

  const svg = await downloadOf(page, 'Download SVG');
  const png = await downloadOf(page, 'Download PNG');
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.readUInt32BE(16)).toBe(512);
  expect(zbar(tempFile('code.png', png))).toBe(data);
  // The PDF for print, in CMYK: vector from the API, read after poppler rasterises it.
  await page.getByLabel(/CMYK for print/).check();
  const pdf = await downloadOf(page, 'Download PDF');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdfFile = tempFile('code.pdf', pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', pdfFile, pdfFile.replace(/\.pdf$/, '')]);
  expect(zbar(pdfFile.replace(/\.pdf$/, '.png'))).toBe(data);
  // zbarimg reads raster images: the SVG is drawn by resvg (as a vector editor or printer would) first.
  const svgAsPng = new Resvg(svg, { fitTo: { mode: 'width', value: 512 }, background: '#ffffff' })
    .render()
    .asPng();
  expect(zbar(tempFile('code-from-svg.png', svgAsPng))).toBe(data);

  // The API renders the same style to the very same bytes.
  const fromApi = await request.post(`${baseUrl()}/api/v1/render`, {
    data: { data, style: { ...(await copiedStyle(page)), size: 512 }, format: 'svg' },
  });
  expect(fromApi.status()).toBe(200);
  expect(await fromApi.text()).toBe(svg.toString('utf8'));
});

/** The style "Copy style JSON" copies (the whole logo, not shortened). */
async function copiedStyle(page: Page): Promise<Record<string, unknown>> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy style JSON' }).click();
  await expect(page.getByText('Copied the style as JSON')).toBeVisible();
  return JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
}

for (const dotType of ['square', 'rounded', 'classy-rounded'] as const) {
  test(`the ${dotType} SVG has no clip-path and no hairline gaps: resvg and Chromium draw the same modules`, async ({
    page,
  }) => {
    const data = 'https://rq.codes/hairline-check';
    await openTool(page);
    await setUrl(page, data);
    await page.getByLabel('Dot type', { exact: true }).selectOption(dotType);
    // A size that is not a whole number of pixels per module: where seams between shapes would show.
    await page.getByLabel('Download size').selectOption('300');
    await expect(badge(page)).toHaveText('Scans');
    const svg = (await downloadOf(page, 'Download SVG')).toString('utf8');
    expect(svg).not.toMatch(/clip-?path/i);
    const style = await copiedStyle(page);
    expect(svg).toBe(renderSvg(data, { ...style, size: 300 }));

    const design = createDesign(data, { ...style, size: 300 });
    const scale = 300 / design.width;
    expect(Number.isInteger(scale)).toBe(false);
    const fromResvg = rasterize(svg, 300);
    await page.setViewportSize({ width: 400, height: 400 });
    await page.setContent(
      `<html><body style="margin:0;background:#fff"><img width="300" height="300" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`,
    );
    const fromChromium = pngPixels(await page.screenshot({ clip: { x: 0, y: 0, width: 300, height: 300 } }));
    const darkAt = (image: { data: Uint8Array | Uint8ClampedArray; width: number }, x: number, y: number) => {
      const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
      return (
        (image.data[i] as number) + (image.data[i + 1] as number) + (image.data[i + 2] as number) < 3 * 128
      );
    };
    // A seam is a pixel between two dark modules that is lighter than a quarter of the way to white.
    const solidAt = (
      image: { data: Uint8Array | Uint8ClampedArray; width: number },
      x: number,
      y: number,
    ) => {
      const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
      return (
        (image.data[i] as number) + (image.data[i + 1] as number) + (image.data[i + 2] as number) < 3 * 80
      );
    };
    const { size, modules } = design.matrix;
    const at = (row: number, col: number) => modules[row * size + col] === 1;
    // The finder patterns are drawn in their own shapes (rounded corners); the data modules are compared.
    const inFinder = (row: number, col: number) =>
      (row < 8 && col < 8) || (row < 8 && col >= size - 8) || (row >= size - 8 && col < 8);
    let seams = 0;
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        if (inFinder(row, col)) continue;
        const x = (design.originX + col + 0.5) * scale;
        const y = (design.originY + row + 0.5) * scale;
        // Every module's centre is the same colour in both renderers, and the matrix's.
        expect(darkAt(fromResvg, x, y), `resvg at ${row},${col}`).toBe(at(row, col));
        expect(darkAt(fromChromium, x, y), `chromium at ${row},${col}`).toBe(at(row, col));
        // Between two dark neighbours (right and below) there is no light seam, in either renderer.
        if (at(row, col) && col + 1 < size && at(row, col + 1)) {
          const edgeX = (design.originX + col + 1) * scale;
          for (const image of [fromResvg, fromChromium]) {
            if (!solidAt(image, edgeX, y) || !solidAt(image, edgeX - 0.5, y)) seams++;
          }
        }
        if (at(row, col) && row + 1 < size && at(row + 1, col)) {
          const edgeY = (design.originY + row + 1) * scale;
          for (const image of [fromResvg, fromChromium]) {
            if (!solidAt(image, x, edgeY) || !solidAt(image, x, edgeY - 0.5)) seams++;
          }
        }
      }
    }
    expect(seams).toBe(0);
  });
}

/** The print-stress result of the design now in the preview, once it is done. */
async function freshScore(page: Page): Promise<number> {
  const sequence = await preview(page).getAttribute('data-sequence');
  const score = page.locator(`[data-score][data-state="done"][data-sequence="${sequence}"]`);
  await expect(score).toBeVisible({ timeout: 20_000 });
  return Number(await score.getAttribute('data-score'));
}

test('the print-stress test scores the design and names the stresses it fails', async ({ page }) => {
  await openTool(page);
  const strong = await freshScore(page);
  await expect(page.locator('[data-score] li')).toHaveCount(8);
  // The same design in a pale ink that still passes the 3:1 check is more fragile under print stress.
  for (const layer of ['Dots', 'Corner squares', 'Corner dots']) {
    await page.getByLabel(`${layer} colour (hex)`, { exact: true }).fill('#8a8a8a');
  }
  await expect(badge(page)).toHaveText('Scans');
  const pale = await freshScore(page);
  expect(pale).toBeLessThan(strong);
  await expect(page.locator('[data-score] li[data-ok="false"]', { hasText: 'faded ink' })).not.toHaveCount(0);
});

test('a logo given by URL is fetched and drawn, and the style keeps the URL for the API', async ({
  page,
}) => {
  await openTool(page);
  const url = `${baseUrl()}/img/logo.svg`;
  await page.getByLabel('Or a logo URL').fill(url);
  await page.getByRole('button', { name: 'Use URL' }).click();
  await expect(preview(page).locator('svg image')).toHaveCount(1);
  await expect(badge(page)).toHaveText('Scans');
  expect((await styleOf(page)).logo).toMatchObject({ src: url });
});

test('at 390 px the tool fits the screen and works from the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTool(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  const before = await preview(page).innerHTML();
  const dotType = page.getByLabel('Dot type', { exact: true });
  await dotType.focus();
  await page.keyboard.press('ArrowDown');
  await expect(dotType).not.toHaveValue('rounded');
  await expect(preview(page)).not.toHaveJSProperty('innerHTML', before);
  // Tab reaches the next control; a range moves with the arrow keys.
  const margin = page.getByLabel(/^Quiet zone/);
  await margin.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(badge(page)).toHaveText('Quiet zone too small');
  await expect(page.locator('#dt-verdict-detail')).toContainText('/style/margin');
  // Every control of the tool has a name a screen reader reads.
  const unnamed = await page.locator('main input, main select, main textarea').evaluateAll((elements) =>
    elements
      .filter((element) => {
        const input = element as HTMLInputElement;
        return !input.labels?.length && !input.getAttribute('aria-label') && input.type !== 'hidden';
      })
      .map((element) => element.outerHTML),
  );
  expect(unnamed).toEqual([]);
});

test('the design is in the URL: the link opens the same design', async ({ page, context }) => {
  await openTool(page);
  await page.getByRole('button', { name: 'Sunset radial' }).click();
  await page.getByRole('radio', { name: 'Wi-Fi' }).check();
  await page.getByLabel('Network name (SSID)').fill('Garden Cafe');
  await expect(badge(page)).toHaveText('Scans');
  // The address is rewritten shortly after the last change; it then holds this very design.
  const linked = () => linkedDesign(page);
  await expect.poll(() => linked()?.c?.ssid).toBe('Garden Cafe');
  expect(linked()?.s?.dots?.type).toBe('classy');
  const shown = await preview(page).innerHTML();
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('scan-badge')).toHaveText('Scans');
  expect(await other.getByTestId('preview').innerHTML()).toBe(shown);
  await expect(other.getByLabel('Network name (SSID)')).toHaveValue('Garden Cafe');
});

test('each kind of content edits its own fields: what is typed is what the design holds', async ({
  page,
}) => {
  await openTool(page);
  const kinds: { radio: string; fields: Record<string, string>; holds: Record<string, string> }[] = [
    { radio: 'Text', fields: { Text: 'Hello there' }, holds: { text: 'Hello there' } },
    {
      radio: 'Email',
      fields: { To: 'ada@example.com', 'Subject (optional)': 'Hi', 'Body (optional)': 'See you' },
      holds: { to: 'ada@example.com', subject: 'Hi', body: 'See you' },
    },
    { radio: 'Phone', fields: { 'Phone number': '+4930123' }, holds: { number: '+4930123' } },
    {
      radio: 'SMS',
      fields: { 'Phone number': '+4930456', 'Message (optional)': 'Table 4' },
      holds: { number: '+4930456', message: 'Table 4' },
    },
    {
      radio: 'Contact (vCard)',
      fields: {
        Name: 'Ada Lovelace',
        'Organisation (optional)': 'Engines',
        'Phone (optional)': '+44207',
        'Email address (optional)': 'ada@engines.example',
        'Website (optional)': 'https://engines.example',
        'Address (optional)': '12 St James Sq',
      },
      holds: {
        name: 'Ada Lovelace',
        org: 'Engines',
        phone: '+44207',
        email: 'ada@engines.example',
        url: 'https://engines.example',
        address: '12 St James Sq',
      },
    },
  ];
  const linked = () => linkedDesign(page)?.c;
  for (const { radio, fields, holds } of kinds) {
    await page.getByRole('radio', { name: radio, exact: true }).check();
    for (const [label, value] of Object.entries(fields))
      await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    await expect.poll(linked).toMatchObject(holds);
    await expect(badge(page)).toHaveText('Scans');
  }
});

test('?code=<id> opens a code’s style and saves the change back to the code', async ({ page }) => {
  const email = uniqueEmail('design-tool');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const created = await callApi<{ id: string; shortUrl: string }>(token, 'POST', '/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/menu',
    style: {
      dots: { type: 'square', color: '#0f172a' },
      logo: { src: `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`, size: 0.08 },
    },
  });
  expect(created.status).toBe(201);
  // The stored style holds the logo as an asset URL: the tool fetches its bytes to draw it.
  const before = await callApi<{ style: { logo: { src: string } } }>(
    token,
    'GET',
    `/qrcodes/${created.body.id}`,
  );
  expect(before.body.style.logo.src).toMatch(/^\/api\/v1\/assets\/ast_/);
  await page.goto(`/qr-design-tool?code=${created.body.id}`);
  await expect(page.getByText('Editing the style of')).toBeVisible();
  await expect(page.getByText(created.body.shortUrl)).toBeVisible();
  await expect(page.getByLabel('Dot type', { exact: true })).toHaveValue('square');
  await expect(preview(page).locator('svg image')).toHaveCount(1);
  await expect(badge(page)).toHaveText('Scans');
  await page.getByLabel('Dot type', { exact: true }).selectOption('classy');
  await page.getByRole('button', { name: 'Save style to the code' }).click();
  await expect(page.getByText('Saved the style to')).toBeVisible();
  const stored = await callApi<{ style: { dots: { type: string } } }>(
    token,
    'GET',
    `/qrcodes/${created.body.id}`,
  );
  expect(stored.body.style.dots.type).toBe('classy');
});
