import { verifyPng, verifySvg } from '@rq/qr/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { discPng } from '../helpers/png.js';

const LOGO_PNG = discPng(96);
const logoDataUrl = (bytes: Buffer = LOGO_PNG) => `data:image/png;base64,${bytes.toString('base64')}`;

/** 518 KiB that start like a PNG: over the 512 KiB cap, as in issue 10. */
const OVERSIZED = Buffer.concat([LOGO_PNG.subarray(0, 8), Buffer.alloc(518 * 1024 - 8, 7)]);

const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><circle cx="5" cy="5" r="5" fill="#3730a3"/></svg>';

describe.each(engines)('assets on $name', (engine) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });
  afterAll(() => t.close());

  const upload = (user: SignedInUser | null, body: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      headers: { ...(user?.headers ?? {}), 'content-type': contentType },
      payload: body,
    });

  const createCode = (user: SignedInUser, style: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: user.headers,
      payload: { mode: 'redirect', target: 'https://example.com/menu', style },
    });

  it('stores an image once and serves it publicly, immutable and not sniffable', async () => {
    const created = await upload(alice, LOGO_PNG, 'image/png');
    expect(created.statusCode, created.body).toBe(201);
    const asset = created.json();
    expect(asset).toMatchObject({ contentType: 'image/png', bytes: LOGO_PNG.length });
    expect(asset.id).toMatch(/^ast_[0-9a-z]{26}$/);
    expect(asset.url).toBe(`/api/v1/assets/${asset.id}`);
    expect(created.headers.location).toBe(asset.url);

    const read = await t.app.inject({ method: 'GET', url: asset.url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.rawPayload.equals(LOGO_PNG)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: asset.url,
      headers: { 'if-none-match': String(read.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // The same bytes again are the same asset.
    const same = await upload(alice, LOGO_PNG, 'image/png');
    expect(same.statusCode).toBe(200);
    expect(same.json().id).toBe(asset.id);
  });

  it('takes a data: URL as JSON too, and reads the type from the bytes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      headers: alice.headers,
      payload: { src: logoDataUrl(discPng(80, [20, 20, 120])) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().contentType).toBe('image/png');
    const labelledWrong = await upload(alice, discPng(80, [20, 120, 20]), 'image/jpeg');
    expect(labelledWrong.json().contentType).toBe('image/png');
  });

  it('sanitises an SVG and serves it under a policy that runs nothing', async () => {
    const created = await upload(alice, HOSTILE_SVG, 'image/svg+xml');
    expect(created.statusCode, created.body).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: created.json().url });
    expect(read.headers['content-type']).toBe('image/svg+xml');
    expect(read.body).toContain('<circle');
    expect(read.body).not.toMatch(/script|onload|alert/);
    expect(read.headers['content-security-policy']).toContain("default-src 'none'");
    expect(read.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 415 for a body that is no image, whatever its label, and 413 over 512 KiB', async () => {
    const text = await upload(alice, 'hello', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(text.json()).toMatchObject({ code: 'unsupported_media_type', errors: [{ path: '/body' }] });
    const pdf = await upload(alice, '%PDF-1.7', 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().detail).toContain('image/png');
    const gif = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      headers: alice.headers,
      payload: { src: `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}` },
    });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().errors).toEqual([
      { path: '/body/src', message: 'is not a PNG, JPEG, WebP or SVG image' },
    ]);

    const large = await upload(alice, OVERSIZED, 'image/png');
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'payload_too_large' });
    expect(large.json().detail).toContain('512 KiB');
  });

  it('answers 415 for no body at all', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/assets', headers: alice.headers });
    expect(empty.statusCode).toBe(415);
    expect(empty.json().code).toBe('unsupported_media_type');
  });

  it('replays an upload under the same Idempotency-Key', async () => {
    const image = discPng(70, [90, 10, 90]);
    const headers = { ...alice.headers, 'content-type': 'image/png', 'idempotency-key': 'logo-upload-1' };
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/assets', headers, payload: image });
    const replay = await t.app.inject({ method: 'POST', url: '/api/v1/assets', headers, payload: image });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
  });

  it('needs a caller to store, and answers 404 for an unknown asset', async () => {
    expect((await upload(null, LOGO_PNG, 'image/png')).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/assets/ast_00000000000000000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('stores a data: logo of a code once: GET and list stay small, the image still has the logo', async () => {
    const logo = discPng(120, [30, 58, 138]);
    const created = await createCode(alice, { logo: { src: logoDataUrl(logo), size: 0.12 } });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json();
    expect(code.style.logo.src).toMatch(/^\/api\/v1\/assets\/ast_[0-9a-z]{26}$/);
    expect(code.style.logo.size).toBe(0.12);
    expect(code.image.data).toContain('href="data:image/png;base64,');
    expect(await verifySvg(code.image.data, code.shortUrl)).toEqual({ ok: true, text: code.shortUrl });

    const stored = await t.app.inject({ method: 'GET', url: code.style.logo.src });
    expect(stored.rawPayload.equals(logo)).toBe(true);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${code.id}`,
      headers: alice.headers,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/qrcodes', headers: alice.headers });
    expect(one.json().style.logo.src).toBe(code.style.logo.src);
    expect(one.body.length).toBeLessThan(2000);
    expect(list.body).not.toContain('data:image');

    const png = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${code.id}/image.png`,
      headers: alice.headers,
    });
    expect(png.statusCode).toBe(200);
    expect(await verifyPng(png.rawPayload, code.shortUrl)).toEqual({ ok: true, text: code.shortUrl });

    // Another code with the same logo shares the asset.
    const second = await createCode(alice, { logo: { src: logoDataUrl(logo) } });
    expect(second.json().style.logo.src).toBe(code.style.logo.src);
  });

  it('refuses a 518 KiB data: logo with 413 and a non-image one with 415, at the logo path', async () => {
    const large = await createCode(alice, { logo: { src: logoDataUrl(OVERSIZED) } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({
      code: 'payload_too_large',
      errors: [{ path: '/body/style/logo/src', message: 'is over 512 KiB' }],
    });
    const text = await createCode(alice, {
      logo: { src: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}` },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().errors[0].path).toBe('/body/style/logo/src');
  });

  it("takes the account's own asset URL as a logo, and refuses another account's with 404", async () => {
    const asset = (await upload(alice, discPng(100, [120, 20, 20]), 'image/png')).json();
    const absolute = `${t.config.publicUrl}${asset.url}`;
    const own = await createCode(alice, { logo: { src: absolute } });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().style.logo.src).toBe(asset.url);

    const foreign = await createCode(bob, { logo: { src: asset.url } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'not_found',
      errors: [{ path: '/body/style/logo/src', message: 'is not an asset of this account' }],
    });

    const bobs = (await createCode(bob, {})).json();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/qrcodes/${bobs.id}`,
      headers: { ...bob.headers, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ style: { logo: { src: asset.url } } }),
    });
    expect(patched.statusCode).toBe(404);
    const patchedOwn = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/qrcodes/${bobs.id}`,
      headers: { ...bob.headers, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ style: { logo: { src: logoDataUrl() } } }),
    });
    expect(patchedOwn.statusCode, patchedOwn.body).toBe(200);
    expect(patchedOwn.json().style.logo.src).toMatch(/^\/api\/v1\/assets\/ast_/);
    expect(patchedOwn.json().style.logo.src).not.toBe(asset.url);
  });
});
