import type { Page } from '@playwright/test';
import { baseUrl, expect, PASSWORD, signIn, test, uniqueEmail } from './fixtures.js';

/**
 * A code's page asks the API only for what the signed-in member's role may read (issue 49): a
 * viewer's page said "403" in the console, asking for the code's audit events, which only admins
 * and owners read. The team, its code and the viewer are made through the API and the Auth
 * emulator, as a script would; the pages are the browser's.
 */

interface Account {
  email: string;
  uid: string;
  idToken: string;
}

function emulator(): string {
  const host = process.env.RQ_E2E_AUTH_EMULATOR_HOST_IN_USE;
  if (!host) throw new Error('the Auth emulator is not running');
  return `http://${host}/identitytoolkit.googleapis.com/v1`;
}

async function emulatorCall<T>(path: string, body: unknown, admin = false): Promise<T> {
  const response = await fetch(`${emulator()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${path}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** A new emulator account with a verified address (as its verification link would make it). */
async function verifiedAccount(label: string): Promise<Account> {
  const email = uniqueEmail(label);
  const { localId } = await emulatorCall<{ localId: string }>('/accounts:signUp?key=any', {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  await emulatorCall('/projects/demo-rq/accounts:update', { localId, emailVerified: true }, true);
  const { idToken } = await emulatorCall<{ idToken: string }>('/accounts:signInWithPassword?key=any', {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  return { email, uid: localId, idToken };
}

async function api<T>(who: Account, method: string, path: string, body?: unknown, workspace?: string) {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.idToken}`,
      ...(workspace ? { 'rq-workspace': workspace } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** Every API request the page makes, with the status it got. */
function watchApi(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/'))
      seen.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** Signs in on /login and works in `workspace`, as the account menu's switcher would leave it. */
async function openCodePage(page: Page, who: Account, workspace: string, codeId: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, who.email);
  await page.evaluate(({ key, id }) => window.localStorage.setItem(key, id), {
    key: `rqWorkspace:${who.uid}`,
    id: workspace,
  });
  await page.goto(`/codes/view?id=${codeId}`);
}

test("a viewer's code page asks for nothing a viewer may not read; the owner's shows the code's history", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await verifiedAccount('code-page-owner');
  const viewer = await verifiedAccount('code-page-viewer');
  const team = await api<{ id: string }>(owner, 'POST', '/workspaces', { name: 'Code page team' });
  const code = await api<{ id: string; slug: string }>(
    owner,
    'POST',
    '/qrcodes',
    { mode: 'redirect', target: 'https://example.com/team', title: 'Team poster' },
    team.id,
  );
  await api(owner, 'PATCH', `/qrcodes/${code.id}`, { target: 'https://example.com/team-2' }, team.id);
  const invitation = await api<{ url: string }>(
    owner,
    'POST',
    `/workspaces/${team.id}/invitations`,
    { email: viewer.email, role: 'viewer' },
    team.id,
  );
  const token = new URL(invitation.url).hash.replace(/^#token=/, '');
  await api(viewer, 'POST', '/invitations/accept', { token });

  const requests = watchApi(page);
  await openCodePage(page, viewer, team.id, code.id);
  await expect(page.getByRole('heading', { level: 2, name: 'Team poster' })).toBeVisible();
  await expect(page.getByTestId('stat-scans')).toBeVisible();
  await expect(page.getByTestId('history-refusal')).toHaveText(
    "Viewers can't read the audit log; ask the owner for the admin role.",
  );
  await page.waitForLoadState('networkidle');
  const asked = requests.filter((line) => line.includes(' /api/v1/'));
  expect(asked.some((line) => line.includes(`/api/v1/qrcodes/${code.id}`))).toBe(true);
  expect(asked.filter((line) => line.startsWith('403 '))).toEqual([]);
  expect(asked.filter((line) => line.includes('/api/v1/events'))).toEqual([]);
  await expect(page.locator('main')).not.toContainText(/403|forbidden/i);

  // The owner, on the same page, reads the code's history: made, then retargeted.
  const ownerContext = await browser.newContext({ baseURL: baseUrl() });
  await ownerContext.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  const ownerPage = await ownerContext.newPage();
  await openCodePage(ownerPage, owner, team.id, code.id);
  const events = ownerPage.getByTestId('history-event');
  await expect(events.filter({ hasText: 'qrcode.updated' })).toContainText(owner.email);
  await expect(events.filter({ hasText: 'qrcode.created' })).toContainText(owner.email);
  await ownerContext.close();
});
