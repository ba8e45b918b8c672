import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { runPlansCommand, UsageError } from '../../src/modules/plans/plans-cli.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { processApi, processStorage, startServerProcess } from '../helpers/server-process.js';
import { billingEnv, buy, confirm, overview, type Standin, startPaypalStandin } from './billing-helpers.js';

const root = path.resolve(import.meta.dirname, '../../..');
const HOSTNAMES_ENV = { EDGE_HOSTNAME: 'edge.rq.example' };

function addHostname(t: TestApp, user: SignedInUser, hostname: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/hostnames',
    headers: user.headers,
    payload: { hostname },
  });
}

const rateLimitOf = async (t: TestApp, who: { headers: Record<string, string> }) =>
  Number(
    (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: who.headers })).headers[
      'ratelimit-limit'
    ],
  );

describe.each(engines)('limits from plans on $name', (engine) => {
  let paypal: Standin;
  let t: TestApp;

  beforeAll(async () => {
    paypal = await startPaypalStandin();
    t = await buildTestApp(engine, { env: billingEnv(paypal, HOSTNAMES_ENV) });
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  it('raises the API rate limit of keys as soon as a plan is bought', async () => {
    const user = await signedInUser(t);
    const key = await createApiKey(t, user, ['qrcodes:read']);
    expect(await rateLimitOf(t, key)).toBe(60);
    expect((await confirm(t, user, buy(paypal, user, 'pro').subscriptionId)).statusCode).toBe(201);
    expect(await rateLimitOf(t, key)).toBe(300);
  });

  it('refuses a custom hostname on free with a 402 naming the plan, and takes it with the Custom Hostnames plan', async () => {
    const user = await signedInUser(t);
    const refused = await addHostname(t, user, 'qr.shop-one.example');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'limit_reached',
      limit: 'hostnames',
      allowed: 0,
      plan: 'hostnames',
    });
    await confirm(t, user, buy(paypal, user, 'hostnames').subscriptionId);
    expect((await addHostname(t, user, 'qr.shop-one.example')).statusCode).toBe(201);
    expect((await overview(t, user)).usage.hostnames).toBe(1);
  });

  it('grants, lists and revokes plans through the operator command', async () => {
    const user = await signedInUser(t);
    const lines: string[] = [];
    const run = (...args: string[]) =>
      runPlansCommand(args, {
        db: t.database.handle.db,
        grants: t.app.plans.grants,
        print: (line) => lines.push(line),
      });

    expect(await run('grant', user.email, 'hostnames', '--until', '2099-01-31')).toBe(0);
    expect(lines.at(-1)).toBe(
      `Granted hostnames to ${user.email} (${user.workspaceId}) until 2099-02-01T00:00:00.000Z.`,
    );
    let view = await overview(t, user);
    expect(view.plans).toEqual(['free', 'hostnames']);
    expect(view.subscriptions[0]).toMatchObject({
      provider: 'operator',
      status: 'active',
      endsAt: '2099-02-01T00:00:00.000Z',
    });
    expect((await addHostname(t, user, 'qr.granted.example')).statusCode).toBe(201);

    // By Firebase uid and by account id too; a second grant of a plan moves its end.
    expect(await run('grant', user.uid, 'basic')).toBe(0);
    expect(await run('grant', user.workspaceId, 'hostnames')).toBe(0);
    view = await overview(t, user);
    expect(view.plans.sort()).toEqual(['basic', 'free', 'hostnames']);
    expect(view.subscriptions.map((s) => s.endsAt)).toEqual([null, null]);

    // A user cannot cancel what the operator granted.
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${view.subscriptions[0]!.id}`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(409);

    lines.length = 0;
    expect(await run('list', user.email)).toBe(0);
    expect(lines[0]).toBe('account\tplan\tprovider\tstatus\tuntil\tcounts');
    expect(
      lines
        .slice(1)
        .map((l) => l.split('\t').slice(0, 3).join(' '))
        .sort(),
    ).toEqual([`${user.workspaceId} basic operator`, `${user.workspaceId} hostnames operator`]);

    expect(await run('revoke', user.email, 'basic')).toBe(0);
    expect((await overview(t, user)).plans).toEqual(['free', 'hostnames']);
    expect(await run('revoke', user.email)).toBe(0);
    expect((await overview(t, user)).plans).toEqual(['free']);
    expect((await addHostname(t, user, 'qr.after-revoke.example')).statusCode).toBe(402);
  });

  it('says what is wrong with a command', async () => {
    const user = await signedInUser(t);
    const run = (...args: string[]) =>
      runPlansCommand(args, { db: t.database.handle.db, grants: t.app.plans.grants, print: () => {} });
    await expect(run('grant', user.email, 'platinum')).rejects.toThrow(/plan must be one of free, hostnames/);
    await expect(run('grant', 'nobody@example.com', 'pro')).rejects.toThrow(
      'No account is nobody@example.com.',
    );
    await expect(run('grant', user.email, 'pro', '--until', '2027-02-30')).rejects.toThrow(
      /--until must be a date/,
    );
    await expect(run('grant', user.email, 'pro', '--until', '2001-01-01')).rejects.toThrow(/in the past/);
    await expect(run('upgrade')).rejects.toBeInstanceOf(UsageError);
    expect((await overview(t, user)).plans).toEqual(['free']);
  });
});

describe('a server without PayPal', () => {
  it('has no limits by default, and HOSTNAMES_LIMIT still caps hostnames', async () => {
    const t = await buildTestApp(
      { name: 'sqlite' },
      { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), HOSTNAMES_LIMIT: '1', ...HOSTNAMES_ENV } },
    );
    try {
      const user = await signedInUser(t);
      expect((await addHostname(t, user, 'a.one.example')).statusCode).toBe(201);
      expect((await addHostname(t, user, 'b.one.example')).statusCode).toBe(402);
      const view = await overview(t, user);
      expect(view.limits).toEqual({ hostnames: 1, redirectsPerMonth: null, apiRequestsPerMinute: 600 });
    } finally {
      await t.close();
    }
  });

  it('holds every account to DEFAULT_PLAN when it is set, and grants lift it', async () => {
    const t = await buildTestApp(
      { name: 'sqlite' },
      { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), DEFAULT_PLAN: 'basic', ...HOSTNAMES_ENV } },
    );
    try {
      const user = await signedInUser(t);
      let view = await overview(t, user);
      expect(view.plans).toEqual(['basic']);
      expect(view.limits).toEqual({ hostnames: 0, redirectsPerMonth: 10_000, apiRequestsPerMinute: 120 });
      expect((await addHostname(t, user, 'qr.default.example')).statusCode).toBe(402);
      await runPlansCommand(['grant', user.email, 'hostnames'], {
        db: t.database.handle.db,
        grants: t.app.plans.grants,
        print: () => {},
      });
      view = await overview(t, user);
      expect(view.limits.hostnames).toBe(10);
      expect((await addHostname(t, user, 'qr.default.example')).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('refuses a DEFAULT_PLAN that is not a plan', () => {
    expect(() => loadConfig({ DEFAULT_PLAN: 'gold' })).toThrowError(
      /DEFAULT_PLAN must be one of free, hostnames/,
    );
  });

  it('tells the site where the PayPal JS SDK loads from', async () => {
    const t = await buildTestApp(
      { name: 'sqlite' },
      { env: { PAYPAL_SDK_BASE: 'http://127.0.0.1:8790/sdk/js' } },
    );
    try {
      const config = (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
      expect(config.paypal.sdkBaseUrl).toBe('http://127.0.0.1:8790/sdk/js');
      expect(loadConfig({}).paypal.sdkBase).toBe('https://www.paypal.com/sdk/js');
    } finally {
      await t.close();
    }
  });
});

describe('npm run plans, as a process', () => {
  it('grants and lists on the configured database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-plans-'));
    try {
      const handle = createDatabase({ sqliteFile: path.join(dataDir, 'rq.sqlite') });
      await migrateToLatest(handle.db);
      const account = await new AccountsService(handle.db).ensureForFirebase({
        uid: 'uid-ops',
        email: 'ops@example.com',
      });
      await handle.destroy();

      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['server/dist/modules/plans/plans-cli.js', ...args], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
          encoding: 'utf8',
        });
      const granted = run('grant', 'ops@example.com', 'pro');
      expect(granted.stderr).not.toMatch(/Error/);
      expect(granted.stdout.trim()).toBe(`Granted pro to ops@example.com (${account.id}) until revoked.`);
      const listed = run('list');
      expect(listed.stdout).toContain(`${account.id}\tpro\toperator\tactive\t-\tyes`);
      const wrong = run('grant', 'ops@example.com');
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain(
        'npm run plans -- grant <email|uid|account id> <plan> [--until YYYY-MM-DD]',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run plans, beside a running server on SQLite without Redis', () => {
  it('reaches the server at once: its next answer holds the granted plan', async () => {
    const storage = await processStorage({ name: 'sqlite' }, 'rq-plans-live-');
    const { child, base } = await startServerProcess({ ...storage.env, REDIS_URL: '', DEFAULT_PLAN: 'free' });
    try {
      const me = await processApi(base, 'GET', '/me');
      // The server now holds the account's plans in memory (for up to a minute).
      expect((await processApi(base, 'GET', '/subscriptions')).plans).toEqual(['free']);
      const granted = spawnSync(
        process.execPath,
        ['server/dist/modules/plans/plans-cli.js', 'grant', String(me.id), 'pro'],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: '', REDIS_URL: '' },
          encoding: 'utf8',
        },
      );
      expect(granted.status, granted.stderr).toBe(0);
      await expect
        .poll(async () => (await processApi(base, 'GET', '/subscriptions')).plans, { timeout: 10_000 })
        .toEqual(['free', 'pro']);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await storage.remove();
    }
  }, 120_000);
});
