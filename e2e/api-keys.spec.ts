import { baseUrl, expect, signUp, test, uniqueEmail } from './fixtures.js';

test('create a key, call /api/v1/me with it, revoke it, and the key stops working', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('keys');
  await signUp(page, email);
  await page.goto('/api-keys');
  await expect(page.getByText('No keys yet. Create one above.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill('CI deploy');
  await page.getByRole('checkbox', { name: /analytics:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();

  const panel = page.getByTestId('new-key');
  await expect(panel).toContainText('Key “CI deploy” created');
  const key = (await page.getByTestId('new-key-secret').textContent())?.trim() ?? '';
  expect(key).toMatch(/^rq_/);
  await expect(panel.getByRole('button', { name: 'Copy' })).toBeVisible();

  const row = page.getByTestId('api-key-row').filter({ hasText: 'CI deploy' });
  await expect(row).toContainText('analytics:read');
  await expect(row).toContainText('qrcodes:write');

  // The key works against the real API.
  const me = await request.get(`${baseUrl()}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(email);

  // The secret is shown once: after a reload only the prefix is listed.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);

  // Revoking asks first; Cancel keeps the key.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByRole('alertdialog')).toContainText('Revoke “CI deploy”?');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('alertdialog')).toHaveCount(0);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(row).toHaveCount(0);

  const after = await request.get(`${baseUrl()}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
  expect(after.headers()['content-type']).toContain('application/problem+json');
});

test('an API error is shown in place, with the server detail', async ({ page }) => {
  await signUp(page, uniqueEmail('keys-error'));
  await page.goto('/api-keys');
  await expect(page.getByText('No keys yet. Create one above.')).toBeVisible();
  // No scopes at all: the API refuses the key and the form shows why, next to the fields.
  for (const box of await page.getByRole('checkbox').all()) await box.uncheck();
  await page.getByRole('textbox', { name: 'Name' }).fill('no scopes');
  await page.getByRole('button', { name: 'Create key' }).click();
  const problem = page.locator('form[aria-label="Create an API key"] .rq-error');
  await expect(problem).toBeVisible();
  await expect(problem).toContainText('scopes');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
});
