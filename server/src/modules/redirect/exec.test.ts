import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSafeFetcher } from '../../shared/safe-fetch.js';
import {
  callExec,
  clampExecTimeout,
  type ExecCall,
  type ExecPayload,
  parseExecReply,
  signExecBody,
  verifyExecSignature,
} from './exec.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  method: string;
}

interface ExecServer {
  url: string;
  received: Received[];
  connections: number;
}

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A real exec endpoint on 127.0.0.1 that records what it gets and answers with `reply`. */
async function execServer(
  reply: (res: http.ServerResponse, received: Received) => void,
): Promise<ExecServer> {
  const state: ExecServer = { url: '', received: [], connections: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        method: req.method ?? '',
      };
      state.received.push(received);
      reply(res, received);
    });
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/exec`;
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return state;
}

const json =
  (body: unknown, status = 200) =>
  (res: http.ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

const SECRET = 'rqsk_test_secret';
const PAYLOAD: ExecPayload = {
  code: 'qr_01jdx0000000000000000000',
  slug: 'spring-menu',
  hostname: 'qr.example.com',
  time: '2026-03-29T01:30:00.000Z',
  country: 'DE',
  device: 'mobile',
  os: 'iOS',
  browser: 'Mobile Safari',
  language: 'de-DE',
  referrer: null,
  bot: false,
  query: { utm_source: 'poster', table: '12' },
};

/** One exec call allowed to reach the test server on the loopback interface. */
function call(url: string, extra: Partial<ExecCall> = {}) {
  const fetcher = createSafeFetcher({ allow: ['127.0.0.1'] });
  cleanup.push(() => fetcher.close());
  return callExec({ url, secrets: [SECRET], payload: PAYLOAD, fetcher, ...extra });
}

describe('signing', () => {
  it('matches the documented example vector', () => {
    expect(signExecBody(SECRET, 1767225600, '{"code":"qr_example"}')).toBe(
      'v1=5e2d2c19db972ed6501bbd229da3929efef06fc6c2084e44d462631411f4ca06',
    );
  });

  it('sends a body and headers that the reference check verifies', async () => {
    const server = await execServer(json({ url: 'https://example.com/menu' }));
    const now = Date.UTC(2026, 2, 29, 1, 30);
    expect(await call(server.url, { now })).toEqual({
      ok: true,
      url: 'https://example.com/menu',
      status: 302,
    });

    const [received] = server.received;
    if (!received) throw new Error('the exec server got nothing');
    expect(received.method).toBe('POST');
    expect(received.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received.body)).toEqual(PAYLOAD);
    const timestamp = received.headers['rq-timestamp'] as string;
    const signature = received.headers['rq-signature'] as string;
    expect(timestamp).toBe(String(Math.floor(now / 1000)));
    expect(signature).toMatch(/^v1=[0-9a-f]{64}$/);

    expect(verifyExecSignature(SECRET, timestamp, received.body, signature, 300, now)).toBe(true);
    expect(
      verifyExecSignature(SECRET, timestamp, Buffer.from(received.body), signature, 300, now + 299_000),
    ).toBe(true);
  });

  it('fails for a tampered body, another timestamp, an old timestamp or another secret', async () => {
    const now = 1_767_225_600_000;
    const timestamp = String(now / 1000);
    const body = JSON.stringify(PAYLOAD);
    const signature = signExecBody(SECRET, Number(timestamp), body);
    expect(verifyExecSignature(SECRET, timestamp, body, signature, 300, now)).toBe(true);

    expect(verifyExecSignature(SECRET, timestamp, body.replace('"DE"', '"FR"'), signature, 300, now)).toBe(
      false,
    );
    expect(verifyExecSignature(SECRET, String(Number(timestamp) + 1), body, signature, 300, now)).toBe(false);
    expect(verifyExecSignature(SECRET, timestamp, body, signature, 300, now + 301_000)).toBe(false);
    expect(verifyExecSignature(SECRET, timestamp, body, signature, 300, now - 301_000)).toBe(false);
    expect(verifyExecSignature('another-secret', timestamp, body, signature, 300, now)).toBe(false);
  });

  it('refuses malformed headers and accepts one good signature among several', () => {
    const now = 1_767_225_600_000;
    const body = '{}';
    const good = signExecBody(SECRET, now / 1000, body);
    for (const bad of [
      '',
      'v1=',
      'v1=zz',
      good.toUpperCase(),
      good.replace('v1=', 'v0='),
      good.slice(0, -2),
    ]) {
      expect(verifyExecSignature(SECRET, now / 1000, body, bad, 300, now)).toBe(false);
    }
    for (const badTimestamp of ['', '1767225600.5', '-1', 'abc']) {
      expect(verifyExecSignature(SECRET, badTimestamp, body, good, 300, now)).toBe(false);
    }
    const other = signExecBody('old-secret', now / 1000, body);
    expect(verifyExecSignature(SECRET, now / 1000, body, `${other}, ${good}`, 300, now)).toBe(true);
  });
});

describe('the reply decides the redirect', () => {
  it.each([301, 302, 307, 308])('status %i', async (status) => {
    const server = await execServer(json({ url: 'https://example.com/a?b=c', status }));
    expect(await call(server.url)).toEqual({ ok: true, url: 'https://example.com/a?b=c', status });
  });

  it('normalises the target URL', async () => {
    const server = await execServer(json({ url: 'HTTPS://Example.COM/a b' }));
    expect(await call(server.url)).toEqual({ ok: true, url: 'https://example.com/a%20b', status: 302 });
  });
});

describe('every failure gives the fallback', () => {
  it('a slow server: timeout', async () => {
    const server = await execServer(() => {});
    expect(await call(server.url, { timeoutMs: 150 })).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('a 500: bad_status', async () => {
    const server = await execServer(json({ url: 'https://example.com/' }, 500));
    expect(await call(server.url)).toMatchObject({ ok: false, reason: 'bad_status' });
  });

  it('a redirect instead of a reply: bad_status', async () => {
    const server = await execServer((res) => res.writeHead(302, { location: 'https://example.com/' }).end());
    expect(await call(server.url)).toMatchObject({ ok: false, reason: 'bad_status' });
  });

  it('a reply that is not JSON: reply_not_json', async () => {
    const server = await execServer(json('{"url": "https://example.com/"'));
    expect(await call(server.url)).toMatchObject({ ok: false, reason: 'reply_not_json' });
  });

  it.each([
    ['a javascript: url', { url: 'javascript:alert(1)' }],
    ['a data: url', { url: 'data:text/html,<script>alert(1)</script>' }],
    ['a relative url', { url: '/menu' }],
    ['no url', { status: 302 }],
    ['a url that is not a string', { url: 42 }],
    ['a url over 2048 characters', { url: `https://example.com/${'a'.repeat(2048)}` }],
    ['an array', [{ url: 'https://example.com/' }]],
    ['null', null],
  ])('%s: reply_bad_url', async (_name, reply) => {
    const server = await execServer(json(reply));
    expect(await call(server.url)).toMatchObject({ ok: false, reason: 'reply_bad_url' });
  });

  it.each([303, 200, 300, '302', null])('status %j: reply_bad_status', async (status) => {
    const server = await execServer(json({ url: 'https://example.com/', status }));
    expect(await call(server.url)).toMatchObject({ ok: false, reason: 'reply_bad_status' });
  });

  it('a reply over 64 KiB: too_large', async () => {
    const server = await execServer(json({ url: 'https://example.com/', padding: 'x'.repeat(70_000) }));
    expect(await call(server.url)).toMatchObject({ ok: false, reason: 'too_large' });
  });

  it('a loopback exec URL without the allow-list: blocked_address, never contacted', async () => {
    const server = await execServer(json({ url: 'https://example.com/' }));
    const result = await callExec({ url: server.url, secrets: [SECRET], payload: PAYLOAD });
    expect(result).toMatchObject({ ok: false, reason: 'blocked_address' });
    expect(server.received).toHaveLength(0);
  });

  it.each(['http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://10.0.0.1/'])(
    'the exec URL %s: blocked_address',
    async (url) => {
      expect(await callExec({ url, secrets: [SECRET], payload: PAYLOAD })).toMatchObject({
        ok: false,
        reason: 'blocked_address',
      });
    },
  );

  it('an exec URL that is not http(s): bad_url', async () => {
    expect(await callExec({ url: 'ftp://example.com/', secrets: [SECRET], payload: PAYLOAD })).toMatchObject({
      ok: false,
      reason: 'bad_url',
    });
  });
});

