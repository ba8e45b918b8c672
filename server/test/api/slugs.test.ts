import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { addHostname, hostnameTestEnv } from '../helpers/custom-hostnames.js';
import { engines } from '../helpers/engines.js';

describe.each(engines)('slug availability on $name', (engine) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let dnsPort: number;

  beforeAll(async () => {
    const setup = await hostnameTestEnv();
    dnsPort = setup.dnsPort;
    t = await buildTestApp(engine, { env: setup.env });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });
  afterAll(() => t.close());

  const api = (who: { headers: Record<string, string> }, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const check = async (who: { headers: Record<string, string> }, slug: string, hostname?: string) => {
    const query = hostname === undefined ? '' : `?hostname=${encodeURIComponent(hostname)}`;
    const response = await api(who, 'GET', `/api/v1/slugs/${encodeURIComponent(slug)}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { available: boolean; reason: string | null };
  };

  const createCode = async (who: SignedInUser, slug: string, hostname?: string) => {
    const created = await api(who, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/',
      slug,
      ...(hostname ? { hostname } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string };
  };

  async function verifiedHostname(who: SignedInUser, name: string): Promise<void> {
    await addHostname(t, dnsPort, who.headers, name);
  }

  it('says a free slug is available, and taken once any account’s code has it', async () => {
    expect(await check(alice, 'spring-menu')).toEqual({ available: true, reason: null });
    await createCode(bob, 'spring-menu');
    expect(await check(alice, 'spring-menu')).toEqual({ available: false, reason: 'taken' });
    // Slugs are case-sensitive: another case is another slug, as POST /qrcodes sees it.
    expect(await check(alice, 'Spring-Menu')).toEqual({ available: true, reason: null });
    await createCode(alice, 'Spring-Menu');
  });

  it('gives the reason POST /qrcodes would refuse: invalid or reserved', async () => {
    expect(await check(alice, 'ab')).toEqual({ available: false, reason: 'invalid' });
    expect(await check(alice, 'no spaces')).toEqual({ available: false, reason: 'invalid' });
    expect(await check(alice, 'x'.repeat(65))).toEqual({ available: false, reason: 'invalid' });
    expect(await check(alice, 'Docs')).toEqual({ available: false, reason: 'reserved' });
    const refused = await api(alice, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/',
      slug: 'Docs',
    });
    expect(refused.statusCode).toBe(409);
  });

  it('checks on a verified hostname of the account, where reserved words are free', async () => {
    await verifiedHostname(alice, 'qr.example.com');
    expect(await check(alice, 'docs', 'qr.example.com')).toEqual({ available: true, reason: null });
    expect(await check(alice, 'spring-menu', 'qr.example.com')).toEqual({ available: true, reason: null });
    await createCode(alice, 'spring-menu', 'qr.example.com');
    expect(await check(alice, 'spring-menu', 'QR.example.com')).toEqual({
      available: false,
      reason: 'taken',
    });

    // Another account's name, or a name nobody has: a 404 at the query parameter, as POST /qrcodes says.
    for (const hostname of ['qr.example.com', 'nobody.example.com']) {
      const foreign = await api(bob, 'GET', `/api/v1/slugs/spring-menu?hostname=${hostname}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'not_found', errors: [{ path: '/query/hostname' }] });
    }
  });

  it('refuses a pending hostname with a 409 at the query parameter', async () => {
    const added = await api(bob, 'POST', '/api/v1/hostnames', { hostname: 'pending.example.com' });
    expect(added.statusCode).toBe(201);
    const pending = await api(bob, 'GET', '/api/v1/slugs/menu?hostname=pending.example.com');
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errors).toEqual([{ path: '/query/hostname', message: 'is pending, not verified' }]);
  });

  it('needs a signed-in caller or a key with qrcodes:read', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/slugs/spring-menu' });
    expect(anonymous.statusCode).toBe(401);
    const rulesOnly = await createApiKey(t, alice, ['rules:read']);
    expect((await api(rulesOnly, 'GET', '/api/v1/slugs/spring-menu')).statusCode).toBe(403);
    const reader = await createApiKey(t, alice, ['qrcodes:read']);
    expect(await check(reader, 'summer-menu')).toEqual({ available: true, reason: null });
  });
});
