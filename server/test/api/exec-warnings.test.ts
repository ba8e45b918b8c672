import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { emulatorHost } from '../helpers/firebase.js';

/** An exec URL the SSRF guard refuses is never called: the owner hears so when the code is saved. */
describe('exec codes whose URL is not public', () => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(
      { name: 'sqlite' },
      { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), SSRF_ALLOW: '10.1.2.0/24' } },
    );
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const create = (slug: string, url: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: user.headers,
      payload: { slug, mode: 'exec', exec: { url, fallback: 'https://example.com/' } },
    });

  it('are created with a warning, which the code keeps in every answer', async () => {
    const created = await create('hook-local', 'http://127.0.0.1:3000/hook');
    expect(created.statusCode).toBe(201);
    const warnings = created.json().warnings;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('exec.url is never called: 127.0.0.1 is not a public address (loopback)');
    expect(warnings[0]).toContain('SSRF_ALLOW');

    const id = created.json().id;
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/qrcodes/${id}`, headers: user.headers });
    expect(read.json().warnings).toEqual(warnings);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/qrcodes', headers: user.headers });
    expect(listed.json().data.find((code: { id: string }) => code.id === id).warnings).toEqual(warnings);
  });

  it('warn about localhost and private names too', async () => {
    expect((await create('hook-localhost', 'http://localhost:8080/')).json().warnings?.[0]).toContain(
      'localhost is not a public host name',
    );
    expect(
      (await create('hook-metadata', 'http://metadata.google.internal/')).json().warnings?.[0],
    ).toContain('metadata.google.internal is not a public host name');
  });

  it('carry no warning when the URL is public or the operator allowed it', async () => {
    const pub = await create('hook-public', 'https://example.com/qr-hook');
    expect(pub.statusCode).toBe(201);
    expect(pub.json()).not.toHaveProperty('warnings');
    const allowed = await create('hook-allowed', 'http://10.1.2.3/hook');
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).not.toHaveProperty('warnings');
  });
});