describe('speed and limits', () => {
  it('reuses one connection for successive calls to one origin', async () => {
    const server = await execServer(json({ url: 'https://example.com/' }));
    const fetcher = createSafeFetcher({ allow: ['127.0.0.1'] });
    cleanup.push(() => fetcher.close());
    for (let i = 0; i < 5; i++) {
      const result = await callExec({ url: server.url, secrets: [SECRET], payload: PAYLOAD, fetcher });
      expect(result.ok).toBe(true);
    }
    expect(server.received).toHaveLength(5);
    expect(server.connections).toBe(1);
  });

  it('uses the shared client for the allow-list by default', async () => {
    const server = await execServer(json({ url: 'https://example.com/' }));
    const result = await callExec({
      url: server.url,
      secrets: [SECRET],
      payload: PAYLOAD,
      allow: ['127.0.0.1'],
    });
    expect(result).toEqual({ ok: true, url: 'https://example.com/', status: 302 });
  });

  it('clamps the timeout to 100..5000 ms, 1500 by default', () => {
    expect(clampExecTimeout(undefined)).toBe(1500);
    expect(clampExecTimeout(Number.NaN)).toBe(1500);
    expect(clampExecTimeout(10)).toBe(100);
    expect(clampExecTimeout(2500)).toBe(2500);
    expect(clampExecTimeout(60_000)).toBe(5000);
  });

  it('parses replies without a server too', () => {
    expect(parseExecReply('{"url":"http://example.com","status":308}')).toEqual({
      ok: true,
      url: 'http://example.com/',
      status: 308,
    });
    expect(parseExecReply('')).toMatchObject({ ok: false, reason: 'reply_not_json' });
  });
});
