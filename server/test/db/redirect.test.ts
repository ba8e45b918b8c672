import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyExecSignature } from '../../src/modules/redirect/exec.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Json = Record<string, unknown>;

describe.each(engines)('the redirect edge on $name', (engine) => {
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

  const api = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Json) => {
    const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, payload });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.statusCode === 204 ? {} : (response.json() as Json);
  };
  const scan = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url: path,
      headers: { 'user-agent': IPHONE, ...headers },
      remoteAddress: '8.8.8.8',
    });

  it('sends a code without rules to its target and records the scan with every dimension', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'plain',
      mode: 'redirect',
      target: 'https://example.com/menu',
    });
    expect(code.shortUrl).toBe('http://rq.test/plain');
    const response = await scan('/r/plain', {
      'accept-language': 'de-CH,de;q=0.9',
      referer: 'https://news.example/a',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.com/menu');
    expect(response.headers['cache-control']).toContain('no-store');

    await t.app.scans.settled(); // on PostgreSQL a scan is answered from the journal, shipped after
    const rows = await t.database.handle.db
      .selectFrom('scans')
      .selectAll()
      .where('qrcode_id', '=', code.id as string)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account_id: user.workspaceId,
      hostname: 'localhost',
      rule_id: null,
      target: 'https://example.com/menu',
      country: 'US',
      device: 'mobile',
      os: 'ios',
      browser: 'safari',
      language: 'de-CH',
      referrer_host: 'news.example',
      bot: 0,
    });
    expect(rows[0]?.visitor_hash).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(JSON.stringify(rows[0])).not.toContain('8.8.8.8');
  });

  it('answers HEAD without counting it, and counts bots apart', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'heads',
      mode: 'redirect',
      target: 'https://example.com/',
    });
    expect((await scan('/r/heads', {}, 'HEAD')).statusCode).toBe(302);
    expect((await scan('/r/heads', { 'user-agent': GOOGLEBOT })).statusCode).toBe(302);
    await scan('/r/heads');
    const fetched = await api('GET', `/qrcodes/${code.id}`);
    expect(fetched.scans).toMatchObject({ total: 1, uniqueToday: 1 });
    await t.app.scans.settled(); // on PostgreSQL a scan is answered from the journal, shipped after
    const rows = await t.database.handle.db
      .selectFrom('scans')
      .select('bot')
      .where('qrcode_id', '=', code.id as string)
      .execute();
    expect(rows.map((row) => row.bot).sort()).toEqual([0, 1]);
  });

  it('applies the first matching rule in the assigned order, and sees rule and code edits at once', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'ruled',
      mode: 'redirect',
      target: 'https://example.com/default',
    });
    const ios = await api('POST', '/rules', {
      name: 'iPhones',
      when: { os: ['ios'] },
      then: { redirect: 'https://apps.example/{slug}?c={country}', passQuery: true },
    });
    const german = await api('POST', '/rules', {
      name: 'German',
      when: { language: ['de'] },
      then: { redirect: 'https://example.de/' },
    });
    await api('PUT', `/qrcodes/${code.id}/rules`, { rules: [german.id, ios.id] });

    const first = await scan('/r/ruled?utm=poster', { 'accept-language': 'en-GB' });
    expect(first.headers.location).toBe('https://apps.example/ruled?c=US&utm=poster');
    expect((await scan('/r/ruled', { 'accept-language': 'de-DE' })).headers.location).toBe(
      'https://example.de/',
    );
    expect((await scan('/r/ruled', { 'user-agent': DESKTOP_CHROME })).headers.location).toBe(
      'https://example.com/default',
    );

    await api('PATCH', `/rules/${german.id}`, { enabled: false });
    expect((await scan('/r/ruled', { 'accept-language': 'de-DE' })).headers.location).toBe(
      'https://apps.example/ruled?c=US',
    );
    await api('DELETE', `/rules/${ios.id}`);
    expect((await scan('/r/ruled')).headers.location).toBe('https://example.com/default');
    await api('PATCH', `/qrcodes/${code.id}`, { target: 'https://example.org/new' });
    expect((await scan('/r/ruled')).headers.location).toBe('https://example.org/new');

    await t.app.scans.settled(); // on PostgreSQL a scan is answered from the journal, shipped after
    const rows = await t.database.handle.db
      .selectFrom('scans')
      .select('rule_id')
      .where('qrcode_id', '=', code.id as string)
      .execute();
    expect(rows.map((row) => row.rule_id)).toEqual([ios.id, german.id, null, ios.id, null, null]);
  });

  it('sends the first N scans one way with a scans condition', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'first-three',
      mode: 'redirect',
      target: 'https://example.com/late',
    });
    const early = await api('POST', '/rules', {
      name: 'Early birds',
      when: { scans: { lt: 3 } },
      then: { redirect: 'https://example.com/early' },
    });
    await api('PUT', `/qrcodes/${code.id}/rules`, { rules: [early.id] });
    const targets = [];
    for (let i = 0; i < 5; i++) targets.push((await scan('/r/first-three')).headers.location);
    expect(targets).toEqual([
      'https://example.com/early',
      'https://example.com/early',
      'https://example.com/early',
      'https://example.com/late',
      'https://example.com/late',
    ]);
  });

  it('keeps a scanner on their split variant with a cookie', async () => {
    const code = await api('POST', '/qrcodes', {
      slug: 'ab-test',
      mode: 'redirect',
      target: 'https://example.com/',
    });
    const split = await api('POST', '/rules', {
      name: 'A/B',
      then: {
        split: [
          { url: 'https://example.com/a', weight: 50 },
          { url: 'https://example.com/b', weight: 50 },
        ],
        sticky: true,
      },
    });
    await api('PUT', `/qrcodes/${code.id}/rules`, { rules: [split.id] });
    const first = await scan('/r/ab-test');
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    expect(cookie).toMatch(/^rq_sticky=/);
    for (let i = 0; i < 10; i++) {
      const again = await scan('/r/ab-test', { cookie });
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers unknown, disabled, deleted and static codes with the not-found page', async () => {
    expect((await scan('/r/no-such-code')).statusCode).toBe(404);
    const code = await api('POST', '/qrcodes', {
      slug: 'switch',
      mode: 'redirect',
      target: 'https://example.com/',
    });
    expect((await scan('/r/switch')).statusCode).toBe(302);
    await api('PATCH', `/qrcodes/${code.id}`, { enabled: false });
    const disabled = await scan('/r/switch');
    expect(disabled.statusCode).toBe(404);
    expect(disabled.headers['content-type']).toMatch(/text\/html/);
    await api('PATCH', `/qrcodes/${code.id}`, { enabled: true });
    expect((await scan('/r/switch')).statusCode).toBe(302);
    await api('DELETE', `/qrcodes/${code.id}`);
    expect((await scan('/r/switch')).statusCode).toBe(404);
    await api('POST', '/qrcodes', { slug: 'static-one', mode: 'static', data: { kind: 'text', text: 'hi' } });
    expect((await scan('/r/static-one')).statusCode).toBe(404);
  });

  it('serves every path of the short host as a slug', async () => {
    await api('POST', '/qrcodes', { slug: 'short', mode: 'redirect', target: 'https://example.com/short' });
    const response = await scan('/short', { host: 'rq.test' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.com/short');
    expect((await scan('/', { host: 'rq.test' })).headers.location).toBe(t.config.publicUrl);
    expect((await scan('/%E0%A4%A', { host: 'rq.test' })).statusCode).toBeLessThan(500); // a bad escape is no code
    expect((await scan('/r/short', { host: 'rq.test' })).headers.location).toBe('https://example.com/short');
  });

  it('asks the exec URL, signed, and falls back when it fails', async () => {
    let healthy = true;
    const received: { timestamp: string; signature: string; body: string }[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({
          timestamp: String(request.headers['rq-timestamp']),
          signature: String(request.headers['rq-signature']),
          body,
        });
        if (!healthy) return response.writeHead(500).end();
        const { country } = JSON.parse(body) as { country: string };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ url: `https://example.com/${country}`, status: 307 }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      await api('POST', '/qrcodes', {
        slug: 'exec-me',
        mode: 'exec',
        exec: { url: `http://127.0.0.1:${port}/decide`, fallback: 'https://example.com/fallback' },
      });
      const answered = await scan('/r/exec-me?src=poster&src=flyer');
      expect(answered.statusCode).toBe(307);
      expect(answered.headers.location).toBe('https://example.com/US');
      const call = received[0] as (typeof received)[number];
      expect(JSON.parse(call.body)).toMatchObject({
        slug: 'exec-me',
        country: 'US',
        device: 'mobile',
        bot: false,
        query: { src: 'poster' }, // the first value of a repeated name, as the docs say
      });
      const secret = await t.app.accounts.getSigningSecret(user.workspaceId);
      expect(verifyExecSignature(secret, call.timestamp, call.body, call.signature)).toBe(true);

      healthy = false;
      const fallback = await scan('/r/exec-me');
      expect(fallback.statusCode).toBe(302);
      expect(fallback.headers.location).toBe('https://example.com/fallback');
    } finally {
      receiver.close();
    }
  });
});
