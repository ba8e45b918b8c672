import { baseUrl, expect, signUp, test, uniqueEmail } from './fixtures.js';

test("the landing page's example calls this instance's own API, and works as printed", async ({
  page,
  request,
}) => {
  await signUp(page, uniqueEmail('landing'));
  await page.goto('/api-keys');
  await page.getByRole('textbox', { name: 'Name' }).fill('landing example');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-key-secret').textContent())?.trim() ?? '';
  expect(key).toMatch(/^rq_/);

  await page.goto('/');
  const sample = page.locator('.theme-code-block').filter({ hasText: 'curl -X POST' });
  await expect(sample).toContainText(`curl -X POST ${baseUrl()}/api/v1/qrcodes`);
  const text = (await sample.locator('code').textContent()) ?? '';
  expect(text).not.toContain('rq.codes');

  // Run it as a reader would, with their key in RQ_API_KEY.
  const url = /curl -X POST (\S+)/.exec(text)?.[1] ?? '';
  const body = /-d '([\s\S]*)'/.exec(text)?.[1] ?? '';
  const created = await request.post(url, {
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    data: body,
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await created.json()).shortUrl).toBe(`${baseUrl()}/r/spring-menu`);
});
