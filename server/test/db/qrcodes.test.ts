import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeStaticData, type StaticData } from '@rq/qr';
import { pngPixels, verify, verifySvg } from '@rq/qr/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/modules/plans/plans.js';
import { RESERVED_SLUGS } from '../../src/modules/qrcodes/slugs.js';
import type { Scan } from '../../src/modules/scans/scan.js';
import { createApiKey, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

type Json = Record<string, unknown>;

const STATIC_DATA: StaticData[] = [
  { kind: 'text', text: 'Hello, scanner' },
  { kind: 'url', url: 'https://example.com/static' },
  { kind: 'email', to: 'ada@example.com', subject: 'Hello there' },
  { kind: 'phone', number: '+1 415 555 0123' },
  { kind: 'sms', number: '+4915112345678', message: 'Hi!' },
  { kind: 'wifi', ssid: 'Cafe;Guest', password: 'espresso:42', encryption: 'WPA' },
  { kind: 'vcard', name: 'Ada Lovelace', org: 'Engines, Ltd', email: 'ada@example.com' },
  { kind: 'geo', lat: 52.52, lng: 13.405 },
];

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><circle cx="32" cy="32" r="30" fill="#e11d48"/><rect x="16" y="28" width="32" height="8" fill="#ffffff"/></svg>';

/** A local image server for logo URLs (reachable because the test allows 127.0.0.1). */
async function logoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url === '/logo.svg')
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(LOGO_SVG);
    else if (request.url === '/page.html')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines)('QR codes API on $name', (engine) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let logos: Awaited<ReturnType<typeof logoServer>>;
  const tokens = new Map<string, string>();

  /** A signed-in user's bearer token (a real ID token from the Firebase Auth emulator). */
  const token = async (name: string) => {
    if (!tokens.has(name)) tokens.set(name, (await signedInUser(t)).idToken);
    return tokens.get(name) as string;
  };

  /** Rules made through the rules API. */
  const makeRules = async (owner: string, count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await call(owner, 'POST', '/api/v1/rules', {
        name: `rule ${i}`,
        when: { device: ['mobile'] },
        then: { redirect: `https://example.com/rule-${i}` },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push((response.json() as { id: string }).id);
    }
    return ids;
  };

  beforeAll(async () => {
    logos = await logoServer();
    t = await buildTestApp(engine, {
      env: {
        SSRF_ALLOW: '127.0.0.1',
        SHORT_URL: 'https://rq.test',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        // Every API key at the largest plan's rate, so this file's requests stay within one minute's budget.
        API_RATE_LIMIT: String(PLANS.mega.apiRequestsPerMinute),
      },
    });
    alice = await token('alice');
    bob = await token('bob');
  });
  afterAll(async () => {
    await t?.close();
    await logos?.close();
  });

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { payload: body as Json }),
    });

  const create = async (body: Json, token = alice) => {
    const response = await call(token, 'POST', '/api/v1/qrcodes', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Json;
  };

  it('creates a redirect code with a random slug, its short URL and a verified SVG', async () => {
    const code = await create({
      mode: 'redirect',
      target: 'https://example.com/menu',
      title: 'Menu',
      tags: ['menu'],
    });
    expect(code.id).toMatch(/^qr_/);
    expect(code.slug).toMatch(/^[2-9a-zA-Z]{8}$/);
    expect(code.shortUrl).toBe(`https://rq.test/${code.slug}`);
    expect(code).toMatchObject({
      hostname: null,
      mode: 'redirect',
      target: 'https://example.com/menu',
      data: null,
      exec: null,
      rules: [],
      title: 'Menu',
      tags: ['menu'],
      enabled: true,
      scans: { total: 0, uniqueToday: 0, lastAt: null },
    });
    const image = code.image as { format: string; data: string; url: string };
    expect(image.format).toBe('svg');
    expect(image.url).toBe(`/api/v1/qrcodes/${code.id}/image.svg`);
    const verified = await verifySvg(image.data, code.shortUrl as string);
    expect(verified.ok).toBe(true);
  });

  it('creates an exec code with the default timeout', async () => {
    const code = await create({
      mode: 'exec',
      exec: { url: 'https://hooks.example.com/qr', fallback: 'https://example.com/' },
    });
    expect(code.exec).toEqual({
      url: 'https://hooks.example.com/qr',
      timeoutMs: 1500,
      fallback: 'https://example.com/',
    });
    expect(code.target).toBeNull();
  });

  it.each(STATIC_DATA)('creates a static $kind code that encodes its data', async (data) => {
    const code = await create({ mode: 'static', data, imageFormat: undefined });
    expect(code.data).toEqual(data);
    const image = code.image as { data: string };
    const verified = await verifySvg(image.data, encodeStaticData(data));
    expect(verified).toMatchObject({ ok: true, text: encodeStaticData(data) });
  });

  it('refuses bad fields with their paths', async () => {
    const cases: Array<[Json, string]> = [
      [{ mode: 'redirect' }, '/body/target'],
      [{ mode: 'redirect', target: 'javascript:alert(1)' }, '/body/target'],
      [{ mode: 'static', data: { kind: 'email', to: 'nobody' } }, '/body/data/to'],
      [{ mode: 'static', data: { kind: 'geo', lat: 95, lng: 0 } }, '/body/data/lat'],
      [{ mode: 'static', data: { kind: 'phone', number: 'call me' } }, '/body/data/number'],
      [
        { mode: 'exec', exec: { url: 'https://a.example', fallback: 'https://b.example', timeoutMs: 50 } },
        '/body/exec/timeoutMs',
      ],
      [{ mode: 'exec', exec: { url: 'https://a.example' } }, '/body/exec/fallback'],
      [{ mode: 'redirect', target: 'https://a.example', slug: 'no spaces' }, '/body/slug'],
      [
        { mode: 'redirect', target: 'https://a.example', style: { dots: { type: 'stars' } } },
        '/body/style/dots/type',
      ],
      [{ mode: 'redirect', target: 'https://a.example', hostname: '' }, '/body/hostname'],
      [{ mode: 'redirect', target: 'https://a.example', colour: 'red' }, '/body/colour'],
    ];
    for (const [body, path] of cases) {
      const response = await call(alice, 'POST', '/api/v1/qrcodes', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      const problem = response.json() as { code: string; errors: Array<{ path: string }> };
      expect(problem.code).toBe('validation_failed');
      expect(
        problem.errors.map((e) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
  });

  it('answers 409 on a taken slug and on a reserved word, case-sensitively for slugs', async () => {
    await create({ mode: 'redirect', target: 'https://example.com/a', slug: 'spring-menu' });
    const clash = await call(bob, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/b',
      slug: 'spring-menu',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'conflict', errors: [{ path: '/body/slug' }] });
    expect(clash.json().detail).toMatch(/"spring-menu" is already taken/);
    await create({ mode: 'redirect', target: 'https://example.com/c', slug: 'Spring-Menu' });
    for (const word of ['api', 'docs', 'API', RESERVED_SLUGS.at(-1) ?? 'api']) {
      if (!/^[A-Za-z0-9_-]{3,64}$/.test(word) && word.length >= 3) continue;
      const reserved = await call(alice, 'POST', '/api/v1/qrcodes', {
        mode: 'redirect',
        target: 'https://example.com',
        slug: word.length < 3 ? `${word}${word}${word}` : word,
      });
      if (word.length < 3) continue;
      expect(reserved.statusCode, word).toBe(409);
      expect(reserved.json().detail).toMatch(/reserved/);
    }
  });

  it('lists with filters and cursor pages, newest first', async () => {
    const lister = await token('lister');
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const code = await create(
        {
          mode: i % 2 === 0 ? 'redirect' : 'static',
          ...(i % 2 === 0
            ? { target: `https://example.com/${i}` }
            : { data: { kind: 'text', text: `note ${i}` } }),
          title: i === 3 ? 'The Summer Menu' : `Code ${i}`,
          tags: i < 3 ? ['print', 'a"quoted'] : ['web'],
        },
        lister,
      );
      made.push(code.id as string);
    }
    const ids = (response: { json(): unknown }) =>
      ((response.json() as { data: Json[] }).data ?? []).map((c) => c.id);
    const all = await call(lister, 'GET', '/api/v1/qrcodes?limit=3');
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual(made.slice().reverse().slice(0, 3));
    let cursor = (all.json() as { nextCursor: string }).nextCursor;
    const seen = [...ids(all)];
    while (cursor) {
      const page = await call(lister, 'GET', `/api/v1/qrcodes?limit=3&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...ids(page));
      cursor = (page.json() as { nextCursor: string }).nextCursor;
    }
    expect(seen).toEqual(made.slice().reverse());

    expect(ids(await call(lister, 'GET', '/api/v1/qrcodes?mode=static'))).toEqual([
      made[5],
      made[3],
      made[1],
    ]);
    expect(ids(await call(lister, 'GET', '/api/v1/qrcodes?tag=print'))).toEqual([made[2], made[1], made[0]]);
    expect(
      ids(await call(lister, 'GET', `/api/v1/qrcodes?tag=${encodeURIComponent('a"quoted')}`)),
    ).toHaveLength(3);
    expect(ids(await call(lister, 'GET', '/api/v1/qrcodes?tag=Print'))).toEqual([]);
    expect(ids(await call(lister, 'GET', '/api/v1/qrcodes?q=summer'))).toEqual([made[3]]);
    expect(ids(await call(lister, 'GET', '/api/v1/qrcodes?q=100%25'))).toEqual([]);
    expect(ids(await call(lister, 'GET', '/api/v1/qrcodes?mode=static&tag=web'))).toEqual([made[5], made[3]]);
    expect(ids(await call(lister, 'GET', '/api/v1/qrcodes?hostname=qr.example.com'))).toEqual([]);
    expect(ids(await call(bob, 'GET', '/api/v1/qrcodes?tag=print'))).toEqual([]);

    const badCursor = await call(lister, 'GET', '/api/v1/qrcodes?cursor=garbage');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().errors[0].path).toBe('/query/cursor');
  });

  it('patches as a JSON merge patch', async () => {
    const code = await create({
      mode: 'redirect',
      target: 'https://example.com/old',
      title: 'Old',
      tags: ['a'],
      style: { dots: { type: 'rounded', color: '#222222' }, margin: 6 },
    });
    const url = `/api/v1/qrcodes/${code.id}`;
    const patched = await call(alice, 'PATCH', url, {
      target: 'https://example.com/new',
      title: null,
      style: { dots: { color: '#000000' }, margin: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const body = patched.json() as Json & { style: Json };
    expect(body).toMatchObject({
      target: 'https://example.com/new',
      title: null,
      tags: ['a'],
      slug: code.slug,
    });
    expect(body.style.dots).toMatchObject({ type: 'rounded', color: '#000000' });
    expect(body.style.margin).toBeUndefined();
    expect(Date.parse(body.updatedAt as string)).toBeGreaterThanOrEqual(Date.parse(code.updatedAt as string));

    const asMergePatch = await call(alice, 'PATCH', url, JSON.stringify({ enabled: false }), {
      'content-type': 'application/merge-patch+json',
    });
    expect(asMergePatch.statusCode, asMergePatch.body).toBe(200);
    expect(asMergePatch.json().enabled).toBe(false);

    const toStatic = await call(alice, 'PATCH', url, {
      mode: 'static',
      data: { kind: 'text', text: 'now static' },
    });
    expect(toStatic.statusCode, toStatic.body).toBe(200);
    expect(toStatic.json()).toMatchObject({
      mode: 'static',
      target: null,
      data: { kind: 'text', text: 'now static' },
    });

    const sameKind = await call(alice, 'PATCH', url, { data: { text: 'edited' } });
    expect(sameKind.statusCode, sameKind.body).toBe(200);
    expect(sameKind.json().data).toEqual({ kind: 'text', text: 'edited' });

    const newKind = await call(alice, 'PATCH', url, { data: { kind: 'geo', lat: 1, lng: 2 } });
    expect(newKind.statusCode, newKind.body).toBe(200);
    expect(newKind.json().data).toEqual({ kind: 'geo', lat: 1, lng: 2 });

    const renamed = await call(alice, 'PATCH', url, { slug: 'renamed-code' });
    expect(renamed.json().slug).toBe('renamed-code');
    const reserved = await call(alice, 'PATCH', url, { slug: 'login' });
    expect(reserved.statusCode).toBe(409);
    const bad = await call(alice, 'PATCH', url, { mode: 'redirect' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('/body/target');
  });

  it('deletes, and a deleted code is gone', async () => {
    const code = await create({ mode: 'redirect', target: 'https://example.com/bye' });
    const url = `/api/v1/qrcodes/${code.id}`;
    expect((await call(alice, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(alice, 'GET', url)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', url)).statusCode).toBe(404);
  });

  it("answers 404 for another account's code on every route", async () => {
    const code = await create({ mode: 'redirect', target: 'https://example.com/mine' });
    const base = `/api/v1/qrcodes/${code.id}`;
    const attempts: Array<[Parameters<typeof call>[1], string, unknown?]> = [
      ['GET', base],
      ['GET', `${base}?include=image`],
      ['PATCH', base, { title: 'stolen' }],
      ['DELETE', base],
      ['GET', `${base}/rules`],
      ['PUT', `${base}/rules`, { rules: [] }],
      ['GET', `${base}/image.svg`],
      ['GET', `${base}/image.png?size=128`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(bob, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect((await call(alice, 'GET', base)).json().title).toBeNull();
  });

  it('keeps the order of assigned rules and refuses ids that are not the account rules', async () => {
    const code = await create({ mode: 'redirect', target: 'https://example.com/rules' });
    const url = `/api/v1/qrcodes/${code.id}/rules`;
    expect((await call(alice, 'GET', url)).json()).toEqual({ rules: [] });
    const ruleIds = await makeRules(alice, 3);
    const order = [ruleIds[2], ruleIds[0], ruleIds[1]];
    const put = await call(alice, 'PUT', url, { rules: order });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ rules: order });
    expect((await call(alice, 'GET', url)).json()).toEqual({ rules: order });
    expect((await call(alice, 'GET', `/api/v1/qrcodes/${code.id}`)).json().rules).toEqual(order);
    const redirect = await t.app.codeLookup.findForRedirect('', code.slug as string);
    expect(redirect).toMatchObject({
      id: code.id,
      mode: 'redirect',
      target: 'https://example.com/rules',
      enabled: true,
      ruleIds: order,
    });

    const [bobRule] = await makeRules(bob, 1);
    const foreign = await call(alice, 'PUT', url, {
      rules: [order[0], 'rule_doesnotexist', bobRule, order[0]],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.map((e: { path: string }) => e.path)).toEqual([
      '/body/rules/1',
      '/body/rules/2',
      '/body/rules/3',
    ]);
    expect((await call(alice, 'GET', url)).json()).toEqual({ rules: order });

    const changes: string[] = [];
    t.app.changes.subscribe('code.changed', (change) => {
      changes.push(change.id);
    });
    const deleted = await call(alice, 'DELETE', `/api/v1/rules/${order[0]}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(alice, 'GET', url)).json()).toEqual({ rules: [order[1], order[2]] });
    expect(changes).toContain(code.id);
  });

  it('serves the image by its URL, with query overrides, as SVG and PNG that decode', async () => {
    const code = await create({
      mode: 'redirect',
      target: 'https://example.com/img',
      style: { dots: { type: 'rounded' } },
    });
    const base = `/api/v1/qrcodes/${code.id}`;
    const svg = await call(alice, 'GET', `${base}/image.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await verifySvg(svg.body, code.shortUrl as string)).ok).toBe(true);

    const png = await call(
      alice,
      'GET',
      `${base}/image.png?size=300&dotsColor=%23003366&errorCorrection=H&margin=3`,
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const pixels = pngPixels(png.rawPayload);
    expect(pixels.width).toBe(300);
    expect(await verify(pixels, code.shortUrl as string)).toMatchObject({ ok: true });

    const download = await call(alice, 'GET', `${base}/image.svg?download=true`);
    expect(download.headers['content-disposition']).toMatch(/attachment/);
    const badOverride = await call(alice, 'GET', `${base}/image.png?size=5`);
    expect(badOverride.statusCode).toBe(400);
    expect(badOverride.json().errors[0].path).toMatch(/^\/query(string)?\/size$/);
  });

  it('answers the bare image by format and by Accept, and JSON with the image on request', async () => {
    const code = await create({ mode: 'redirect', target: 'https://example.com/bare' });
    const base = `/api/v1/qrcodes/${code.id}`;
    const bySvg = await call(alice, 'GET', `${base}?format=svg`);
    expect(bySvg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(bySvg.body.startsWith('<svg')).toBe(true);
    const byPng = await call(alice, 'GET', base, undefined, { accept: 'image/png' });
    expect(byPng.headers['content-type']).toBe('image/png');
    expect((await verify(pngPixels(byPng.rawPayload), code.shortUrl as string)).ok).toBe(true);
    const json = await call(alice, 'GET', base, undefined, { accept: 'application/json, image/png;q=0.5' });
    expect(json.headers['content-type']).toMatch(/application\/json/);
    expect(json.json().image).toBeUndefined();
    const included = await call(alice, 'GET', `${base}?include=image`);
    expect(included.json().image).toMatchObject({ format: 'svg', url: `${base}/image.svg` });

    const createdPng = await call(alice, 'POST', '/api/v1/qrcodes?format=png', {
      mode: 'redirect',
      target: 'https://example.com/p',
    });
    expect(createdPng.statusCode).toBe(201);
    expect(createdPng.headers['content-type']).toBe('image/png');
    expect(createdPng.headers.location).toMatch(/^\/api\/v1\/qrcodes\/qr_/);
    const createdJsonPng = await call(alice, 'POST', '/api/v1/qrcodes?imageFormat=png', {
      mode: 'redirect',
      target: 'https://example.com/p',
    });
    const image = createdJsonPng.json().image as { format: string; data: string };
    expect(image.format).toBe('png');
    expect(
      (await verify(pngPixels(Buffer.from(image.data, 'base64')), createdJsonPng.json().shortUrl)).ok,
    ).toBe(true);
  });

  it('refuses unscannable designs with 422 and the reason', async () => {
    const lowContrast = await call(alice, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/x',
      style: { dots: { color: '#dddddd' }, background: { color: '#ffffff' } },
    });
    expect(lowContrast.statusCode).toBe(422);
    expect(lowContrast.json()).toMatchObject({ code: 'unscannable_design', reason: 'contrast_too_low' });
    expect(lowContrast.json().errors[0].path).toBe('/body/style/dots/color');

    const bigLogo = await call(alice, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/x',
      // 20% is within range (H's cap), but at version 3 it breaks more than any block repairs.
      style: { errorCorrection: 'H', version: 3, logo: { src: `${logos.url}/logo.svg`, size: 0.2 } },
    });
    expect(bigLogo.statusCode).toBe(422);
    expect(bigLogo.json()).toMatchObject({ code: 'unscannable_design', reason: 'logo_too_large' });

    const code = await create({ mode: 'redirect', target: 'https://example.com/y' });
    const override = await call(alice, 'GET', `/api/v1/qrcodes/${code.id}/image.svg?dotsColor=%23eeeeee`);
    expect(override.statusCode).toBe(422);
    expect(override.json().code).toBe('unscannable_design');
  });

  it('fetches a logo by URL behind the SSRF guard and stores it once as an asset', async () => {
    const code = await create({
      mode: 'redirect',
      target: 'https://example.com/logo',
      slug: 'with-logo',
      style: { errorCorrection: 'H', logo: { src: `${logos.url}/logo.svg`, size: 0.1 } },
    });
    const logo = (code.style as { logo: { src: string } }).logo;
    expect(logo.src).toMatch(/^\/api\/v1\/assets\/ast_/);
    const stored = await t.app.inject({ method: 'GET', url: logo.src });
    expect(stored.headers['content-type']).toBe('image/svg+xml');
    expect(stored.body).not.toMatch(/script/);
    expect((await verifySvg((code.image as { data: string }).data, code.shortUrl as string)).ok).toBe(true);

    const notImage = await call(alice, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/x',
      style: { logo: { src: `${logos.url}/page.html` } },
    });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().errors[0].path).toBe('/body/style/logo/src');
    const metadata = await call(alice, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/x',
      style: { logo: { src: 'http://169.254.169.254/latest/meta-data' } },
    });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().errors[0].message).toMatch(/not a public address/);
  });

  it('renders one-off designs publicly', async () => {
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      payload: { data: 'hello render' },
    });
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await verifySvg(svg.body, 'hello render')).ok).toBe(true);
    const png = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      payload: { data: 'hello png', format: 'png', style: { size: 200 } },
    });
    expect(png.headers['content-type']).toBe('image/png');
    expect((await verify(pngPixels(png.rawPayload), 'hello png')).ok).toBe(true);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      payload: { data: 'hello json', format: 'json' },
    });
    expect(json.json()).toMatchObject({ format: 'svg' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      payload: { data: 'x', style: { dots: { color: '#fefefe' } } },
    });
    expect(bad.statusCode).toBe(422);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      payload: { data: 'x'.repeat(2900), style: { errorCorrection: 'H' } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].path).toBe('/body/data');
  });

  it('enforces API key scopes and honours Idempotency-Key on create', async () => {
    const user = await signedInUser(t);
    const readOnly = await createApiKey(t, user, ['qrcodes:read']);
    const key = readOnly.key;
    expect((await call(key, 'GET', '/api/v1/qrcodes')).statusCode).toBe(200);
    const refused = await call(key, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('insufficient_scope');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/qrcodes' })).statusCode).toBe(401);

    const body = { mode: 'redirect', target: 'https://example.com/once' };
    const first = await call(alice, 'POST', '/api/v1/qrcodes', body, { 'idempotency-key': 'create-once-1' });
    const again = await call(alice, 'POST', '/api/v1/qrcodes', body, { 'idempotency-key': 'create-once-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
  });

  it('shows the scan totals of the scans service on the resource', async () => {
    const code = await create({ mode: 'redirect', target: 'https://example.com/counted' });
    // The scans carry the code's workspace, as the edge's do: a read waits for its workspace's own.
    const workspace = (await call(alice, 'GET', '/api/v1/me')).json() as { id: string };
    const scan: Omit<Scan, 'at' | 'visitorHash'> = {
      codeId: code.id as string,
      accountId: workspace.id,
      hostname: 'localhost',
      ruleId: null,
      target: 'https://example.com/counted',
      country: null,
      region: null,
      device: 'mobile',
      os: 'ios',
      browser: 'safari',
      language: 'en',
      referrerHost: null,
      bot: false,
    };
    const now = Date.now();
    await t.app.scans.record({ ...scan, at: now, visitorHash: 'visitor-a' });
    await t.app.scans.record({ ...scan, at: now, visitorHash: 'visitor-b' });
    const read = (await call(alice, 'GET', `/api/v1/qrcodes/${code.id}`)).json() as { scans: Json };
    expect(read.scans).toEqual({ total: 2, uniqueToday: 2, lastAt: new Date(now).toISOString() });
    const listed = (await call(alice, 'GET', '/api/v1/qrcodes?limit=100')).json() as { data: Json[] };
    expect(listed.data.find((c) => c.id === code.id)?.scans).toMatchObject({ total: 2 });
  });

  it('tells the edge about every change', async () => {
    const changes: Array<{ id: string; hostKey: string; slug: string }> = [];
    t.app.changes.subscribe('code.changed', (change) => {
      changes.push(change);
    });
    const code = await create({ mode: 'redirect', target: 'https://example.com/edge', slug: 'edge-one' });
    await call(alice, 'PATCH', `/api/v1/qrcodes/${code.id}`, { slug: 'edge-two' });
    await call(alice, 'PUT', `/api/v1/qrcodes/${code.id}/rules`, { rules: [] });
    await call(alice, 'DELETE', `/api/v1/qrcodes/${code.id}`);
    expect(changes.filter((c) => c.id === code.id).map((c) => c.slug)).toEqual([
      'edge-one',
      'edge-one',
      'edge-two',
      'edge-two',
      'edge-two',
    ]);
    expect(await t.app.codeLookup.findForRedirect('', 'edge-two')).toBeUndefined();
  });
});
