import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, SESSION_RATE_LIMIT_DEFAULT } from '../../src/config.js';
import { PUBLIC_RATE_LIMITS } from '../../src/modules/plans/plans.js';
import { createApiKey, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines, openTestDatabase } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/** A public endpoint that opts into its own per-IP budget, as POST /render does. */
function addPublicRoute(app: FastifyInstance): void {
  app.get('/api/v1/test/public', { config: { rateLimit: { max: 3, name: 'test-public' } } }, async () => ({
    ok: true,
  }));
}

function rateHeaders(response: { headers: Record<string, unknown> }) {
  return {
    limit: Number(response.headers['ratelimit-limit']),
    remaining: Number(response.headers['ratelimit-remaining']),
    reset: Number(response.headers['ratelimit-reset']),
  };
}

/** A small API_RATE_LIMIT keeps the loops that spend a key's budget short. */
const KEY_RATE = 20;

describe.each(engines)('rate limits in memory on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), API_RATE_LIMIT: String(KEY_RATE) },
      extend: addPublicRoute,
    });
  });
  afterAll(() => t.close());

  it('puts RateLimit headers on every /api answer: success, 401 and 404 alike', async () => {
    const user = await signedInUser(t);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers }),
      await t.app.inject({ method: 'GET', url: '/api/v1/me' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 200]);
    for (const answer of answers) {
      const { limit, remaining, reset } = rateHeaders(answer);
      expect(limit).toBeGreaterThan(0);
      expect(remaining).toBeGreaterThanOrEqual(0);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(rateHeaders(answers[0] as (typeof answers)[0]).limit).toBe(SESSION_RATE_LIMIT_DEFAULT);
    expect(rateHeaders(answers[1] as (typeof answers)[0]).limit).toBe(PUBLIC_RATE_LIMITS.unauthenticated);
    // Outside /api (the redirect edge, the site) nothing is counted here.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['ratelimit-limit']).toBeUndefined();
  });

  it('limits each key by its plan and answers 429 rate_limited with Retry-After', async () => {
    const user = await signedInUser(t);
    const key = await createApiKey(t, user, ['qrcodes:read']);
    const other = await createApiKey(t, user, ['qrcodes:read']);
    const max = KEY_RATE;
    for (let i = 1; i <= max; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers });
      expect(response.statusCode).toBe(200);
      expect(rateHeaders(response).remaining).toBe(max - i);
    }
    const over = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers });
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((over.json() as { code: string }).code).toBe('rate_limited');
    expect((over.json() as { requestId: string }).requestId).toBe(over.headers['x-request-id']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(rateHeaders(over)).toMatchObject({ limit: max, remaining: 0 });
    // Another key of the same account has its own budget.
    const fresh = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: other.headers });
    expect(fresh.statusCode).toBe(200);
  });

  it('lets a public endpoint opt into its own per-IP budget', async () => {
    const from = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/test/public', remoteAddress: ip });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await from('203.0.113.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await from('203.0.113.7');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(rateHeaders(limited)).toMatchObject({ limit: 3, remaining: 0 });
    expect((await from('198.51.100.9')).statusCode).toBe(200);
  });
});

const redisUrls = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(redisUrls)('rate limits in Redis (%s)', (redisUrl) => {
  it('shares one budget between two app instances', async () => {
    const database = await openTestDatabase({ name: 'sqlite' });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `rq-test-${randomBytes(6).toString('hex')}:`,
      API_RATE_LIMIT: String(KEY_RATE),
    });
    const apps = [
      await buildApp(config, { database: database.handle, migrate: false, serveWeb: false }),
      await buildApp(config, { database: database.handle, migrate: false, serveWeb: false }),
    ];
    try {
      for (const app of apps) {
        addPublicRoute(app);
        await app.ready();
      }
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      // Per IP: three requests in all, whichever instance answers.
      const publicStatuses = [];
      for (const app of [a, b, a, b]) {
        publicStatuses.push(
          (await app.inject({ method: 'GET', url: '/api/v1/test/public', remoteAddress: '192.0.2.1' }))
            .statusCode,
        );
      }
      expect(publicStatuses).toEqual([200, 200, 200, 429]);

      // Per key: the plan's budget is spent half on each instance.
      const user = await signedInUser({ app: a, database, config, close: async () => undefined });
      const key = await createApiKey({ app: a, database, config, close: async () => undefined }, user, [
        'qrcodes:read',
      ]);
      const max = KEY_RATE;
      let lastRemaining = max;
      for (let i = 0; i < max; i++) {
        const response = await (i % 2 === 0 ? a : b).inject({
          method: 'GET',
          url: '/api/v1/me',
          headers: key.headers,
        });
        expect(response.statusCode).toBe(200);
        lastRemaining = Number(response.headers['ratelimit-remaining']);
      }
      expect(lastRemaining).toBe(0);
      for (const app of [a, b]) {
        const over = await app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers });
        expect(over.statusCode).toBe(429);
        expect(over.headers['retry-after']).toBeDefined();
      }
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });

  it('keeps answering, counting locally, while Redis is away, and says so in the log', async () => {
    const database = await openTestDatabase({ name: 'sqlite' });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Nothing listens on port 1: the connection is refused, as when Redis is down.
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn' });
    const app = await buildApp(config, {
      database: database.handle,
      migrate: false,
      serveWeb: false,
      logger: { level: 'warn', stream },
    });
    try {
      addPublicRoute(app);
      await app.ready();
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/v1/test/public',
          remoteAddress: '192.0.2.2',
        });
        statuses.push(response.statusCode);
        expect(response.headers['ratelimit-limit']).toBe('3');
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(lines.join('')).toContain('counting rate limits on this instance');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
