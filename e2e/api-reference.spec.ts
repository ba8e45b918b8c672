import type { Page } from '@playwright/test';
import { baseUrl, expect, test } from './fixtures.js';

/**
 * Every URL the page asks for (documents, scripts, fonts, fetches, sockets), recorded from the
 * start. Anything not for this server is also blocked, so a failing run cannot leak either.
 */
async function recordRequests(page: Page): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('websocket', (socket) => requested.push(socket.url()));
  const local = new URL(baseUrl()).origin;
  await page.route('**/*', (route) =>
    new URL(route.request().url()).origin === local ? route.continue() : route.abort('blockedbyclient'),
  );
  return requested;
}

/**
 * Opens the reference and waits until it has rendered. It fetches and parses the whole OpenAPI
 * document (about 1 MB) and renders every operation: on a loaded two-core CI machine beside another
 * browser that took over 30 s, so its tests get a limit to match. A limit, not a measure.
 */
async function openReference(page: Page) {
  test.setTimeout(120_000);
  const response = await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'RQ Codes API' }).first()).toBeVisible({ timeout: 60_000 });
  return response;
}

async function openOperation(page: Page, group: string, operation: string): Promise<void> {
  await page.getByRole('button', { name: `Open Group - ${group}` }).click();
  await page.getByRole('link', { name: new RegExp(`^${operation} HTTP Method`) }).click();
  await expect(page.getByRole('heading', { name: operation, exact: true })).toBeVisible();
}

/** Sends an operation's example request from the reference's own client; answers the URL sent. */
async function tryRequest(page: Page, path: string): Promise<URL> {
  await page.getByRole('button', { name: `Test Request (get ${path})`, exact: true }).click();
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === path);
  await page.getByRole('button', { name: /^Send/ }).first().click();
  const url = new URL((await sent).url());
  await page.getByRole('button', { name: 'Close Client' }).click();
  return url;
}

test('the API reference at /api/docs makes no request that leaves the machine', async ({ page }) => {
  const requested = await recordRequests(page);
  const response = await openReference(page);
  expect(response?.status()).toBe(200);

  // Use it as a reader would: search, read an operation, try a request from the page.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('signing secret');
  await expect(page.getByRole('dialog')).toContainText('The signing secret, masked');
  await page.keyboard.press('Escape');
  await openOperation(page, 'qrcodes', 'List QR codes');
  await tryRequest(page, '/api/v1/qrcodes');
  await page.waitForLoadState('networkidle');

  const origins = new Set(requested.map((url) => new URL(url).origin));
  expect([...origins]).toEqual([new URL(baseUrl()).origin]);
  expect(requested).toContain(`${baseUrl()}/api/openapi.json`);
});

test('the API reference has no cloud features: no AI chat, MCP, Share, Deploy or hosted client', async ({
  page,
}) => {
  await openReference(page);
  await expect(page.getByRole('button', { name: /Test Request/ }).first()).toBeVisible();
  const controls = page.locator('button, a, [role=button]');
  for (const name of [
    /Ask AI/i,
    /MCP/,
    /VS Code/,
    /Cursor/,
    /Share/,
    /Deploy/,
    /Developer Tools/,
    /Open API Client/i,
  ]) {
    await expect(controls.filter({ hasText: name }), String(name)).toHaveCount(0);
  }
});

test('the "List QR codes" example request filters nothing: no mode is pre-selected', async ({ page }) => {
  await openReference(page);
  await openOperation(page, 'qrcodes', 'List QR codes');
  await expect(page.getByText(`curl '${baseUrl()}/api/v1/qrcodes?limit=50'`)).toBeVisible();
  await expect(page.getByText(/qrcodes\?[^ ']*mode=/)).toHaveCount(0);
  // Tried from the page, the request lists every code too.
  const sent = await tryRequest(page, '/api/v1/qrcodes');
  expect(sent.searchParams.has('mode')).toBe(false);
});
