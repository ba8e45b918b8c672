import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { checkAnswersAgainstOpenApi } from '../helpers/openapi-contract.js';

/**
 * The password gate at the edge (issue 32): the form, the pass it sets, the scan recorded once
 * the scanner is sent on, the limit on wrong passwords (shared through Redis between instances),
 * and a password that never reaches the logs. Its statuses (issue 49): the form is a page (200,
 * no-store), a wrong password a 401 with a challenge (every 401 here is checked for one), the
 * lock-out a 429. On a custom hostname: hostname-serving.test.ts.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const PASSWORD = 'correct horse battery';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A real HTTP request (the raw listener answers GETs before Fastify does). */
function send(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      { method: options.method ?? 'GET', headers: { 'user-agent': PHONE, ...options.headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          // RFC 9110, 15.5.2: a 401 without WWW-Authenticate is malformed, whatever page it carries.
          if (response.statusCode === 401) expect(response.headers['www-authenticate']).toBeTruthy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const form = (password: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams({ password }).toString(),
});

const passOf = (answer: Answer) => {
  const cookies = [answer.headers['set-cookie'] ?? []].flat();
  return cookies.find((cookie) => cookie.startsWith('rq_pass='))?.split(';')[0];
};

/** Everything the app logs, at every level, as text. */
function capturedLog(): { stream: Writable; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

async function startApp(
  database: TestDatabase,
  env: Record<string, string>,
  log?: Writable,
): Promise<{ app: FastifyInstance; base: string }> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    PUBLIC_URL: 'https://app.rq.example',
    TRUST_PROXY: 'true',
    ...env,
  });
  const app = await buildApp(config, {
    database: database.handle,
    migrate: false,
    serveWeb: false,
    ...(log ? { logger: { level: 'trace', stream: log } } : {}),
  });
  await app.ready();
  checkAnswersAgainstOpenApi(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe.each(engines)('the password gate on $name', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let user: SignedInUser;
  const log = capturedLog();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    // The exec test's receiver listens on loopback.
    ({ app, base } = await startApp(database, { SSRF_ALLOW: '127.0.0.1' }, log.stream));
    user = await signedInUser({ app, database, config: app.config } as unknown as TestApp);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const api = (method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url, headers: user.headers, ...(payload ? { payload } : {}) });

  async function protectedCode(body: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
    const created = await api('POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.org/secret-menu',
      password: PASSWORD,
      ...body,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ passwordProtected: true });
    return created.json() as { id: string; slug: string };
  }

  const scansOf = async (id: string) =>
    ((await api('GET', `/api/v1/qrcodes/${id}`)).json() as { scans: { total: number } }).scans.total;

  it('asks for the password in a form that needs no script and says nothing of the target', async () => {
    const code = await protectedCode();
    for (const method of ['GET', 'HEAD']) {
      // The form is a page like any sign-in page (200), never kept by a cache, and no challenge.
      const answer = await send(base, `/r/${code.slug}?table=4`, { method });
      expect(answer.status, method).toBe(200);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers['www-authenticate']).toBeUndefined();
      expect(answer.headers['cache-control']).toContain('no-store');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    }
    const page = await send(base, `/r/${code.slug}`);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).not.toContain('example.org');
    // Fastify's entry point (what inject reaches) answers the same.
    const injected = await app.inject({ method: 'GET', url: `/r/${code.slug}` });
    expect(injected.statusCode).toBe(200);
    expect(injected.headers['cache-control']).toContain('no-store');
    // The form's own policy, not the site's, whichever entry point answered.
    expect(injected.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(injected.headers['content-security-policy']).toContain("form-action 'self'");
    expect(await scansOf(code.id)).toBe(0);
  });

  it('answers a wrong password with the form and an error, a right one with a pass, a 303 and one scan', async () => {
    const code = await protectedCode({ utm: { source: 'qr' } });
    const wrong = await send(base, `/r/${code.slug}?table=4`, form('wrong guess'));
    expect(wrong.status).toBe(401);
    // The challenge says where the form posts and which cookie it hands back.
    expect(wrong.headers['www-authenticate']).toBe(
      `Cookie realm="/r/${code.slug}", form-action="/r/${code.slug}", cookie-name=rq_pass`,
    );
    expect(wrong.headers['cache-control']).toContain('no-store');
    expect(wrong.body).toContain('That password is not right.');
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(passOf(wrong)).toBeUndefined();
    const empty = await send(base, `/r/${code.slug}`, form(''));
    expect([empty.status, empty.body.includes('Enter the password')]).toEqual([400, true]);
    // No form of ours is this large (nor JSON): the password is not even looked for.
    const huge = await send(base, `/r/${code.slug}`, form(`${PASSWORD}&pad=${'x'.repeat(10_000)}`));
    expect(huge.status).toBe(400);
    const json = await send(base, `/r/${code.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(json.status).toBe(400);
    expect(await scansOf(code.id)).toBe(0);

    const right = await send(base, `/r/${code.slug}?table=4`, form(PASSWORD));
    expect(right.status).toBe(303);
    expect(right.headers.location).toMatch(/^https:\/\/example\.org\/secret-menu/);
    const cookie = [right.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('rq_pass='));
    expect(cookie).toMatch(/; Max-Age=43200; Path=\/r\/[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).toContain(`Path=/r/${code.slug};`);
    expect(await scansOf(code.id)).toBe(1);

    // The pass skips the form for 12 hours; each scan with it is counted like any other.
    const pass = passOf(right) as string;
    const again = await send(base, `/r/${code.slug}`, { headers: { cookie: `theme=dark; ${pass}` } });
    expect(again.status).toBe(302);
    expect(again.headers.location).toMatch(/^https:\/\/example\.org\/secret-menu/);
    expect(await scansOf(code.id)).toBe(2);

    // A pass for one code opens no other.
    const other = await protectedCode();
    const elsewhere = await send(base, `/r/${other.slug}`, { headers: { cookie: pass } });
    expect([elsewhere.status, elsewhere.body.includes('<form method="post">')]).toEqual([200, true]);
    // A new password ends the passes given for the old one.
    await api('PATCH', `/api/v1/qrcodes/${code.id}`, { password: 'another secret' });
    const ended = await send(base, `/r/${code.slug}`, { headers: { cookie: pass } });
    expect([ended.status, ended.body.includes('<form method="post">')]).toEqual([200, true]);
    // Without a password the code answers at once.
    await api('PATCH', `/api/v1/qrcodes/${code.id}`, { password: null });
    expect((await send(base, `/r/${code.slug}`)).status).toBe(302);
  });

  it('refuses every try after 10 wrong ones from an address, the right one too, with Retry-After', async () => {
    const code = await protectedCode();
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 10; i += 1) {
      const answer = await send(base, `/r/${code.slug}`, form(`guess ${i}`, from('203.0.113.9')));
      expect(answer.status, `try ${i + 1}`).toBe(401);
    }
    const eleventh = await send(base, `/r/${code.slug}`, form('guess 10', from('203.0.113.9')));
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(eleventh.headers['cache-control']).toContain('no-store');
    expect(eleventh.body).toContain('Too many wrong passwords');
    const right = await send(base, `/r/${code.slug}`, form(PASSWORD, from('203.0.113.9')));
    expect(right.status).toBe(429);
    // Another address, or the same address on another code, is not held back.
    expect((await send(base, `/r/${code.slug}`, form(PASSWORD, from('198.51.100.4')))).status).toBe(303);
    const other = await protectedCode();
    expect((await send(base, `/r/${other.slug}`, form(PASSWORD, from('203.0.113.9')))).status).toBe(303);
  });

  it('takes a POST only for a protected code: any other is a 405 and no scan, an exec URL not called', async () => {
    const plain = (
      await api('POST', '/api/v1/qrcodes', { mode: 'redirect', target: 'https://example.org/plain' })
    ).json() as { id: string; slug: string };
    const posted = await send(base, `/r/${plain.slug}`, form('anything'));
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET, HEAD']);
    const exec = (
      await api('POST', '/api/v1/qrcodes', {
        mode: 'exec',
        exec: { url: 'https://exec.example.invalid/hook', fallback: 'https://example.org/fallback' },
      })
    ).json() as { id: string; slug: string };
    expect((await send(base, `/r/${exec.slug}`, form('anything'))).status).toBe(405);
    expect(await scansOf(plain.id)).toBe(0);
    expect(await scansOf(exec.id)).toBe(0);
    expect((await send(base, '/r/no-such-code', form('anything'))).status).toBe(404);
  });

  it("calls a protected exec code's URL once, when the right password sends the scanner on, with a 303", async () => {
    const calls: string[] = [];
    const receiver = createServer((request, response) => {
      calls.push(request.method ?? '');
      request.resume();
      // A 307 would make a browser post the password on to the target: the gate answers 303.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ url: 'https://example.org/prize', status: 307 }));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const code = await protectedCode({
        mode: 'exec',
        target: undefined,
        exec: { url: `http://127.0.0.1:${port}/hook`, fallback: 'https://example.org/fallback' },
      });
      expect((await send(base, `/r/${code.slug}`)).status).toBe(200);
      expect((await send(base, `/r/${code.slug}`, form('wrong'))).status).toBe(401);
      expect(calls).toEqual([]);
      const right = await send(base, `/r/${code.slug}`, form(PASSWORD));
      expect([right.status, right.headers.location]).toEqual([303, 'https://example.org/prize']);
      expect(calls).toEqual(['POST']);
      expect(await scansOf(code.id)).toBe(1);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('never writes the password to the log', async () => {
    const code = await protectedCode();
    await send(base, `/r/${code.slug}`, form(PASSWORD));
    await send(base, `/r/${code.slug}`, form(`${PASSWORD} wrong`));
    const { headers, body } = form(PASSWORD);
    const injected = await app.inject({ method: 'POST', url: `/r/${code.slug}`, headers, payload: body });
    expect(injected.statusCode).toBe(303);
    const text = log.text();
    // The log is on: it holds the requests, just not what they carried.
    expect(text).toContain(`/r/${code.slug}`);
    expect(text).not.toContain('correct horse');
    expect(text).not.toContain(encodeURIComponent(PASSWORD));
  });
});

