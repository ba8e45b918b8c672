import { expect, openAccountMenu, signIn, signUp, test, uniqueEmail, waitForAuthState } from './fixtures.js';

test.describe('sign-in with the Firebase Auth emulator', () => {
  test('sign up, sign out, sign in again; Logout lands on /', async ({ page }) => {
    const email = uniqueEmail('cycle');
    await signUp(page, email, 'Ada Lovelace');
    // Signed up on /login without a `next`: the site sends the new user home.
    await expect(page).toHaveURL(/\/$/);
    const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    // Emulator accounts have no photo: the default avatar we ship stands in.
    await expect(avatar).toHaveAttribute('src', /\/img\/default-avatar\.svg$/);

    await page.goto('/docs/intro');
    await openAccountMenu(page);
    await page.locator('.dropdown__menu').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email);
    await openAccountMenu(page);
    // The account menu (the navbar's other dropdown is the docs version).
    const accountMenu = page.locator('.dropdown__menu', {
      has: page.getByRole('button', { name: 'Logout', exact: true }),
    });
    await expect(accountMenu).toContainText('Ada Lovelace');
    await expect(accountMenu).toContainText(email);
  });

  test('a wrong password is explained in place', async ({ page }) => {
    const email = uniqueEmail('wrong');
    await signUp(page, email);
    await openAccountMenu(page);
    await page.locator('.dropdown__menu').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.locator('form[aria-label="Sign in"] button[type=submit]').click();
    await expect(page.getByRole('alert')).toHaveText('The email or password is wrong.');
  });

  test('the account menu links to the workspace settings, codes, rules, subscriptions, API keys, webhooks, hostnames and analytics, then Logout', async ({
    page,
    request,
  }) => {
    await signUp(page, uniqueEmail('menu'));
    await openAccountMenu(page);
    const menu = page.locator('.dropdown__menu');
    const links = menu.getByRole('link');
    await expect(links).toHaveText([
      'Workspace settings',
      'Codes',
      'Rules',
      'GS1 items',
      'Subscriptions',
      'API keys',
      'Webhooks',
      'Hostnames',
      'Analytics',
    ]);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/workspace',
      '/codes',
      '/rules',
      '/gs1',
      '/subscriptions',
      '/api-keys',
      '/webhooks',
      '/hosts',
      '/analytics',
    ]);
    for (const href of hrefs) {
      expect((await request.get(href ?? '')).status(), href ?? '').toBe(200);
    }
    await expect(menu.locator('li').last()).toHaveText('Logout');

    // Following a menu link is a client-side navigation to the page.
    await menu.getByRole('link', { name: 'Hostnames' }).click();
    await expect(page).toHaveURL(/\/hosts$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hostnames');
  });

  test('a page that needs an account sends a signed-out visitor to /login and back', async ({ page }) => {
    const email = uniqueEmail('next');
    await signUp(page, email);
    await openAccountMenu(page);
    await page.locator('.dropdown__menu').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await waitForAuthState(page);

    await page.goto('/api-keys');
    await expect(page).toHaveURL(/\/login\?next=%2Fapi-keys$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/api-keys$/);
    await expect(page.getByRole('heading', { name: 'Create a key' })).toBeVisible();
  });
});
