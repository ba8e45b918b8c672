import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import {
  baseUrl,
  builtDocsRoutes,
  expect,
  isDocsPage,
  SEED_ROUTES,
  signUp,
  test,
  uniqueEmail,
} from './fixtures.js';
import { callApi, idTokenOf } from './paypal.js';

/**
 * WCAG 2.1 AA: no serious or critical axe-core violation on any seed route or product page, for a
 * visitor and for a signed-in user with data, at desktop and phone width, in light and dark.
 */

// The three tests share nothing: two workers run them side by side.
test.describe.configure({ mode: 'parallel' });

const root = path.resolve(import.meta.dirname, '..');

/** The seed's site map (§2) and a path the site does not know (its not-found page). */
const PAGES = [...SEED_ROUTES, '/no-such-page'];

/**
 * Every page in web/src/pages, so a page added later is checked too; `reactOnly`: the pages
 * written in React only, whose content can depend on who is signed in.
 */
function productPages({ reactOnly = false } = {}): string[] {
  const dir = path.join(root, 'web/src/pages');
  return fs
    .readdirSync(dir)
    .filter((file) => (reactOnly ? /\.tsx$/ : /\.(tsx|md|mdx)$/).test(file))
    .map((file) => file.replace(/\.(tsx|md|mdx)$/, ''))
    .map((name) => (name === 'index' ? '/' : `/${name}`));
}

const unique = (routes: string[]) => [...new Set(routes)];

const DESKTOP = { name: 'desktop', width: 1280, height: 800 } as const;
const PHONE = { name: 'phone', width: 390, height: 844 } as const;
type Viewport = typeof DESKTOP | typeof PHONE;
type Scheme = 'light' | 'dark';
/**
 * Both widths and both schemes, each once: for the docs pages, which share one layout, and for the
 * panels opened in place (link controls, a tested scan, the experiment panel), on pages whose
 * layout the route audits meet at every width and scheme.
 */
const EACH_ONCE: [Viewport, Scheme][] = [
  [DESKTOP, 'light'],
  [PHONE, 'dark'],
];

