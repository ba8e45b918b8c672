import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { emulatorHost } from '../helpers/firebase.js';

/** The real create route: a body value of the wrong type is a 400 naming it, never converted. */
describe('bodies are not coerced on POST /api/v1/qrcodes', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' }, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/qrcodes', headers: user.headers, payload });

  const redirect = { mode: 'redirect', target: 'https://example.com/menu' };
  const wifi = { kind: 'wifi', ssid: 'Cafe', password: 'espresso42', encryption: 'WPA' };

  it.each([
    ['"title":123', { ...redirect, title: 123 }, '/body/title'],
    ['"tags":"menu"', { ...redirect, tags: 'menu' }, '/body/tags'],
    ['"rules":"rule_x"', { ...redirect, rules: 'rule_x' }, '/body/rules'],
    ['"enabled":"true"', { ...redirect, enabled: 'true' }, '/body/enabled'],
    ['"hidden":"false"', { mode: 'static', data: { ...wifi, hidden: 'false' } }, '/body/data/hidden'],
  ])('refuses %s with 400 at its path', async (_what, payload, path) => {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { code: string; errors: { path: string }[] };
    expect(body.code).toBe('validation_failed');
    expect(body.errors.map((e) => e.path)).toContain(path);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/qrcodes', headers: user.headers });
    expect((list.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('names the allowed values of a choice in one line', async () => {
    const response = await create({ ...redirect, style: { dots: { type: 'hexagon' } } });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { errors: { path: string; message: string }[] };
    expect(body.errors).toEqual([
      {
        path: '/body/style/dots/type',
        message: 'must be one of: square, rounded, dots, classy, classy-rounded, extra-rounded',
      },
    ]);
  });

  it('still creates with well-typed values', async () => {
    const response = await create({ mode: 'static', data: { ...wifi, hidden: false }, tags: ['menu'] });
    expect(response.statusCode, response.body).toBe(201);
  });
});
