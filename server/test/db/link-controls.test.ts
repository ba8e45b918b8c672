import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCodePassword } from '../../src/modules/qrcodes/code-password.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

type Json = Record<string, unknown>;

/**
 * Link controls through the API (issue 32): create, patch and view them, what is refused and
 * where, the password stored only as a hash, and the audit log's view of a change.
 */
describe.each(engines)('link controls in the API on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { SHORT_URL: 'http://rq.test', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() },
    });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Json) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Json) => {
    const response = await call(method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as Json;
  };
  const storedHash = async (id: string) =>
    (
      await t.database.handle.db
        .selectFrom('qrcodes')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('stores the controls normalised, shows them, and never the password', async () => {
    const code = await ok('POST', '/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/launch',
      activeFrom: '2026-12-01T09:00:00+01:00',
      expiresAt: '2027-01-01T00:00:00Z',
      maxScans: 100,
      expiredTarget: 'https://EXAMPLE.com/over',
      password: 'open sesame',
      utm: { source: ' qr ', medium: 'print' },
      apps: {
        ios: 'https://apps.apple.com/app/id1',
        android: 'https://play.google.com/store/apps/details?id=x',
      },
    });
    expect(code).toMatchObject({
      activeFrom: '2026-12-01T08:00:00.000Z',
      expiresAt: '2027-01-01T00:00:00.000Z',
      maxScans: 100,
      expiredTarget: 'https://example.com/over',
      passwordProtected: true,
      utm: { source: 'qr', medium: 'print' },
      apps: { ios: 'https://apps.apple.com/app/id1' },
    });
    expect(JSON.stringify(code)).not.toContain('sesame');
    expect(code).not.toHaveProperty('password');
    const hash = (await storedHash(code.id as string)) as string;
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyCodePassword('open sesame', hash)).toBe(true);
    expect(await verifyCodePassword('open sesame!', hash)).toBe(false);

    const plain = await ok('POST', '/qrcodes', { mode: 'redirect', target: 'https://example.com/' });
    expect(plain).toMatchObject({
      activeFrom: null,
      expiresAt: null,
      maxScans: null,
      expiredTarget: null,
      passwordProtected: false,
      utm: null,
      apps: null,
    });
  });

  it('patches as a merge patch: utm field by field, null removes the password', async () => {
    const code = await ok('POST', '/qrcodes', {
      mode: 'exec',
      exec: { url: 'https://hooks.example.com/qr', fallback: 'https://example.com/' },
      utm: { source: 'qr', medium: 'print' },
      password: 'first one',
    });
    const first = await storedHash(code.id as string);
    const changed = await ok('PATCH', `/qrcodes/${code.id}`, {
      utm: { medium: null, campaign: 'winter' },
      password: 'second one',
    });
    expect(changed).toMatchObject({ utm: { source: 'qr', campaign: 'winter' }, passwordProtected: true });
    const second = await storedHash(code.id as string);
    expect(second).not.toBe(first);
    const cleared = await ok('PATCH', `/qrcodes/${code.id}`, { password: null, utm: null });
    expect(cleared).toMatchObject({ passwordProtected: false, utm: null });
    expect(await storedHash(code.id as string)).toBeNull();
  });

  it('refuses controls on static codes and bad values, naming each field', async () => {
    const onStatic = await call('POST', '/qrcodes', {
      mode: 'static',
      data: { kind: 'text', text: 'hi' },
      maxScans: 3,
      password: 'secret1',
    });
    expect(onStatic.statusCode, onStatic.body).toBe(422);
    const paths = (onStatic.json() as { errors: Array<{ path: string; message: string }> }).errors;
    expect(paths.map((e) => e.path).sort()).toEqual(['/body/maxScans', '/body/password']);
    expect(paths[0]?.message).toContain('only for redirect and exec codes');

    const bad = await call('POST', '/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/',
      activeFrom: '2027-01-02T00:00:00Z',
      expiresAt: '2027-01-01T00:00:00Z',
      expiredTarget: 'ftp://example.com/',
      apps: { ios: 'http://rq.test/loop' },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const errors = (bad.json() as { errors: Array<{ path: string; message: string }> }).errors;
    expect(errors.map((e) => e.path).sort()).toEqual([
      '/body/apps/ios',
      '/body/expiredTarget',
      '/body/expiresAt',
    ]);
    expect(errors.find((e) => e.path === '/body/expiresAt')?.message).toBe('must be after activeFrom');

    const zero = await call('POST', '/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/',
      maxScans: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain('/body/maxScans');
  });

  it('audits a change of controls, the password as a fact only', async () => {
    const code = await ok('POST', '/qrcodes', { mode: 'redirect', target: 'https://example.com/' });
    await ok('PATCH', `/qrcodes/${code.id}`, { maxScans: 5, password: 'hunter22' });
    await ok('PATCH', `/qrcodes/${code.id}`, { password: 'hunter23' });
    const events = (await ok('GET', `/events?resource=${code.id}`)) as { data: Array<Json> };
    const updates = events.data.filter((e) => e.type === 'qrcode.updated').reverse();
    expect(updates.map((e) => (e.data as Json).changes)).toEqual([
      { maxScans: [null, 5], passwordProtected: [false, true], password: ['none', 'set'] },
      { password: ['set', 'replaced'] },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/hunter|scrypt/);
  });
});
