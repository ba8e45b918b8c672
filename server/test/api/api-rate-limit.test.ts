import { beforeAll, describe, expect, it } from 'vitest';
import { API_RATE_LIMIT_WITHOUT_BILLING, SESSION_RATE_LIMIT_DEFAULT } from '../../src/config.js';
import { PLANS } from '../../src/modules/plans/plans.js';
import { createApiKey, type SignedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { type EmulatorUser, emulatorHost, signUp } from '../helpers/firebase.js';

/**
 * The API's rate is a setting (API_RATE_LIMIT) that plans raise; a server that sets no limits does
 * not hold keys to the free plan's 60 a minute; the site's signed-in sessions have a budget of their
 * own (SESSION_RATE_LIMIT) that no clicking reaches.
 */
describe.each(engines)('API_RATE_LIMIT and the session limit on $name', (engine) => {
  // The emulator users are made together up front: each test builds its own servers, and a first
  // emulator call after that pause may meet a kept-alive socket the emulator has since closed.
  const users: EmulatorUser[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) users.push(await signUp());
  });

  async function withApp(
    env: Record<string, string>,
    run: (t: TestApp, user: SignedInUser) => Promise<void>,
  ) {
    const t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), ...env } });
    try {
      const user = users.pop();
      if (!user) throw new Error('more apps than emulator users made up front');
      const headers = { authorization: `Bearer ${user.idToken}` };
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
      expect(me.statusCode).toBe(200);
      await run(t, { ...user, workspaceId: (me.json() as { id: string }).id, headers });
    } finally {
      await t.close();
    }
  }
  const limitOf = async (t: TestApp, headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
    expect(response.statusCode).toBe(200);
    return Number(response.headers['ratelimit-limit']);
  };
  const subscriptionLimits = async (t: TestApp, user: SignedInUser) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: user.headers })).json() as {
        limits: { apiRequestsPerMinute: number };
      }
    ).limits.apiRequestsPerMinute;

  it('a server that sets no limits does not apply the free plan’s 60 a minute to keys', async () => {
    await withApp({}, async (t, user) => {
      const key = await createApiKey(t, user, ['qrcodes:read']);
      expect(await limitOf(t, key.headers)).toBe(API_RATE_LIMIT_WITHOUT_BILLING);
      expect(API_RATE_LIMIT_WITHOUT_BILLING).toBeGreaterThan(PLANS.free.apiRequestsPerMinute);
      expect(await subscriptionLimits(t, user)).toBe(API_RATE_LIMIT_WITHOUT_BILLING);
    });
  });

  it('a server that sells plans holds free keys to the free plan’s rate', async () => {
    await withApp({ DEFAULT_PLAN: 'free' }, async (t, user) => {
      const key = await createApiKey(t, user, ['qrcodes:read']);
      expect(await limitOf(t, key.headers)).toBe(PLANS.free.apiRequestsPerMinute);
    });
  });

  it('API_RATE_LIMIT sets a key’s rate, a plan with a higher rate raises it, GET /plans and /subscriptions say so', async () => {
    await withApp({ API_RATE_LIMIT: '100' }, async (t, user) => {
      const key = await createApiKey(t, user, ['qrcodes:read']);
      expect(await limitOf(t, key.headers)).toBe(100);
      const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json() as {
        id: string;
        apiRequestsPerMinute: number;
      }[];
      expect(plans.find((plan) => plan.id === 'free')?.apiRequestsPerMinute).toBe(100);
      expect(plans.find((plan) => plan.id === 'pro')?.apiRequestsPerMinute).toBe(
        PLANS.pro.apiRequestsPerMinute,
      );
      await t.app.plans.grants.grant(user.workspaceId, 'pro', null);
      expect(await limitOf(t, key.headers)).toBe(PLANS.pro.apiRequestsPerMinute);
      expect(await subscriptionLimits(t, user)).toBe(PLANS.pro.apiRequestsPerMinute);
    });
    // A setting above a plan's rate is never lowered by holding that plan.
    await withApp({ API_RATE_LIMIT: '1000' }, async (t, user) => {
      await t.app.plans.grants.grant(user.workspaceId, 'pro', null);
      const key = await createApiKey(t, user, ['qrcodes:read']);
      expect(await limitOf(t, key.headers)).toBe(1000);
    });
  });

  it('signed-in sessions get SESSION_RATE_LIMIT, far beyond a key’s, and it is a setting too', async () => {
    await withApp({ API_RATE_LIMIT: '5' }, async (t, user) => {
      expect(await limitOf(t, user.headers)).toBe(SESSION_RATE_LIMIT_DEFAULT);
    });
    await withApp({ API_RATE_LIMIT: '3', SESSION_RATE_LIMIT: '8' }, async (t, user) => {
      const key = await createApiKey(t, user, ['qrcodes:read']);
      const keyStatuses: number[] = [];
      const sessionStatuses: number[] = [];
      for (let i = 0; i < 9; i++) {
        keyStatuses.push(
          (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers })).statusCode,
        );
      }
      // Signing in (GET /me) and making the key spent two of the session's eight already.
      for (let i = 0; i < 8; i++) {
        sessionStatuses.push(
          (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers })).statusCode,
        );
      }
      expect(keyStatuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429]);
      expect(sessionStatuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    });
  });
});
