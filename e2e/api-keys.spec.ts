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

test('a key the API refuses is explained once, in a sentence, beside the form', async ({ page }) => {
  await signUp(page, uniqueEmail('keys-error'));
  await page.goto('/api-keys');
  await expect(page.getByText('No keys yet. Create one above.')).toBeVisible();
  // No scopes at all: the API refuses the key (400, field /body/scopes) and the form says what to do.
  for (const box of await page.getByRole('checkbox').all()) await box.uncheck();
  await page.getByRole('textbox', { name: 'Name' }).fill('no scopes');
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.locator('form[aria-label="Create an API key"]');
  await expect(form.getByRole('alert')).toHaveText('Choose at least one scope.');
  await expect(page.getByText('Choose at least one scope.')).toHaveCount(1);
  await expect(page.getByText('/body/scopes')).toHaveCount(0);

  // Fixed and sent again, the message goes and the key is made.
  await page.getByRole('checkbox', { name: /qrcodes:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-key')).toContainText('Key “no scopes” created');
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test('revoking the key just created also takes its secret off the screen', async ({ page, request }) => {
  await signUp(page, uniqueEmail('keys-revoke'));
  await page.goto('/api-keys');
  await page.getByRole('textbox', { name: 'Name' }).fill('short-lived');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-key-secret').textContent())?.trim() ?? '';
  expect(key).toMatch(/^rq_/);

  const row = page.getByTestId('api-key-row').filter({ hasText: 'short-lived' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  const after = await request.get(`${baseUrl()}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
});

test('revoking another key leaves the secret of the new one on screen', async ({ page }) => {
  await signUp(page, uniqueEmail('keys-other'));
  await page.goto('/api-keys');
  for (const name of ['old', 'new']) {
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-key')).toContainText(`Key “${name}” created`);
  }
  const old = page.getByTestId('api-key-row').filter({ hasText: 'old' });
  await old.getByRole('button', { name: 'Revoke' }).click();
  await old.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(old).toHaveCount(0);
  await expect(page.getByTestId('new-key')).toContainText('Key “new” created');
});

test('the signing secret is shown masked and can be rotated, the new one shown once', async ({ page }) => {
  await signUp(page, uniqueEmail('signing'));
  await page.goto('/api-keys');
  const panel = page.getByRole('region', { name: 'Signing secret' });
  const masked = panel.getByTestId('signing-secret-masked');
  await expect(masked).toHaveText(/^rqsig_•{8}[A-Za-z0-9_-]{4}$/);
  const before = (await masked.textContent()) ?? '';

  // Rotating asks first; Cancel keeps the secret.
  await panel.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(panel.getByRole('alertdialog')).toContainText('Rotate the signing secret?');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('alertdialog')).toHaveCount(0);
  await expect(masked).toHaveText(before);

  await panel.getByRole('button', { name: 'Rotate secret' }).click();
  await panel.getByRole('button', { name: 'Yes, rotate' }).click();
  const fresh = panel.getByTestId('new-signing-secret-secret');
  await expect(fresh).toHaveText(/^rqsig_[A-Za-z0-9_-]{40,}$/);
  const secret = (await fresh.textContent()) ?? '';
  // The masked view now names the new secret by its last characters.
  await expect(masked).toHaveText(`rqsig_••••••••${secret.slice(-4)}`);
  expect(secret.slice(-4)).not.toBe(before.slice(-4));

  // Shown once: after a reload only the masked form is left.
  await page.reload();
  await expect(masked).toHaveText(`rqsig_••••••••${secret.slice(-4)}`);
  await expect(page.getByText(secret)).toHaveCount(0);
});

test.describe('in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('a key set to expire on a day works until the end of that day on the user’s clock', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail('keys-la'));
    await page.goto('/api-keys');
    await expect(page.getByText('No keys yet. Create one above.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill('summer');
    await page.getByLabel('Expires (optional)').fill('2030-06-30');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/api-keys'));
    await page.getByRole('button', { name: 'Create key' }).click();
    // 23:59:59 on 30 June in Los Angeles (UTC-7 in summer), not midnight UTC, 7 hours earlier.
    expect((await sent).postDataJSON().expiresAt).toBe('2030-07-01T06:59:59.000Z');
    await expect(page.getByTestId('new-key')).toContainText('Key “summer” created');
  });
});
