import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { freePort } from '../scripts/lib/ports.mjs';
import { type ServerProcess, startServerProcess } from '../scripts/lib/server-process.mjs';
import { expect, openAccountMenu, PASSWORD, signIn, signUp, test, uniqueEmail } from './fixtures.js';

/**
 * `npm start` on the embedded defaults (SQLite and the Auth emulator in DATA_DIR) restarted on the
 * same data: the accounts are still there, with their workspace and codes. These tests run their
 * own `npm start` (scripts/start.mjs, on the builds as they are), not the suite's server.
 */
const root = path.resolve(import.meta.dirname, '..');

interface NpmStart {
  process: ServerProcess;
  base: string;
  /** The Auth emulator this run of `npm start` started, from the site's settings. */
  emulator: string;
}

async function npmStart(port: number, dataDir: string): Promise<NpmStart> {
  const started = await startServerProcess({
    port,
    argv: [path.join(root, 'scripts/start.mjs'), '--no-build'],
    env: {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      REDIS_URL: '',
      FIREBASE_PROJECT_ID: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      LOG_LEVEL: 'warn',
    },
    name: 'npm start',
    // The emulator starts first (about 10 s on a quiet machine), then the server.
    timeoutMs: 150_000,
  });
  const config = (await (await fetch(`${started.base}/api/v1/config`)).json()) as {
    firebase: { emulatorUrl?: string };
  };
  const emulator = config.firebase.emulatorUrl;
  if (!emulator) throw new Error('npm start did not sign in with the Auth emulator');
  return { process: started, base: started.base, emulator };
}

/** Every process `pid` started, and theirs (the server, the emulator's CLI, its watchdog), then `pid`. */
function processTree(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const children = (parent: number): number[] =>
    table.filter(([, ppid]) => ppid === parent).flatMap(([child]) => [...children(child), child]);
  return [...children(pid), pid];
}

/** As a power cut or the OOM killer would: no process gets to save anything on its way out. */
async function killEverything(run: NpmStart): Promise<void> {
  const pid = run.process.child.pid;
  if (pid === undefined) throw new Error('npm start has no process id');
  for (const each of processTree(pid)) {
    try {
      process.kill(each, 'SIGKILL');
    } catch {
      // ended already
    }
  }
  await run.process.exited;
}

/** A fresh browser (no stored sign-in) on this run of `npm start`. */
async function freshPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  return context.newPage();
}

async function idToken(emulator: string, email: string): Promise<string> {
  const response = await fetch(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const answer = (await response.json()) as { idToken?: string };
  if (!answer.idToken) throw new Error(`the emulator refused ${email}: ${JSON.stringify(answer)}`);
  return answer.idToken;
}

/** Calls the API as `email`, as a script of theirs would. */
async function apiAs<T>(run: NpmStart, email: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${run.base}/api/v1${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${await idToken(run.emulator, email)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${pathname}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** Signs up in the site, makes a code, and answers what must be there after a restart. */
async function signUpWithACode(browser: Browser, run: NpmStart, label: string) {
  const email = uniqueEmail(label);
  const name = `Rita ${label}`;
  const page = await freshPage(browser, run.base);
  await signUp(page, email, name);
  const slug = `${label}-${Date.now().toString(36)}`;
  await apiAs(run, email, 'POST', '/qrcodes', { mode: 'redirect', target: 'https://example.com/kept', slug });
  const { id: workspace } = await apiAs<{ id: string }>(run, email, 'GET', '/me');
  await page.context().close();
  return { email, name, slug, workspace };
}

/** Signs in with the same e-mail and password on a fresh browser and sees the same workspace and code. */
async function expectSameAccount(
  browser: Browser,
  run: NpmStart,
  account: Awaited<ReturnType<typeof signUpWithACode>>,
) {
  const page = await freshPage(browser, run.base);
  await page.goto('/login');
  await signIn(page, account.email);
  await openAccountMenu(page);
  const menu = page.locator('.dropdown__menu', {
    has: page.getByRole('button', { name: 'Logout', exact: true }),
  });
  await expect(menu).toContainText(account.name);
  await expect(menu).toContainText(account.email);
  await page.keyboard.press('Escape');
  await page.goto('/codes');
  await expect(page.locator(`[data-testid="code-row"][data-slug="${account.slug}"]`)).toBeVisible();
  const me = await apiAs<{ id: string }>(run, account.email, 'GET', '/me');
  expect(me.id).toBe(account.workspace);
  // A sign-up with the same address is refused: the account exists.
  await page.context().close();
  const again = await freshPage(browser, run.base);
  await again.goto('/login');
  await again.getByRole('tab', { name: 'Create account' }).click();
  await again.getByLabel('Name').fill('Someone Else');
  await again.getByLabel('Email').fill(account.email);
  await again.getByLabel('Password').fill(PASSWORD);
  await again.locator('form[aria-label="Create account"] button[type=submit]').click();
  await expect(again.getByRole('alert')).toHaveText(
    'An account with this email exists already: sign in instead.',
  );
  await again.context().close();
}

test.describe('accounts on the embedded sign-in survive a restart of npm start', () => {
  let dataDir: string;
  let run: NpmStart | undefined;
  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-e2e-restart-'));
  });
  test.afterEach(async () => {
    await run?.process.stop('SIGTERM', 20_000);
    run = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('stopped and started again on the same DATA_DIR', async ({ browser }) => {
    test.setTimeout(480_000);
    const port = await freePort();
    run = await npmStart(port, dataDir);
    const account = await signUpWithACode(browser, run, 'restart');
    await run.process.stop('SIGTERM', 30_000);
    expect(run.process.child.exitCode, run.process.output().slice(-2000)).toBe(0);

    run = await npmStart(port, dataDir);
    await expectSameAccount(browser, run, account);
  });

  test('killed with SIGKILL, every process at once, a few seconds after a sign-up', async ({ browser }) => {
    test.setTimeout(480_000);
    const port = await freePort();
    run = await npmStart(port, dataDir);
    const account = await signUpWithACode(browser, run, 'killed');
    // The moment the account (with its name) is in DATA_DIR: npm start saves within about a second.
    const saved = path.join(dataDir, 'auth-emulator/auth_export/accounts.json');
    await expect
      .poll(() => {
        const text = fs.existsSync(saved) ? fs.readFileSync(saved, 'utf8') : '{}';
        const { users = [] } = JSON.parse(text) as { users?: { email?: string; displayName?: string }[] };
        return users.some((user) => user.email === account.email && user.displayName === account.name);
      })
      .toBe(true);
    await killEverything(run);

    run = await npmStart(port, dataDir);
    await expectSameAccount(browser, run, account);
  });
});
