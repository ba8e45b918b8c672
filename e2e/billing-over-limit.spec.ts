import { expect, signUp, test, uniqueEmail } from './fixtures.js';
import { callApi, idTokenOf, subscribeThroughPayPal } from './paypal.js';

/** A phone browser's User-Agent: scans from it are human scans, which count. */
const HUMAN_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Scans `url` `count` times, a few at a time, as phones would; answers the last Location. */
async function scan(url: string, count: number, userAgent = HUMAN_UA): Promise<string | null> {
  let location: string | null = null;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const response = await fetch(url, { redirect: 'manual', headers: { 'user-agent': userAgent } });
      expect(response.status).toBeGreaterThanOrEqual(300);
      expect(response.status).toBeLessThan(400);
      location = response.headers.get('location');
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return location;
}

interface Overview {
  limits: { redirectsPerMonth: number | null };
  usage: { redirectsThisMonth: number };
  overLimit: boolean;
}

test('over the free redirect limit, every signed-in page shows the banner until a plan raises the limit', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('over-limit');
  await signUp(page, email);
  const token = await idTokenOf(email);
  const limit = (await callApi<Overview>(token, 'GET', '/subscriptions')).body.limits.redirectsPerMonth ?? 0;
  expect(limit).toBe(1_000);

  const code = await callApi<{ shortUrl: string }>(token, 'POST', '/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/menu',
  });
  expect(code.status).toBe(201);

  // Bots are recorded but do not count; people do.
  await scan(code.body.shortUrl, 20, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
  await scan(code.body.shortUrl, limit - 1);
  await expect
    .poll(
      async () => (await callApi<Overview>(token, 'GET', '/subscriptions')).body.usage.redirectsThisMonth,
      {
        timeout: 20_000,
      },
    )
    .toBe(limit - 1);
  await page.goto('/subscriptions');
  await expect(page.getByTestId('usage-redirects-words')).toHaveText('999 of 1,000 redirects');
  await expect(page.getByTestId('over-limit-banner')).toHaveCount(0);

  // The thousandth human scan reaches the limit: the code still redirects.
  expect(await scan(code.body.shortUrl, 1)).toBe('https://example.com/menu');
  await expect
    .poll(async () => (await callApi<Overview>(token, 'GET', '/subscriptions')).body.overLimit, {
      timeout: 20_000,
    })
    .toBe(true);

  // The banner on any signed-in page, with the numbers and the way out.
  await page.goto('/');
  const banner = page.getByRole('complementary', { name: 'Redirect limit reached' });
  await expect(banner).toContainText('1,000 of 1,000 redirects used.');
  await expect(banner).toContainText('Your codes keep working, but they go to their default target');
  await expect(banner.getByRole('link', { name: 'Raise the limit' })).toHaveAttribute(
    'href',
    '/increase-redirects-limit',
  );
  await page.goto('/hosts');
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'See usage' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByTestId('over-limit-state')).toContainText("Over this month's redirect limit.");
  await expect(page.getByTestId('usage-redirects-words')).toHaveText('1,000 of 1,000 redirects');
  expect(await scan(code.body.shortUrl, 1)).toBe('https://example.com/menu');

  // A plan lifts the limit: the banner goes, on the next page as on this one.
  await subscribeThroughPayPal(email, 'basic');
  await expect
    .poll(async () => (await callApi<Overview>(token, 'GET', '/subscriptions')).body.overLimit, {
      timeout: 20_000,
    })
    .toBe(false);
  await page.goto('/subscriptions');
  await expect(page.getByTestId('usage-redirects-words')).toHaveText('1,001 of 10,000 redirects');
  await expect(page.getByTestId('over-limit-state')).toHaveCount(0);
  await expect(banner).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
