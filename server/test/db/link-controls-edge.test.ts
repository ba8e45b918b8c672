import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Json = Record<string, unknown>;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Link controls at the edge (issue 32), and the scan simulator beside it: each control as a
 * scanner meets it, on both database engines.
 */
describe.each(engines)('link controls at the edge on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: {
        SHORT_URL: 'http://rq.test',
        SSRF_ALLOW: '127.0.0.1',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      },
    });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const api = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: Json) => {
    const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, payload });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Json;
  };
  const scan = (slug: string, userAgent = IPHONE, method: 'GET' | 'HEAD' = 'GET', query = '') =>
    t.app.inject({
      method,
      url: `/r/${slug}${query}`,
      headers: { 'user-agent': userAgent },
      remoteAddress: '8.8.8.8',
    });
  const recorded = async (id: string) => {
    await t.app.scans.settled();
    return t.database.handle.db.selectFrom('scans').select(['target']).where('qrcode_id', '=', id).execute();
  };
  const simulate = async (id: string, body: Json = {}) => api('POST', `/qrcodes/${id}/simulate`, body);

  it('answers a code that is not active yet or expired with a 410 page that says which, and records nothing', async () => {
    const later = await api('POST', '/qrcodes', {
      slug: 'later',
      mode: 'redirect',
      target: 'https://example.com/',
      activeFrom: iso(Date.now() + 24 * HOUR),
    });
    const early = await scan('later');
    expect(early.statusCode).toBe(410);
    expect(early.headers['content-type']).toContain('text/html');
    expect(early.body).toContain('This code is not active yet');

    const over = await api('POST', '/qrcodes', {
      slug: 'over',
      mode: 'redirect',
      target: 'https://example.com/',
      expiresAt: iso(Date.now() - HOUR),
    });
    const late = await scan('over');
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('This code has expired');
    expect(await recorded(later.id as string)).toHaveLength(0);
    expect(await recorded(over.id as string)).toHaveLength(0);

    await api('PATCH', `/qrcodes/${over.id}`, { expiredTarget: 'https://example.com/sorry?utm_source=none' });
    const sent = await scan('over');
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe('https://example.com/sorry?utm_source=none');

    await api('PATCH', `/qrcodes/${later.id}`, {
      activeFrom: iso(Date.now() - HOUR),
      expiresAt: iso(Date.now() + HOUR),
    });
    expect((await scan('later')).headers.location).toBe('https://example.com/');
    expect(await simulate(later.id as string, { at: iso(Date.now() + 2 * HOUR) })).toMatchObject({
      target: null,
      status: 410,
      decidedBy: 'expired',
    });
  });

  it('takes maxScans human scans, then says it is used up; HEAD and bots do not count', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'capped',
      mode: 'redirect',
      target: 'https://example.com/cap',
      maxScans: 2,
    });
    expect((await scan('capped', IPHONE, 'HEAD')).statusCode).toBe(302);
    expect((await scan('capped', GOOGLEBOT)).statusCode).toBe(302);
    expect((await scan('capped')).statusCode).toBe(302);
    expect((await scan('capped', ANDROID)).statusCode).toBe(302);
    const third = await scan('capped');
    expect(third.statusCode).toBe(410);
    expect(third.body).toContain('This code has been used up');
    expect((await api('GET', `/qrcodes/${code.id}`)).scans).toMatchObject({ total: 2 });
    expect(await simulate(code.id as string)).toMatchObject({ status: 410, decidedBy: 'used_up' });
    expect(await simulate(code.id as string, { scansBefore: 1 })).toMatchObject({
      status: 302,
      decidedBy: 'default',
    });

    await api('PATCH', `/qrcodes/${code.id}`, { expiredTarget: 'https://example.com/all-gone' });
    expect((await scan('capped')).headers.location).toBe('https://example.com/all-gone');
  });

  it('stops a code with a password at the gate (its form, not recorded) until it is removed', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'locked',
      mode: 'redirect',
      target: 'https://example.com/secret',
      password: 'open sesame',
    });
    const locked = await scan('locked');
    expect(locked.statusCode).toBe(200);
    expect(locked.headers.location).toBeUndefined();
    expect(locked.body).toContain('needs a password');
    expect(await recorded(code.id as string)).toHaveLength(0);
    expect(await simulate(code.id as string)).toMatchObject({
      status: 200,
      decidedBy: 'password',
      target: null,
    });
    expect(await simulate(code.id as string, { password: 'wrong one' })).toMatchObject({
      status: 401,
      decidedBy: 'password',
    });
    expect(await simulate(code.id as string, { password: 'open sesame' })).toMatchObject({
      status: 302,
      decidedBy: 'default',
      target: 'https://example.com/secret',
    });
    await api('PATCH', `/qrcodes/${code.id}`, { password: null });
    expect((await scan('locked')).headers.location).toBe('https://example.com/secret');
  });

  it('sends iOS and Android scanners to their app targets before rules, with the UTM tags', async () => {
    const rule = await api('POST', '/rules', {
      name: 'every phone',
      when: { device: ['mobile'] },
      then: { redirect: 'https://example.com/phones' },
    });
    const code = await api('POST', '/qrcodes', {
      slug: 'apps',
      mode: 'redirect',
      target: 'https://example.com/',
      rules: [rule.id],
      utm: { source: 'qr', campaign: 'launch day' },
      apps: { ios: 'https://apps.example.com/ios', android: 'https://apps.example.com/android?ref=qr' },
    });
    expect((await scan('apps', IPHONE)).headers.location).toBe(
      'https://apps.example.com/ios?utm_source=qr&utm_campaign=launch%20day',
    );
    expect((await scan('apps', ANDROID)).headers.location).toBe(
      'https://apps.example.com/android?ref=qr&utm_source=qr&utm_campaign=launch%20day',
    );
    expect((await scan('apps', DESKTOP)).headers.location).toBe(
      'https://example.com/?utm_source=qr&utm_campaign=launch%20day',
    );
    const simulated = await simulate(code.id as string, { userAgent: IPHONE });
    expect(simulated).toMatchObject({ decidedBy: 'apps', rule: null });
    expect(simulated.trace).toEqual([
      { rule: rule.id, matched: false, because: "not reached: an app target for the scanner's OS decides" },
    ]);
  });

  it('adds UTM tags to rule and split targets, never over a parameter the target has', async () => {
    const german = await api('POST', '/rules', {
      name: 'German',
      when: { language: ['de'] },
      then: { redirect: 'https://example.com/de?utm_source=flyer#top', passQuery: true },
    });
    const split = await api('POST', '/rules', {
      name: 'half and half',
      when: { os: ['ios'] },
      then: {
        split: [
          { url: 'https://a.example.com/', weight: 50 },
          { url: 'https://b.example.com/?utm_medium=x', weight: 50 },
        ],
      },
    });
    await api('POST', '/qrcodes', {
      slug: 'tagged',
      mode: 'redirect',
      target: 'https://example.com/?utm_campaign=own',
      rules: [german.id, split.id],
      utm: { source: 'qr', medium: 'print', campaign: 'spring' },
    });
    const de = await t.app.inject({
      method: 'GET',
      url: '/r/tagged?utm_medium=scan&x=1',
      headers: { 'user-agent': DESKTOP, 'accept-language': 'de-DE' },
    });
    expect(de.headers.location).toBe(
      'https://example.com/de?utm_source=flyer&utm_medium=scan&x=1&utm_campaign=spring#top',
    );
    expect((await scan('tagged', DESKTOP)).headers.location).toBe(
      'https://example.com/?utm_campaign=own&utm_source=qr&utm_medium=print',
    );
    for (let i = 0; i < 6; i++) {
      const location = (await scan('tagged', IPHONE)).headers.location as string;
      expect([
        'https://a.example.com/?utm_source=qr&utm_medium=print&utm_campaign=spring',
        'https://b.example.com/?utm_medium=x&utm_source=qr&utm_campaign=spring',
      ]).toContain(location);
    }
  });

  it('simulates a scan with each rule in words, and records nothing', async () => {
    const ios = await api('POST', '/rules', {
      name: 'iPhones',
      when: { os: ['ios'] },
      then: { redirect: 'https://example.com/ios' },
    });
    const mornings = await api('POST', '/rules', {
      name: 'Mornings in Berlin',
      when: { time: { from: '09:00', to: '10:00', timeZone: 'Europe/Berlin' } },
      then: { redirect: 'https://example.com/breakfast' },
    });
    const code = await api('POST', '/qrcodes', {
      slug: 'explained',
      mode: 'redirect',
      target: 'https://example.com/',
      rules: [ios.id, mornings.id],
    });
    const answer = await simulate(code.id as string, { userAgent: ANDROID, at: '2026-12-01T10:30:00+01:00' });
    expect(answer).toEqual({
      target: 'https://example.com/',
      status: 302,
      decidedBy: 'default',
      rule: null,
      trace: [
        { rule: ios.id, matched: false, because: 'os is android, not ios' },
        { rule: mornings.id, matched: false, because: 'Tue 10:30 in Europe/Berlin is outside 09:00-10:00' },
      ],
    });
    const morning = await simulate(code.id as string, { at: '2026-12-01T09:30:00+01:00', country: 'de' });
    expect(morning).toMatchObject({
      target: 'https://example.com/breakfast',
      decidedBy: 'rule',
      rule: mornings.id,
    });
    expect(await recorded(code.id as string)).toHaveLength(0);
    expect((await api('GET', `/qrcodes/${code.id}`)).scans).toMatchObject({ total: 0 });
  });

  it('refuses a simulated scan no scanner could send with a 400 naming each field, and takes real ones', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'checked',
      mode: 'redirect',
      target: 'https://example.com/',
    });
    const simulateRaw = (payload: Json) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/qrcodes/${code.id}/simulate`,
        headers: user.headers,
        payload,
      });
    const refusedPaths = async (payload: Json) => {
      const answer = await simulateRaw(payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      const problem = answer.json() as { code: string; errors: { path: string; message: string }[] };
      expect(problem.code).toBe('validation_failed');
      return Object.fromEntries(problem.errors.map((error) => [error.path, error.message]));
    };

    // What the issue found answered as a scan to the default target.
    const made = await refusedPaths({
      ip: '999.1.1.1',
      language: '!!!',
      country: 'ZZ',
      referrer: 'not a host',
    });
    expect(Object.keys(made).sort()).toEqual([
      '/body/country',
      '/body/ip',
      '/body/language',
      '/body/referrer',
    ]);
    expect(made['/body/ip']).toContain('IPv4 or IPv6 address');
    expect(made['/body/language']).toContain('"!!!" is no language tag');
    expect(made['/body/country']).toContain('ISO 3166-1 alpha-2');
    expect(await refusedPaths({ language: 'de;q=2' })).toEqual({
      '/body/language': 'has a weight that is no q=0 to q=1 (three decimals at most): "q=2"',
    });
    expect(Object.keys(await refusedPaths({ ip: '10.0.0.0/8' }))).toEqual(['/body/ip']);
    // What no request can carry: a header with a line break, a query with a space, a time that is none.
    const shapes = await refusedPaths({
      userAgent: 'Phone\r\nX-Injected: 1',
      query: 'a b',
      at: 'tomorrow',
      country: 'DEU',
    });
    expect(Object.keys(shapes).sort()).toEqual([
      '/body/at',
      '/body/country',
      '/body/query',
      '/body/userAgent',
    ]);
    expect(shapes['/body/userAgent']).toContain('no line breaks');

    const real = await simulateRaw({
      ip: '2001:db8::1',
      language: 'de-CH, de;q=0.9, *;q=0.1',
      country: 'de',
      referrer: 'news.example',
      query: '?src=flyer&x=%20y',
      userAgent: ANDROID,
    });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ decidedBy: 'default', target: 'https://example.com/' });
    for (const referrer of ['https://news.example/article?id=1', '203.0.113.7']) {
      expect((await simulateRaw({ referrer, ip: '203.0.113.7' })).statusCode, referrer).toBe(200);
    }
  });

  it('names the exec URL it would call, without calling it; a key needs qrcodes:read', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'hooked',
      mode: 'exec',
      exec: { url: 'https://hooks.invalid/qr', fallback: 'https://example.com/' },
    });
    expect(await simulate(code.id as string)).toMatchObject({
      target: 'https://hooks.invalid/qr',
      status: null,
      decidedBy: 'exec',
    });
    const reader = await createApiKey(t, user, ['qrcodes:read']);
    const byKey = await t.app.inject({
      method: 'POST',
      url: `/api/v1/qrcodes/${code.id}/simulate`,
      headers: reader.headers,
      payload: {},
    });
    expect(byKey.statusCode).toBe(200);
    const rulesOnly = await createApiKey(t, user, ['rules:read']);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/qrcodes/${code.id}/simulate`,
      headers: rulesOnly.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });

  it("tags an exec code's answers and fallback, and stops it like a redirect code", async () => {
    let healthy = true;
    const receiver = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (!healthy) return response.writeHead(500).end();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ url: 'https://example.com/from-hook?utm_source=hook' }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const code = await api('POST', '/qrcodes', {
        slug: 'exec-tagged',
        mode: 'exec',
        exec: { url: `http://127.0.0.1:${port}/decide`, fallback: 'https://example.com/fallback' },
        utm: { source: 'qr', medium: 'print' },
      });
      expect((await scan('exec-tagged')).headers.location).toBe(
        'https://example.com/from-hook?utm_source=hook&utm_medium=print',
      );
      healthy = false;
      expect((await scan('exec-tagged')).headers.location).toBe(
        'https://example.com/fallback?utm_source=qr&utm_medium=print',
      );
      await api('PATCH', `/qrcodes/${code.id}`, { expiresAt: iso(Date.now() - HOUR) });
      const expired = await scan('exec-tagged');
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('This code has expired');
    } finally {
      receiver.close();
    }
  });
});
