import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

interface Code {
  id: string;
  imageUrl: string;
}

/**
 * A code's `imageUrl`: a signed URL an <img> can load without credentials, cached for good
 * because it changes whenever the image does, and a 404 for anything this server did not sign.
 */
describe.each(engines)('signed image URLs on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  let other: SignedInUser;

  const create = async (who: SignedInUser, style: Record<string, unknown> = {}): Promise<Code> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: who.headers,
      payload: { mode: 'redirect', target: 'https://example.com/', style },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Code;
  };
  const patch = async (id: string, payload: Record<string, unknown>): Promise<Code> => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/qrcodes/${id}`,
      headers: user.headers,
      payload,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Code;
  };
  // No Authorization header: as an <img> asks.
  const load = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
    other = await signedInUser(t);
  });
  afterAll(() => t.close());

  it('every code carries an imageUrl that answers the image without credentials, cacheable for good', async () => {
    const code = await create(user);
    expect(code.imageUrl).toMatch(new RegExp(`^/api/v1/images/${code.id}/[\\w-]+/[\\w-]+\\.svg$`));
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/qrcodes', headers: user.headers });
    expect((listed.json() as { data: Code[] }).data.find((c) => c.id === code.id)?.imageUrl).toBe(
      code.imageUrl,
    );

    const svg = await load(code.imageUrl);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('<svg');
    expect(svg.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(svg.headers.etag).toMatch(/^"[\w.-]+"$/);

    const png = await load(code.imageUrl.replace(/\.svg$/, '.png'));
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.headers.etag).not.toBe(svg.headers.etag);
  });

  it('answers 304 without a body to If-None-Match with its ETag', async () => {
    const code = await create(user);
    const first = await load(code.imageUrl);
    const again = await load(code.imageUrl, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const otherTag = await load(code.imageUrl, { 'if-none-match': '"something-else"' });
    expect(otherTag.statusCode).toBe(200);
  });

  it('changes the URL when the style changes (not for a new title); the old URL is then a 404', async () => {
    const code = await create(user);
    const retitled = await patch(code.id, { title: 'Spring menu' });
    expect(retitled.imageUrl).toBe(code.imageUrl);
    const restyled = await patch(code.id, { style: { dots: { type: 'dots', color: '#aa0000' } } });
    expect(restyled.imageUrl).not.toBe(code.imageUrl);
    expect((await load(restyled.imageUrl)).body).toContain('#aa0000');
    const stale = await load(code.imageUrl);
    expect(stale.statusCode).toBe(404);
    expect(stale.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('is a 404 for a signature it did not give, another code under a signature, and a deleted code', async () => {
    const mine = await create(user);
    const theirs = await create(other);
    const [, , , , code, version, file] = mine.imageUrl.split('/') as string[];
    const signature = file?.replace(/\.svg$/, '');
    const tampered = `/api/v1/images/${code}/${version}/${signature?.slice(0, -1)}${signature?.endsWith('A') ? 'B' : 'A'}.svg`;
    expect((await load(tampered)).statusCode).toBe(404);
    // The other account's code id under my code's version and signature.
    expect((await load(`/api/v1/images/${theirs.id}/${version}/${signature}.svg`)).statusCode).toBe(404);
    expect((await load(`/api/v1/images/${theirs.id}/x/y.svg`)).statusCode).toBe(404);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/qrcodes/${mine.id}`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await load(mine.imageUrl)).statusCode).toBe(404);
  });

  it('draws from its own per-address budget, not from the account or the unauthenticated one', async () => {
    const code = await create(user);
    const image = await load(code.imageUrl);
    expect(Number(image.headers['ratelimit-limit'])).toBe(600);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers });
    const before = Number(me.headers['ratelimit-remaining']);
    for (let i = 0; i < 5; i++) await load(code.imageUrl);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers });
    expect(Number(after.headers['ratelimit-remaining'])).toBe(before - 1);
  });
});