/** Waits until the page shows what it is about (for signed-in pages: their data), fonts drawn. */
async function settle(page: Page, route: string, signedIn: boolean): Promise<void> {
  // Signed-in /analytics holds a live stream open and never goes network-idle.
  const loadedIsEnough = (signedIn && route === '/analytics') || isDocsPage(route);
  await page.waitForLoadState(loadedIsEnough ? 'load' : 'networkidle');
  if (signedIn) {
    if (route === '/api-keys') await expect(page.getByTestId('api-key-row').first()).toBeVisible();
    if (route === '/codes') await expect(page.getByTestId('code-row')).toHaveCount(2);
    if (route === '/rules') await expect(page.getByTestId('rule')).toHaveCount(2);
    if (route === '/webhooks') await expect(page.getByText('No endpoints yet. Add one above.')).toBeVisible();
    if (route === '/analytics')
      await expect(page.getByTestId('analytics-empty').or(page.getByTestId('stat-scans'))).toBeVisible();
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Past the cookie notice's and the Loading bar's transitions: axe reads the colours shown.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * What every page of the site has around its own part: the navbar, the footer and the cookie
 * notice. On the docs pages they are left out of the audit (they are audited in full on the seed's
 * docs and tutorials routes, at every width and scheme); the page-level rules (title, language,
 * landmarks, skip link) still run on each page, as does everything in its content and sidebar.
 */
const SHARED_LAYOUT = ['nav.navbar', 'footer.footer', 'section[aria-label="Cookie notice"]'];

/** The code list at this width and scheme, with the titled code's card opened in place from its row. */
async function openCodeCard(page: Page, title: string, viewport: Viewport, scheme: Scheme) {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto('/codes');
  await page
    .getByTestId('code-row')
    .filter({ hasText: title })
    .getByRole('button', { name: /^Details/ })
    .click();
  return page.getByRole('article', { name: title });
}

/** Lets the page finish what a colour-scheme change starts: the theme attribute, then transitions. */
async function switchScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  // The site follows the system's preference as it changes (no theme chosen in these runs).
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
  await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Every route at both widths and in both schemes, at two audits a route instead of four: at desktop
 * width in one scheme and at phone width in the other, the routes taking light and dark in turn.
 * The phone layout is the desktop's content re-flowed under the mobile menu, so each scheme
 * meets each route's content, and each width meets each scheme on half the routes.
 */
async function auditEveryRoute(page: Page, routes: string[], signedIn: boolean): Promise<void> {
  const even = routes.filter((_, i) => i % 2 === 0);
  const odd = routes.filter((_, i) => i % 2 === 1);
  await auditRoutes(page, even, signedIn, [[DESKTOP, 'dark']]);
  await auditRoutes(page, odd, signedIn, [[DESKTOP, 'light']]);
  await auditRoutes(page, even, signedIn, [[PHONE, 'light']]);
  await auditRoutes(page, odd, signedIn, [[PHONE, 'dark']]);
}

/**
 * Visits every route at each width, and audits it in each of that width's schemes: the page is
 * loaded in the first and switched to the others in place, as a system's dark mode does. Each
 * page's violations are a soft assertion, so one run names every failing page.
 */
async function auditRoutes(
  page: Page,
  routes: string[],
  signedIn: boolean,
  combinations: [Viewport, Scheme][],
  skipped: string[] = [],
): Promise<void> {
  const viewports = [...new Set(combinations.map(([viewport]) => viewport))];
  for (const viewport of viewports) {
    const schemes = combinations.filter(([shown]) => shown === viewport).map(([, scheme]) => scheme);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const route of routes) {
      await page.emulateMedia({ colorScheme: schemes[0] });
      await page.goto(route);
      await settle(page, route, signedIn);
      for (const [index, scheme] of schemes.entries()) {
        if (index > 0) await switchScheme(page, scheme);
        const label = `${route} ${viewport.name} ${scheme}`;
        expect.soft(await page.locator('html').getAttribute('data-theme'), label).toBe(scheme);
        expect.soft(await axeViolations(page, { label, exclude: skipped }), label).toEqual([]);
      }
    }
  }
}

test.describe('signed out, before cookie consent', () => {
  // The cookie notice is part of every first visit: it is checked on every page.
  test.use({ acceptCookies: false });

  test('no serious or critical axe violation on any seed route or product page', async ({ page }) => {
    const routes = unique([...PAGES, ...productPages()]);
    test.setTimeout(routes.length * 3 * 10_000);
    await auditEveryRoute(page, routes, false);
  });

  test('no serious or critical axe violation on any docs or tutorials page', async ({ page }) => {
    // The docs pages share one layout, which the seed routes above check in every combination:
    // each docs page is audited once less that layout (SHARED_LAYOUT), the pages taking the
    // desktop-light and phone-dark turns in alternation, so both widths and both schemes meet every
    // kind of docs content. The released version: /docs/next is the same pages in the same layout.
    const routes = builtDocsRoutes().filter((route) => !route.startsWith('/docs/next/'));
    // A limit, not a measure: about 10 s a page here, twice that on a slower CI machine.
    test.setTimeout(routes.length * 20_000);
    for (const [index, combination] of EACH_ONCE.entries()) {
      const share = routes.filter((_, i) => i % EACH_ONCE.length === index);
      await auditRoutes(page, share, false, [combination], SHARED_LAYOUT);
    }
  });
});

test('signed in with a code, a rule and a key: no serious or critical axe violation', async ({ page }) => {
  // Every page whose content can depend on the session. The Markdown pages, the docs and
  // tutorials and the not-found page show a signed-in user what they show a visitor (audited
  // above at every width and scheme) but for the navbar's account menu, which every page here has.
  const routes = productPages({ reactOnly: true });
  test.setTimeout(90_000 + routes.length * 3 * 10_000);

  await signUp(page, uniqueEmail('a11y'));
  await page.goto('/api-keys');
  await page.getByRole('textbox', { name: 'Name' }).fill('Accessibility check');
  for (const scope of ['qrcodes:write', 'rules:write', 'analytics:read'])
    await page.getByRole('checkbox', { name: new RegExp(scope) }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-key-secret').textContent())?.trim() ?? '';
  expect(key).toMatch(/^rq_/);
  const headers = { authorization: `Bearer ${key}` };
  const post = async (url: string, data: object) => {
    const response = await page.request.post(`${baseUrl()}/api/v1${url}`, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    return (await response.json()) as { id: string };
  };
  const rule = await post('/rules', {
    name: 'Office hours',
    when: { all: [{ time: { from: '09:00', to: '17:00', days: [1, 2, 3, 4, 5], timeZone: 'UTC' } }] },
    then: { redirect: 'https://example.com/office', status: 302 },
  });
  await post('/rules', {
    name: 'Phones',
    when: { any: [{ os: ['ios', 'android'] }, { not: { country: ['US'] } }] },
    then: {
      split: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
    },
  });
  await post('/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/menu',
    title: 'Spring menu',
    tags: ['menu'],
    rules: [rule.id],
    // Link controls, so the card shows its badges (scheduled, capped, locked) and facts.
    activeFrom: '2099-01-01T09:00:00.000Z',
    maxScans: 500,
    password: 'open sesame',
    utm: { source: 'flyer', medium: 'print' },
  });
  await post('/qrcodes', {
    mode: 'static',
    data: { kind: 'text', text: 'Table 12' },
    title: 'Table card',
    tags: ['print'],
  });

  await auditEveryRoute(page, routes, true);
});

test('the link controls and a tested scan: no serious or critical axe violation', async ({ page }) => {
  // Each combination loads the code table (a thumbnail a row) and opens a code's card.
  test.setTimeout(240_000);
  const email = uniqueEmail('a11y-controls');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const call = async (url: string, data: object) => {
    const answer = await callApi<{ id: string }>(token, 'POST', url, data);
    expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(201);
    return answer.body;
  };
  const rule = await call('/rules', {
    name: 'iPhones',
    when: { os: ['ios'] },
    then: { redirect: 'https://apps.example.com/app' },
  });
  await call('/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/menu',
    title: 'Controlled',
    rules: [rule.id],
    expiresAt: '2020-01-01T00:00:00.000Z',
    maxScans: 10,
    password: 'open sesame',
    utm: { source: 'flyer' },
    apps: { android: 'https://play.google.com/store/apps/details?id=com.example' },
  });

  for (const [viewport, scheme] of EACH_ONCE) {
    const label = `${viewport.name} ${scheme}`;
    const card = await openCodeCard(page, 'Controlled', viewport, scheme);
    await card.getByRole('button', { name: /^Edit/ }).first().click();
    await expect(card.getByTestId('link-controls')).toHaveAttribute('open', '');
    await settle(page, '/codes', false);
    expect.soft(await axeViolations(page, { label: `/codes edit ${label}` })).toEqual([]);

    await card.getByRole('button', { name: /^Test a scan/ }).click();
    await card.getByRole('button', { name: 'Test this scan' }).click();
    await expect(card.getByTestId('scan-result')).toBeVisible();
    await settle(page, '/codes', false);
    expect.soft(await axeViolations(page, { label: `/codes test ${label}` })).toEqual([]);

    await page.goto('/qr-design-tool');
    const create = page.getByRole('form', { name: 'Create a dynamic code from this design' });
    await create.getByText('Link controls').click();
    await settle(page, '/qr-design-tool', false);
    expect.soft(await axeViolations(page, { label: `/qr-design-tool controls ${label}` })).toEqual([]);
  }
});

test.describe('tables', () => {
  test('a table wider than its column can be scrolled with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cookie-policy');
    await page.waitForLoadState('networkidle');
    const wide = page.locator('main table').first();
    await expect(wide).toBeVisible();
    const scrollsSideways = await wide.evaluate((table) => table.scrollWidth > table.clientWidth);
    expect(scrollsSideways).toBe(true);
    // The scrolling box takes focus, so arrow keys move it.
    await wide.focus();
    await expect(wide).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => wide.evaluate((table) => table.scrollLeft)).toBeGreaterThan(0);
  });
});

