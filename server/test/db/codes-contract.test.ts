import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Json = Record<string, unknown>;

/** The contract of issue #10 for codes and rules: what users found broken, as they would see it. */
describe.each(engines)('codes and rules keep the documented contract on $name', (engine) => {
  let t: TestApp & { base: string };
  let user: SignedInUser;
  let base: string;

  beforeAll(async () => {
    t = await listeningTestApp(engine, {
      env: {
        PUBLIC_URL: 'https://rq.example',
        SHORT_URL: 'https://rq.link',
        SSRF_ALLOW: '127.0.0.1',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      },
    });
    base = t.base;
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: Json) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  const create = async (url: string, payload: Json) => {
    const response = await send('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Json & { id: string };
  };
  const refusal = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: Json) => {
    const response = await send(method, url, payload);
    expect(response.headers['content-type']).toContain('application/problem+json');
    return { status: response.statusCode, ...(response.json() as { errors?: Json[]; detail: string }) };
  };

  it('stores every URL in WHATWG form and keeps rule templates working', async () => {
    const code = await create('/qrcodes', { mode: 'redirect', target: 'https://例え.jp/パス?q=中#中' });
    expect(code.target).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E4%B8%AD#%E4%B8%AD');
    const exec = await create('/qrcodes', {
      mode: 'exec',
      exec: { url: 'https://hooks.example/ü', fallback: 'https://example.com/a b' },
    });
    expect(exec.exec).toMatchObject({
      url: 'https://hooks.example/%C3%BC',
      fallback: 'https://example.com/a%20b',
    });

    const rule = await create('/rules', {
      name: 'templated',
      then: { redirect: 'https://例え.jp/{country}/パス?c={query.c}&s={slug}' },
    });
    expect((rule.then as Json).redirect).toBe(
      'https://xn--r8jz45g.jp/{country}/%E3%83%91%E3%82%B9?c={query.c}&s={slug}',
    );
    await create('/qrcodes', {
      slug: 'templated',
      mode: 'redirect',
      target: 'https://example.com/',
      rules: [rule.id],
    });
    const scan = await fetch(`${base}/r/templated?c=中`, {
      redirect: 'manual',
      headers: { 'user-agent': IPHONE, 'x-forwarded-for': '8.8.8.8' },
    });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toMatch(
      /^https:\/\/xn--r8jz45g\.jp\/[A-Z]*\/%E3%83%91%E3%82%B9\?c=%E4%B8%AD&s=templated$/,
    );
  });

  it('refuses user:pass@ and our own short URLs (a redirect loop) with field paths', async () => {
    const cases: Array<[string, Json, string]> = [
      ['/qrcodes', { mode: 'redirect', target: 'https://user:pass@example.com/' }, '/body/target'],
      ['/qrcodes', { mode: 'redirect', target: 'https://rq.example/r/abc' }, '/body/target'],
      ['/qrcodes', { mode: 'redirect', target: 'https://RQ.link/abc' }, '/body/target'],
      [
        '/qrcodes',
        { mode: 'exec', exec: { url: 'https://hooks.example/', fallback: 'https://rq.link/x1y' } },
        '/body/exec/fallback',
      ],
      ['/rules', { name: 'loop', then: { redirect: 'https://rq.link/{slug}' } }, '/body/then/redirect'],
      ['/rules', { name: 'creds', then: { redirect: 'https://a:b@example.com/' } }, '/body/then/redirect'],
      [
        '/rules',
        { name: 'split', then: { split: [{ url: 'https://rq.example/r/x', weight: 100 }] } },
        '/body/then/split/0/url',
      ],
    ];
    for (const [url, body, path] of cases) {
      const problem = await refusal('POST', url, body);
      expect(problem.status, JSON.stringify(body)).toBe(400);
      expect(problem.errors?.map((e) => e.path)).toEqual([path]);
    }
    // The site's own pages are fine targets: only short URLs loop.
    await create('/qrcodes', { mode: 'redirect', target: 'https://rq.example/docs/intro' });
  });

  it('knows every address of this server as its own, so no spelling of it loops', async () => {
    // PORT is 8080 (the default), PUBLIC_URL https://rq.example, SHORT_URL https://rq.link.
    const loops = [
      'http://127.0.0.1:8080/r/self-loop',
      'http://LOCALHOST:8080/r/self-loop',
      'http://[::1]:8080/r/self-loop',
      'http://127.0.0.1/r/self-loop',
      'https://RQ.EXAMPLE:443/r/self-loop',
      'http://rq.example:80/r/self-loop',
      'http://rq.example./r/self-loop',
      'https://rq.link:443/self-loop',
      'http://[::ffff:127.0.0.1]:8080/r/self-loop',
    ];
    for (const target of loops) {
      const code = await refusal('POST', '/qrcodes', { mode: 'redirect', target });
      expect(code.status, target).toBe(400);
      expect(code.errors?.map((e) => e.path)).toEqual(['/body/target']);
      const rule = await refusal('POST', '/rules', { name: 'loop', then: { redirect: target } });
      expect(rule.status, target).toBe(400);
    }
    // Another service on this machine, on a port we do not answer, is not us.
    await create('/rules', { name: 'elsewhere', then: { redirect: 'http://127.0.0.1:9999/r/x' } });
  });

  it('takes rules inline on create, for redirect codes only, and never ignores them silently', async () => {
    const rule = await create('/rules', {
      name: 'iphones',
      when: { os: ['ios'] },
      then: { redirect: 'https://apps.example/' },
    });
    const code = await create('/qrcodes', {
      slug: 'inline-rules',
      mode: 'redirect',
      target: 'https://example.com/',
      rules: [rule.id],
    });
    expect(code.rules).toEqual([rule.id]);
    const scan = await t.app.inject({
      method: 'GET',
      url: '/r/inline-rules',
      headers: { 'user-agent': IPHONE },
    });
    expect(scan.headers.location).toBe('https://apps.example/');

    const unknown = await refusal('POST', '/qrcodes', {
      mode: 'redirect',
      target: 'https://e.example/',
      rules: ['rule_x'],
    });
    expect(unknown.errors).toEqual([{ path: '/body/rules/0', message: 'is not a rule of this account' }]);
    const asStatic = await refusal('POST', '/qrcodes', {
      mode: 'static',
      data: { kind: 'text', text: 'hi' },
      rules: [rule.id],
    });
    expect(asStatic.status).toBe(400);
    expect(asStatic.errors?.[0]).toMatchObject({
      path: '/body/rules',
      message: expect.stringMatching(/static/),
    });

    const exec = await create('/qrcodes', {
      mode: 'exec',
      exec: { url: 'https://hooks.example/', fallback: 'https://example.com/' },
    });
    const onExec = await refusal('PUT', `/qrcodes/${exec.id}/rules`, { rules: [rule.id] });
    expect(onExec.status).toBe(400);
    expect(onExec.errors?.[0]).toMatchObject({ path: '/body/rules', message: expect.stringMatching(/exec/) });

    const toStatic = await refusal('PATCH', `/qrcodes/${code.id}`, {
      mode: 'static',
      data: { kind: 'text', text: 'x' },
    });
    expect(toStatic.status).toBe(400);
    expect(toStatic.errors?.[0]?.path).toBe('/body/mode');
    expect((await send('GET', `/qrcodes/${code.id}`)).json()).toMatchObject({
      mode: 'redirect',
      rules: [rule.id],
    });
  });

  it('accepts 24:00 as the end of a time window', async () => {
    const rule = await create('/rules', {
      name: 'evening',
      when: { time: { from: '18:00', to: '24:00', timeZone: 'Europe/Berlin' } },
      then: { redirect: 'https://example.com/evening' },
    });
    expect((rule.when as Json).time).toMatchObject({ to: '24:00' });
  });

  it('says what a slug and a colour must be in words, and names image query parameters', async () => {
    const slug = await refusal('POST', '/qrcodes', {
      slug: 'a!',
      mode: 'redirect',
      target: 'https://e.example/',
    });
    expect(slug.errors).toEqual([
      { path: '/body/slug', message: 'must be 3 to 64 characters, each a letter, a digit, - or _' },
    ]);
    const code = await create('/qrcodes', { mode: 'redirect', target: 'https://example.com/' });
    const faint = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${code.id}/image.svg?dotsColor=%23fafafa`,
      headers: user.headers,
    });
    expect(faint.statusCode).toBe(422);
    expect((faint.json() as { errors: Json[] }).errors.map((e) => e.path)).toContain('/query/dotsColor');
  });

  it('points "too much data" at the static field that holds it', async () => {
    const problem = await refusal('POST', '/qrcodes', {
      mode: 'static',
      data: { kind: 'text', text: 'x'.repeat(2900) },
      style: { errorCorrection: 'H' },
    });
    expect(problem.status).toBe(400);
    expect(problem.errors?.map((e) => e.path)).toEqual(['/body/data/text']);
  });

  it('reports the last human scan, not the last bot', async () => {
    const code = await create('/qrcodes', {
      slug: 'last-human',
      mode: 'redirect',
      target: 'https://example.com/',
    });
    const scanAs = (agent: string) =>
      t.app.inject({ method: 'GET', url: '/r/last-human', headers: { 'user-agent': agent } });
    await scanAs(GOOGLEBOT);
    expect((await send('GET', `/qrcodes/${code.id}`)).json()).toMatchObject({
      scans: { total: 0, lastAt: null },
    });
    await scanAs(IPHONE);
    const afterHuman = (await send('GET', `/qrcodes/${code.id}`)).json() as { scans: { lastAt: string } };
    expect(afterHuman.scans.lastAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await scanAs(GOOGLEBOT);
    expect((await send('GET', `/qrcodes/${code.id}`)).json()).toMatchObject({
      scans: { total: 1, lastAt: afterHuman.scans.lastAt },
    });
  });

  it('answers HEAD with the same headers as GET, Content-Length included, on both paths', async () => {
    await create('/qrcodes', { slug: 'head-check', mode: 'redirect', target: 'https://example.com/' });
    for (const path of ['/r/head-check', '/r/no-such-code']) {
      const viaSocket = await Promise.all(
        (['GET', 'HEAD'] as const).map((method) =>
          fetch(`${base}${path}`, { method, redirect: 'manual', headers: { 'user-agent': IPHONE } }),
        ),
      );
      const viaInject = await Promise.all(
        (['GET', 'HEAD'] as const).map((method) =>
          t.app.inject({ method, url: path, headers: { 'user-agent': IPHONE } }),
        ),
      );
      const [get, head] = viaSocket as [Response, Response];
      expect(head.status).toBe(get.status);
      for (const name of ['location', 'content-length', 'content-type', 'cache-control']) {
        expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
        expect(viaInject[1]?.headers[name], `${path} ${name} (inject)`).toEqual(viaInject[0]?.headers[name]);
      }
      expect(get.headers.get('content-length')).not.toBeNull();
      if (get.status === 302) expect(get.headers.get('content-length')).toBe('0');
    }
  });
});
