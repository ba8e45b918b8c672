import { baseUrl, expect, test, waitForAuthState } from './fixtures.js';

test('every navbar and footer link resolves', async ({ page, request }) => {
  await page.goto('/');
  await waitForAuthState(page);
  // External links take their URL from the deployment's settings, which arrive after hydration.
  const apiReference = page.locator('.navbar').getByRole('link', { name: 'API reference' });
  await expect(apiReference).toHaveAttribute('href', `${baseUrl()}/api/docs`);
  const marketplace = page.locator('footer').getByRole('link', { name: 'API pricing' });
  await expect(marketplace).toHaveAttribute('href', process.env.RQ_E2E_MARKETPLACE_URL ?? '');

  const collect = (selector: string) =>
    page
      .locator(selector)
      .evaluateAll((anchors) =>
        anchors.map((a) => ({ label: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })),
      );
  const navbar = await collect('.navbar a[href]');
  const footer = await collect('footer a[href]');

  expect(navbar.map((l) => l.href)).toEqual([
    '/',
    '/docs/intro',
    '/tutorials/first-QR-code',
    `${baseUrl()}/api/docs`,
    // The docs version dropdown: its toggle (the chosen version), then Next and v1.
    '/docs/intro',
    '/docs/next/intro',
    '/docs/intro',
    '/qr-design-tool',
    '/codes',
    '/api-keys',
    '/hosts',
    '/analytics',
    '/login',
  ]);
  expect(footer.map((l) => l.href)).toEqual([
    '/increase-limit',
    '/increase-redirects-limit',
    process.env.RQ_E2E_MARKETPLACE_URL,
    '/contact-us',
    '/terms-of-service',
    '/privacy-policy',
    '/cookie-policy',
    'https://www.apache.org/licenses/LICENSE-2.0',
    'https://db-ip.com',
  ]);

  for (const { label, href } of [...navbar, ...footer]) {
    if (href.startsWith('/') || href.startsWith(baseUrl())) {
      const response = await request.get(href);
      expect(response.status(), `${label} → ${href}`).toBe(200);
      expect(response.headers()['content-type'], href).toContain('text/html');
    }
  }
});