test('the experiment panel of a split rule and the conversion settings: no serious or critical axe violation', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('a11y-experiment');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const call = async (url: string, data: object) => {
    const answer = await callApi<{ id: string; shortUrl: string }>(token, 'POST', url, data);
    expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(201);
    return answer.body;
  };
  const rule = await call('/rules', {
    name: 'Landing A/B',
    then: {
      split: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
    },
  });
  const code = await call('/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/',
    title: 'Experimenting',
    rules: [rule.id],
    attribution: { enabled: true, parameter: 'rq_id' },
  });
  await page.request.get(code.shortUrl, { maxRedirects: 0 });

  for (const [viewport, scheme] of EACH_ONCE) {
    const label = `${viewport.name} ${scheme}`;
    const card = await openCodeCard(page, 'Experimenting', viewport, scheme);
    await card.getByRole('button', { name: /^Rules/ }).click();
    await expect(card.getByTestId('experiment-verdict')).toBeVisible();
    await card.getByRole('button', { name: 'Keep the winner' }).click();
    await expect(card.getByRole('alertdialog')).toBeVisible();
    await settle(page, '/codes', false);
    expect.soft(await axeViolations(page, { label: `/codes experiment ${label}` })).toEqual([]);

    await card.getByRole('button', { name: /^Edit/ }).first().click();
    await expect(card.getByTestId('attribution-fields')).toBeVisible();
    await settle(page, '/codes', false);
    expect.soft(await axeViolations(page, { label: `/codes attribution ${label}` })).toEqual([]);

    await page.goto('/workspace');
    await expect(page.getByRole('form', { name: 'Conversion settings' })).toBeVisible();
    await settle(page, '/workspace', false);
    expect.soft(await axeViolations(page, { label: `/workspace conversions ${label}` })).toEqual([]);
  }
});
