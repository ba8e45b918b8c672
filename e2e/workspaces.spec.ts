import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { baseUrl, expect, openAccountMenu, signUp, test, uniqueEmail } from './fixtures.js';
import { idTokenOf } from './paypal.js';

const EMULATOR_PROJECT = 'demo-rq';

function emulator(): string {
  const host = process.env.RQ_E2E_AUTH_EMULATOR_HOST_IN_USE;
  if (!host) throw new Error('the Auth emulator is not running');
  return `http://${host}`;
}

/**
 * Verifies the e-mail address of an emulator account the way its owner would: the emulator "sends"
 * the verification message, and its link (read from the emulator's outbox) is followed.
 */
async function verifyEmail(email: string): Promise<void> {
  const idToken = await idTokenOf(email);
  const sent = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });
  expect(sent.ok, await sent.text()).toBe(true);
  const outbox = (await (
    await fetch(`${emulator()}/emulator/v1/projects/${EMULATOR_PROJECT}/oobCodes`)
  ).json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = outbox.oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').pop();
  if (!code) throw new Error(`no verification e-mail for ${email}`);
  const applied = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:update?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode: code.oobCode }),
  });
  expect(applied.ok, await applied.text()).toBe(true);
}

/** Calls the API as `email` in `workspace`, as a script would. */
async function apiAs<T>(email: string, workspace: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}/api/v1${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${await idTokenOf(email)}`,
      ...(workspace ? { 'rq-workspace': workspace } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${pathname}: ${response.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Every API answer of 403 the page received. */
function watchForbidden(page: Page): string[] {
  const forbidden: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/'))
      forbidden.push(`${response.request().method()} ${response.url()}`);
  });
  return forbidden;
}

/** The account menu's entry for a workspace (its name and the user's role there). */
function workspaceEntry(page: Page, name: string) {
  return page.locator('.dropdown__menu').getByRole('button', { name: new RegExp(`^✓?\\s*${name}`) });
}

test('an owner invites by e-mail; the invitee accepts, edits a code as editor, sees a viewer’s read-only codes; the audit log names who did what', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ownerEmail = uniqueEmail('ws-owner');
  const inviteeEmail = uniqueEmail('ws-invitee');
  const workspaceName = `Acme ${Date.now().toString(36)}`;

  // The owner creates a team workspace from the account menu and works in it.
  await signUp(page, ownerEmail, 'Olive Owner');
  await openAccountMenu(page);
  await page.locator('.dropdown__menu').getByRole('button', { name: 'Create workspace' }).click();
  await page.getByRole('form', { name: 'Create workspace' }).getByLabel('Workspace name').fill(workspaceName);
  await page.getByRole('form', { name: 'Create workspace' }).getByRole('button', { name: 'Create' }).click();
  // Created and switched to: the menu closes and the page is drawn again for the new workspace.
  await expect(page.getByRole('form', { name: 'Create workspace' })).toHaveCount(0);
  await openAccountMenu(page);
  await expect(workspaceEntry(page, workspaceName)).toHaveAttribute('aria-current', 'true');
  await expect(workspaceEntry(page, workspaceName)).toContainText('Owner');
  await page.locator('.dropdown__menu').getByRole('link', { name: 'Workspace settings' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(workspaceName);
  await expect(page.getByTestId('my-role')).toHaveText('Owner');
  // The team's integrations are a link away.
  const integrations = page.getByRole('region', { name: 'Integrations' });
  await expect(integrations.getByRole('link', { name: 'webhooks' })).toHaveAttribute('href', '/webhooks');
  await expect(integrations.getByRole('link', { name: 'API keys' })).toHaveAttribute('href', '/api-keys');
  const workspaceId = await page.evaluate(
    () => Object.entries(window.localStorage).find(([key]) => key.startsWith('rqWorkspace:'))?.[1],
  );
  expect(workspaceId).toMatch(/^acct_/);

  // A code of the workspace, made by a script of the owner's.
  const slug = `ws-${Date.now().toString(36)}`;
  await apiAs(ownerEmail, workspaceId ?? '', 'POST', '/qrcodes', {
    mode: 'redirect',
    target: 'https://example.com/team',
    slug,
    title: `Team ${slug}`,
  });

  // The invitation: its link is shown once, with a copy button, and says it was not e-mailed.
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('E-mail').fill(inviteeEmail);
  await invite.getByLabel('Role').selectOption('editor');
  await invite.getByRole('button', { name: 'Invite' }).click();
  const sent = page.getByTestId('invitation-link');
  await expect(sent).toContainText(`${inviteeEmail} was not e-mailed`);
  await sent.getByRole('button', { name: /Copy/ }).click();
  await expect(sent.getByRole('button', { name: /Copied/ })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/invitations\/accept#token=/);
  await expect(page.getByTestId('invitation')).toContainText(inviteeEmail);
  // The team's settings as its owner (members, invitation, link, ownership, audit log) and the menu pass axe.
  await expect(page.getByTestId('event').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await openAccountMenu(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // The invitee, in another browser, signs up with the invited address and verifies it.
  const inviteeContext = await browser.newContext({ baseURL: baseUrl() });
  await inviteeContext.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  const invitee = await inviteeContext.newPage();
  const forbidden = watchForbidden(invitee);
  await signUp(invitee, inviteeEmail, 'Ivan Invitee');
  await verifyEmail(inviteeEmail);
  await invitee.goto(link);
  await expect(invitee.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
  expect(await axeViolations(invitee)).toEqual([]);
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee.getByRole('status').filter({ hasText: 'You joined' })).toContainText(workspaceName);
  await expect(invitee.getByTestId('my-role')).toHaveText('Editor');
  await openAccountMenu(invitee);
  await expect(workspaceEntry(invitee, workspaceName)).toHaveAttribute('aria-current', 'true');
  await expect(workspaceEntry(invitee, workspaceName)).toContainText('Editor');
  await invitee.keyboard.press('Escape');

  // As an editor: the workspace's code is there and can be retargeted.
  await invitee.goto('/codes');
  const openCard = () =>
    invitee
      .locator(`[data-testid="code-row"][data-slug="${slug}"]`)
      .getByRole('button', { name: /^Details/ })
      .click();
  await openCard();
  const card = invitee.locator(`[data-testid="code-card"][data-slug="${slug}"]`);
  await card.getByRole('button', { name: /^Edit/ }).first().click();
  const edit = card.getByRole('form', { name: `Edit ${slug}` });
  await edit.getByLabel('Target URL').fill('https://example.com/edited-by-editor');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('code-target')).toHaveText('https://example.com/edited-by-editor');

  // The owner makes them a viewer.
  await page.reload();
  const member = page.getByTestId('member').filter({ hasText: inviteeEmail });
  const role = member.getByRole('combobox', { name: /^Role of / });
  await role.selectOption('viewer');
  await expect(role).toHaveValue('viewer');
  await expect(role).toBeEnabled();

  // As a viewer: the codes show, editing is disabled with the reason, and no request is refused.
  await invitee.goto('/codes');
  await openCard();
  await expect(card).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'New code' })).toBeDisabled();
  await expect(invitee.getByTestId('create-refusal')).toHaveText(
    "Viewers can't create codes; ask an admin for the editor role.",
  );
  await expect(card.getByRole('button', { name: /^Edit/ }).first()).toBeDisabled();
  await expect(card.getByRole('button', { name: /^Delete/ })).toBeDisabled();
  await expect(card.getByTestId('code-refusal')).toContainText("Viewers can't change codes");
  expect(await axeViolations(invitee)).toEqual([]);
  await invitee.goto('/api-keys');
  await expect(invitee.getByTestId('api-keys-refusal')).toContainText("Viewers can't see or create API keys");
  // Webhooks are the admins' too: the page says so, and no page asks for them (the banner neither).
  await invitee.goto('/webhooks');
  await expect(invitee.getByTestId('webhooks-refusal')).toContainText("Viewers can't see or change webhooks");
  await invitee.goto('/workspace');
  await expect(invitee.getByTestId('my-role')).toHaveText('Viewer');
  await expect(invitee.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expect(invitee.getByText("Viewers can't read the audit log")).toBeVisible();
  await expect(invitee.locator('main')).not.toContainText(/403|forbidden/i);
  expect(forbidden).toEqual([]);

  // The audit log names each change with its actor.
  await page.reload();
  const events = page.getByTestId('event');
  const row = (type: string) =>
    events.filter({ has: page.locator('code', { hasText: new RegExp(`^${type}$`) }) });
  await expect(row('invitation.created').first()).toContainText(ownerEmail);
  await expect(row('invitation.accepted').first()).toContainText(inviteeEmail);
  await expect(row('member.updated').first()).toContainText(ownerEmail);
  await expect(row('workspace.created').first()).toContainText(ownerEmail);
  await expect(row('qrcode.created').first()).toContainText(ownerEmail);
  await expect(row('qrcode.created').first().getByRole('link')).toHaveAttribute(
    'href',
    /\/codes\/view\?id=qr_/,
  );
  await expect(row('qrcode.updated').first()).toContainText(inviteeEmail);
  await expect(row('qrcode.updated').first().getByRole('link')).toHaveAttribute(
    'href',
    /\/codes\/view\?id=qr_/,
  );
  // Filtered by member: only the invitee's own doings.
  await page.getByRole('form', { name: 'Filter the audit log' }).getByLabel('Member').selectOption({
    label: inviteeEmail,
  });
  await page
    .getByRole('form', { name: 'Filter the audit log' })
    .getByRole('button', { name: 'Filter' })
    .click();
  await expect(row('invitation.created')).toHaveCount(0);
  await expect(row('invitation.accepted').first()).toContainText(inviteeEmail);
  await expect(events.filter({ hasText: ownerEmail })).toHaveCount(0);

  // The owner removes the invitee: their stored choice is gone, so they are back in their personal workspace.
  const removed = page.getByTestId('member').filter({ hasText: inviteeEmail });
  await removed.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByTestId('member').filter({ hasText: inviteeEmail })).toHaveCount(0);
  await invitee.goto('/codes');
  await expect(invitee.getByTestId('codes-empty')).toBeVisible();
  await expect(card).toHaveCount(0);
  await openAccountMenu(invitee);
  await expect(workspaceEntry(invitee, workspaceName)).toHaveCount(0);
  await expect(invitee.locator('.dropdown__menu [aria-current="true"]')).toContainText('Personal');

  // Switching back to the personal workspace shows none of the team's codes.
  await openAccountMenu(page);
  await page
    .locator('.dropdown__menu')
    .getByRole('button', { name: /Olive Owner|Personal|ws-owner/ })
    .first()
    .click();
  await page.goto('/codes');
  await expect(page.getByTestId('codes-empty')).toBeVisible();
  await expect(page.locator(`[data-testid="code-card"][data-slug="${slug}"]`)).toHaveCount(0);
  await inviteeContext.close();
});

test('an invitation link asks a signed-out visitor to sign in, and says why a wrong account cannot accept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const ownerEmail = uniqueEmail('ws-owner2');
  await signUp(page, ownerEmail, 'Owner Two');
  const workspace = await apiAs<{ id: string }>(ownerEmail, '', 'POST', '/workspaces', { name: 'Refusals' });
  const invitation = await apiAs<{ url: string }>(
    ownerEmail,
    workspace.id,
    'POST',
    `/workspaces/${workspace.id}/invitations`,
    {
      email: uniqueEmail('ws-someone-else'),
      role: 'viewer',
    },
  );

  // Signed in as the owner, whose address is not the invited one (and not verified).
  await page.goto(invitation.url);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByTestId('accept-refusal')).toContainText(
    /Verify your e-mail address first|another e-mail address/,
  );

  // Signed out: the page asks to sign in and comes back to the link.
  await openAccountMenu(page);
  await page.locator('.dropdown__menu').getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await page.goto(invitation.url);
  await expect(page.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
});

test('on the Auth emulator, the accept page shows the verification link (no e-mail is claimed); it verifies the invitee and brings them back to accept', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail('ws-owner3');
  await signUp(page, ownerEmail, 'Owner Three');
  const workspaceName = `Linked ${Date.now().toString(36)}`;
  const workspace = await apiAs<{ id: string }>(ownerEmail, '', 'POST', '/workspaces', {
    name: workspaceName,
  });
  const inviteeEmail = uniqueEmail('ws-linked');
  const invitation = await apiAs<{ url: string }>(
    ownerEmail,
    workspace.id,
    'POST',
    `/workspaces/${workspace.id}/invitations`,
    { email: inviteeEmail, role: 'editor' },
  );

  const inviteeContext = await browser.newContext({ baseURL: baseUrl() });
  await inviteeContext.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  const invitee = await inviteeContext.newPage();
  await signUp(invitee, inviteeEmail, 'Lina Link');
  await invitee.goto(invitation.url);
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  const refusal = invitee.getByTestId('accept-refusal');
  await expect(refusal).toContainText('Verify your e-mail address first');
  const shown = invitee.getByTestId('verification-link');
  await expect(shown).toContainText('sends no e-mail, so none was sent');
  await expect(shown).toContainText(inviteeEmail);
  await expect(refusal).not.toContainText(/we sent|e-mailed/i);
  expect(await axeViolations(invitee)).toEqual([]);

  // The emulator verifies the address, then sends the invitee back to the invitation.
  await shown.getByRole('link', { name: 'Verify my e-mail address' }).click();
  await expect(invitee).toHaveURL(invitation.url);
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee.getByRole('status').filter({ hasText: 'You joined' })).toContainText(workspaceName);
  await expect(invitee.getByTestId('my-role')).toHaveText('Editor');
  await inviteeContext.close();
});

test('the accept page logs no console error, with or without a token, signed out or in', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/invitations/accept#token=not-a-real-token');
  await expect(page.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  await page.goto('/invitations/accept');
  await expect(page.getByRole('alert')).toContainText('This link carries no invitation');

  await signUp(page, uniqueEmail('ws-console'));
  await page.goto('/invitations/accept#token=not-a-real-token');
  await expect(page.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('messages for people: a second invitation to one address points to Resend and Revoke; a change made with a key names the key', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const ownerEmail = uniqueEmail('ws-words');
  const workspaceName = `Words ${Date.now().toString(36)}`;
  await signUp(page, ownerEmail, 'Wanda Words');
  await openAccountMenu(page);
  await page.locator('.dropdown__menu').getByRole('button', { name: 'Create workspace' }).click();
  await page.getByRole('form', { name: 'Create workspace' }).getByLabel('Workspace name').fill(workspaceName);
  await page.getByRole('form', { name: 'Create workspace' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('form', { name: 'Create workspace' })).toHaveCount(0);
  await page.goto('/workspace');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(workspaceName);
  const workspaceId = await page.evaluate(
    () => Object.entries(window.localStorage).find(([key]) => key.startsWith('rqWorkspace:'))?.[1] ?? '',
  );

  const invite = page.getByRole('form', { name: 'Invite a member' });
  const invitee = uniqueEmail('ws-twice');
  await invite.getByLabel('E-mail').fill(invitee);
  await invite.getByRole('button', { name: 'Invite' }).click();
  // Sent once the form is empty again (typed before that, the address would be cleared with it).
  await expect(invite.getByLabel('E-mail')).toHaveValue('');
  await invite.getByLabel('E-mail').fill(invitee);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByRole('alert')).toHaveText(
    'This address already has a pending invitation: use Resend beside it under Pending to send a new link, or Revoke to withdraw it.',
  );
  const pending = page.getByTestId('invitation').filter({ hasText: invitee });
  await expect(pending.getByRole('button', { name: 'Resend' })).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Revoke' })).toBeVisible();

  // A script's key changes a code: its history says which key, by the name it was given.
  const key = await apiAs<{ id: string; key: string }>(ownerEmail, workspaceId, 'POST', '/api-keys', {
    name: 'Deploy bot',
    scopes: ['qrcodes:read', 'qrcodes:write'],
  });
  const withKey = async (method: string, pathname: string, body: object) => {
    const response = await fetch(`${baseUrl()}/api/v1${pathname}`, {
      method,
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.ok, text).toBe(true);
    return JSON.parse(text) as { id: string };
  };
  const code = await withKey('POST', '/qrcodes', { mode: 'redirect', target: 'https://example.com/bot' });
  await withKey('PATCH', `/qrcodes/${code.id}`, { title: 'Made by the bot' });
  await page.goto(`/codes/view?id=${code.id}`);
  const history = page.getByTestId('history-event');
  await expect(history).toHaveCount(2);
  for (const row of await history.all()) await expect(row).toContainText('API key “Deploy bot”');
  await expect(page.locator('main')).not.toContainText(key.id);
  // Revoked since: still no id, and what became of the key.
  await apiAs(ownerEmail, workspaceId, 'DELETE', `/api-keys/${key.id}`);
  await page.reload();
  await expect(history.first()).toContainText('A revoked API key');
});
