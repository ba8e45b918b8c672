import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openTestDatabase, type TestDatabase } from '../helpers/engines.js';

const THEME_SCRIPT = 'document.documentElement.setAttribute("data-theme","light")';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A site build with Docusaurus's kinds of script: inline, JSON-LD data and files. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-web-csp-'));
  const page = (title: string) =>
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script>` +
    '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>' +
    `<script src="/assets/js/main.js" defer></script></head><body><h1>${title}</h1></body></html>`;
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), page('home'));
  fs.writeFileSync(path.join(dir, '404.html'), page('not found'));
  fs.writeFileSync(path.join(dir, 'docs/intro.html'), page('intro'));
  return dir;
}

/** The directives of a CSP header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('security headers', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase({ name: 'sqlite' });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIR: fakeBuild(),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    app = await buildApp(config, { database: database.handle, migrate: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(['/api/v1/config', '/api/v1/nothing-here', '/api/v1/qrcodes/%ZZ'])(
    'gives the API answer at %s a policy that loads and frames nothing',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('lets site pages run only their own scripts and the build’s inline scripts by hash', async () => {
    for (const url of ['/', '/docs/intro', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['script-src']).toContain("'self'");
      expect(csp['script-src']).toContain(sha256(THEME_SCRIPT));
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).toContain("'wasm-unsafe-eval'"); // the design tool's decoder
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(csp['script-src']).toHaveLength(4); // self, wasm, the theme script, Google's sign-in loader
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      // Sign-in talks to the Auth emulator; the site reads its settings from the API on this origin.
      expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'http://127.0.0.1:9099']));
      expect(csp['frame-src']).toContain('http://127.0.0.1:9099');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });

  it('lets the API reference run its own start-up script, by hash', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const inline = page.body.match(/<script type="text\/javascript">([\s\S]*?)<\/script>/)?.[1];
    expect(inline).toBeTruthy();
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", sha256(inline as string)]);
    expect(csp['connect-src']).toContain("'self'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('sends no CORS headers when no origin is configured', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { origin: 'https://app.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS for configured origins', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase({ name: 'sqlite' });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      CORS_ORIGINS: 'https://app.example.com, https://admin.example.com',
    });
    app = await buildApp(config, { database: database.handle, migrate: false, serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lets a listed origin read API answers and their request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { origin: 'https://admin.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    expect(response.headers.vary).toMatch(/origin/i);
    expect(String(response.headers['access-control-expose-headers'])).toContain('x-request-id');
  });

  it('answers a preflight for a listed origin with the methods and headers the API takes', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/qrcodes',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(String(response.headers['access-control-allow-methods'])).toContain('PATCH');
    const allowed = String(response.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
  });

  it('gives another origin nothing, and a preflight from it is refused as problem+json', async () => {
    const simple = await app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/qrcodes',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(405);
    expect(preflight.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps CORS to the API', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://app.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
