import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/**
 * The monthly redirect limit as a scanner and an owner see it: up to the limit codes follow their
 * rules and exec calls; over it they go to their default target, still recorded and counted, and
 * the API says so. The count is exact across a restart (seeded from the durable scans), bots do
 * not count, and a bigger plan lifts the state at once.
 */

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const FREE_LIMIT = 1_000;

describe.each(engines)('the monthly redirect limit on $name', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let user: SignedInUser;
  let execServer: http.Server;
  let execCalls = 0;
  let ruleCode: { id: string; slug: string };
  let execCode: { id: string; slug: string };
  const config = () =>
    loadConfig({
      // Usage and rate limits share nothing with other suites: a Redis of theirs is not this test's.
      REDIS_URL: '',
      LOG_LEVEL: 'silent',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      DEFAULT_PLAN: 'free',
      SSRF_ALLOW: '127.0.0.1',
    });
  const start = async () => {
    const started = await buildApp(config(), { database: database.handle, migrate: false, serveWeb: false });
    await started.ready();
    return started;
  };

  beforeAll(async () => {
    execServer = http.createServer((_request, response) => {
      execCalls += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ url: 'https://example.com/from-exec' }));
    });
    await new Promise<void>((resolve) => execServer.listen(0, '127.0.0.1', resolve));
    database = await openTestDatabase(engine);
    app = await start();
    user = await signedInUser({ app, config: config() } as Parameters<typeof signedInUser>[0]);
    const rule = await api('POST', '/api/v1/rules', {
      name: 'everyone',
      then: { redirect: 'https://example.com/from-rule' },
    });
    ruleCode = await api('POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      slug: 'limited',
      target: 'https://example.com/default',
      rules: [rule.id],
    });
    execCode = await api('POST', '/api/v1/qrcodes', {
      mode: 'exec',
      slug: 'limited-exec',
      exec: {
        url: `http://127.0.0.1:${(execServer.address() as AddressInfo).port}/hook`,
        fallback: 'https://example.com/exec-fallback',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await new Promise((resolve) => execServer?.close(resolve));
  });

  async function api(method: string, url: string, payload?: unknown) {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }
  const scan = async (slug: string, userAgent = PHONE) =>
    (await app.inject({ method: 'GET', url: `/r/${slug}`, headers: { 'user-agent': userAgent } })).headers
      .location;

  it('follows rules and exec up to the limit, then sends scans to the default target, still counted', async () => {
    for (let n = 1; n < FREE_LIMIT; n++)
      expect(await scan('limited'), `scan ${n}`).toBe('https://example.com/from-rule');
    // Bots are recorded, never counted: they cannot push an account over.
    expect(await scan('limited', BOT)).toBe('https://example.com/from-rule');
    expect(await scan('limited-exec')).toBe('https://example.com/from-exec');
    expect(execCalls).toBe(1);

    const before = await api('GET', '/api/v1/subscriptions');
    expect(before).toMatchObject({ overLimit: true, usage: { redirectsThisMonth: FREE_LIMIT } });
    expect(before.limits.redirectsPerMonth).toBe(FREE_LIMIT);

    expect(await scan('limited')).toBe('https://example.com/default');
    expect(await scan('limited-exec')).toBe('https://example.com/exec-fallback');
    expect(execCalls).toBe(1);

    const code = await app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${ruleCode.id}`,
      headers: user.headers,
    });
    expect(code.headers['rq-over-limit']).toBe('true');
    expect(code.json().scans.total).toBe(FREE_LIMIT);
    const usage = await api('GET', '/api/v1/subscriptions');
    expect(usage.usage.redirectsThisMonth).toBe(FREE_LIMIT + 2);
    expect(usage.usage.periodStart).toMatch(/^\d{4}-\d{2}-01T00:00:00.000Z$/);
  });

  it('keeps the exact count across a restart', async () => {
    await app.close();
    app = await start();
    expect(await scan('limited')).toBe('https://example.com/default');
    expect((await api('GET', '/api/v1/subscriptions')).usage.redirectsThisMonth).toBe(FREE_LIMIT + 3);
  });

  it('lifts the state at once when a bigger plan is granted', async () => {
    await app.plans.grants.grant(user.workspaceId, 'basic', null);
    expect(await scan('limited')).toBe('https://example.com/from-rule');
    const code = await app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${execCode.id}`,
      headers: user.headers,
    });
    expect(code.headers['rq-over-limit']).toBeUndefined();
    expect(await api('GET', '/api/v1/subscriptions')).toMatchObject({ overLimit: false });
  });
});
