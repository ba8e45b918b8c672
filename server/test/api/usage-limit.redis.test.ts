import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * The monthly redirect limit on several instances sharing Redis: one monthly total, and the
 * instance whose scan reaches the limit tells the others at once (usage-limit.test.ts has the
 * single-instance behaviour).
 */

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FREE_LIMIT = 1_000;

const redisUrls = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(engines)('the monthly redirect limit across two instances on $name', (engine) => {
  describe.each(redisUrls)('with Redis at %s', (redisUrl) => {
    let database: TestDatabase;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let user: SignedInUser;

    beforeAll(async () => {
      database = await openTestDatabase(engine);
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        DEFAULT_PLAN: 'free',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `rq-usage-${randomBytes(6).toString('hex')}:`,
      });
      const start = async () => {
        const app = await buildApp(config, { database: database.handle, migrate: false, serveWeb: false });
        await app.ready();
        return app;
      };
      [first, second] = await Promise.all([start(), start()]);
      user = await signedInUser({ app: first, config } as Parameters<typeof signedInUser>[0]);
      const created = await first.inject({
        method: 'POST',
        url: '/api/v1/qrcodes',
        headers: user.headers,
        payload: { mode: 'redirect', slug: 'shared', target: 'https://example.com/default', rules: [] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const rule = await first.inject({
        method: 'POST',
        url: '/api/v1/rules',
        headers: user.headers,
        payload: { name: 'everyone', then: { redirect: 'https://example.com/from-rule' } },
      });
      await first.inject({
        method: 'PUT',
        url: `/api/v1/qrcodes/${created.json().id}/rules`,
        headers: user.headers,
        payload: { rules: [rule.json().id] },
      });
    });
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
      await database?.close();
    });

    const scanOn = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/r/shared', headers: { 'user-agent': PHONE } })).headers
        .location;

    it('counts both instances in one monthly total, and the instance that reaches the limit tells the other', async () => {
      for (let n = 0; n < FREE_LIMIT / 2; n++)
        expect(await scanOn(first)).toBe('https://example.com/from-rule');
      for (let n = 0; n < FREE_LIMIT / 2; n++)
        expect(await scanOn(second)).toBe('https://example.com/from-rule');
      // The first instance counted none of the second's scans itself: it hears of the limit
      // (its own memory says so, with no scan of its own in between).
      await waitFor(
        () => first.usage.isOverLimit(user.workspaceId),
        'the first instance to hear of the limit',
        {
          timeoutMs: 1000,
          everyMs: 20,
        },
      );
      const location = await scanOn(first);
      expect(location).toBe('https://example.com/default');
      const counted = Number(
        (await first.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: user.headers })).json()
          .usage.redirectsThisMonth,
      );
      expect(counted).toBeGreaterThan(FREE_LIMIT);
      const onSecond = (
        await second.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: user.headers })
      ).json();
      expect(onSecond).toMatchObject({ overLimit: true, usage: { redirectsThisMonth: counted } });
    });
  });
});