const redisUrls = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(engines)('wrong passwords across two instances on $name', (engine) => {
  describe.each(redisUrls)('sharing Redis at %s', (redisUrl) => {
    let database: TestDatabase;
    let first: { app: FastifyInstance; base: string };
    let second: { app: FastifyInstance; base: string };

    beforeAll(async () => {
      database = await openTestDatabase(engine);
      const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `rq-gate-${randomBytes(6).toString('hex')}:` };
      first = await startApp(database, env);
      second = await startApp(database, env);
    });
    afterAll(async () => {
      await first.app.close();
      await second.app.close();
      await database.close();
    });

    it('counts them once for both: the 11th wrong try on either is a 429', async () => {
      const user = await signedInUser({
        app: first.app,
        database,
        config: first.app.config,
      } as unknown as TestApp);
      const created = await first.app.inject({
        method: 'POST',
        url: '/api/v1/qrcodes',
        headers: user.headers,
        payload: { mode: 'redirect', target: 'https://example.org/shared', password: PASSWORD },
      });
      const { slug } = created.json() as { slug: string };
      for (let i = 0; i < 10; i += 1) {
        const instance = i % 2 === 0 ? first : second;
        expect((await send(instance.base, `/r/${slug}`, form(`guess ${i}`))).status).toBe(401);
      }
      expect((await send(first.base, `/r/${slug}`, form('guess 10'))).status).toBe(429);
      expect((await send(second.base, `/r/${slug}`, form(PASSWORD))).status).toBe(429);
    });
  });
});
