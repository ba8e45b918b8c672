import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUp } from '../helpers/firebase.js';

/**
 * A deployment with a real Firebase project (FIREBASE_PROJECT_ID, no emulator): tokens must be
 * signed by Google. The emulator's tokens are real but unsigned, so here they must be refused.
 * (Its own file: firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from the process environment.)
 */
describe('sign-in outside emulator mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { name: 'sqlite' },
      { env: { FIREBASE_PROJECT_ID: 'demo-rq', FIREBASE_AUTH_EMULATOR_HOST: '' } },
    );
    expect(t.config.firebase.emulatorHost).toBeUndefined();
  });
  afterAll(() => t.close());

  const me = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: authorization ? { authorization } : {} });

  function expect401(response: Awaited<ReturnType<typeof me>>): string {
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = response.json() as { code: string; detail: string };
    expect(body.code).toBe('unauthorized');
    return body.detail;
  }

  it('refuses an unsigned token from the emulator with 401', async () => {
    const user = await signUp();
    expect(user.idToken.split('.')[2]).toBe(''); // alg none: no signature at all
    expect(expect401(await me(`Bearer ${user.idToken}`))).toMatch(/not signed/);
  });

  it('refuses the same claims dressed up as RS256 without a real signature with 401', async () => {
    const user = await signUp();
    const [, payload] = user.idToken.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const forged = `${header}.${payload}.${Buffer.from('not a signature').toString('base64url')}`;
    expect401(await me(`Bearer ${forged}`));
  });

  it('refuses missing and garbage credentials with 401', async () => {
    expect401(await me());
    expect401(await me('Bearer garbage'));
  });
});
