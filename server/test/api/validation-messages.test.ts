import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { emulatorHost } from '../helpers/firebase.js';

type FieldErrors = { errors: { path: string; message: string }[] };

/** Issue 26, section 3: a validation error says one thing per field, at the field that is wrong. */
describe('validation errors say one thing per field', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' }, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const errorsOf = async (url: string, payload: Record<string, unknown>, headers = {}) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
    expect(response.statusCode, response.body).toBe(400);
    return (response.json() as FieldErrors).errors;
  };

  it('judges a nullable field by the branch its value fits', async () => {
    const render = (style: Record<string, unknown>) =>
      errorsOf('/render', { data: 'https://example.com', style });
    expect(await render({ version: 41 })).toEqual([
      { path: '/body/style/version', message: 'must be at most 40' },
    ]);
    expect(await render({ logo: { src: 'https://example.com/logo.png', size: 0.9 } })).toEqual([
      { path: '/body/style/logo/size', message: expect.stringContaining('0.2') },
    ]);
    expect(
      await render({ dots: { gradient: { type: 'linear', stops: [{ offset: 0, color: '#000000' }] } } }),
    ).toEqual([{ path: '/body/style/dots/gradient/stops', message: 'must have at least 2 items' }]);
    expect(await render({ frame: { text: 'x'.repeat(500) } })).toEqual([
      { path: '/body/style/frame/text', message: expect.stringMatching(/^must be at most \d+ characters$/) },
    ]);
    const key = await errorsOf(
      '/api-keys',
      { name: 'k', scopes: ['qrcodes:read'], expiresAt: 'tomorrow' },
      user.headers,
    );
    expect(key).toHaveLength(1);
    expect(key[0]?.path).toBe('/body/expiresAt');
    expect(key[0]?.message).not.toMatch(/null|anyOf/);
  });

  it('points a fixed version too small for the data at the version', async () => {
    const errors = await errorsOf(
      '/qrcodes',
      {
        mode: 'redirect',
        target: 'https://example.com/',
        slug: `a-long-slug-${'x'.repeat(40)}`,
        style: { version: 1 },
      },
      user.headers,
    );
    expect(errors.map((e) => e.path)).toEqual(['/body/style/version']);
  });
});
