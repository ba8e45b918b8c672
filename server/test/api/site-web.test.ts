import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openTestDatabase, type TestDatabase } from '../helpers/engines.js';

/** The site's build as Docusaurus writes it with trailingSlash: false (page.html, dir/page.html). */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-web-'));
  const files: Record<string, string> = {
    'index.html': '<h1>home</h1>',
    '404.html': '<h1>Page Not Found</h1>',
    'login.html': '<h1>login</h1>',
    'docs/intro.html': '<h1>intro</h1>',
    'docs/category/qr-codes.html': '<h1>qr codes</h1>',
    'assets/js/main.0123abcd.js': 'console.log(1)',
  };
  for (const [file, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

describe('the site is served at / beside the API', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeBuild();
    database = await openTestDatabase({ name: 'sqlite' });
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIR: webDir }), {
      database: database.handle,
      migrate: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/login?next=%2Fapi-keys', 'login'],
    ['/docs/intro', 'intro'],
    ['/docs/intro/', 'intro'],
    ['/docs/category/qr-codes', 'qr codes'],
  ])('%s is the page', async (url, text) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(text);
  });

  it('hashed assets are cached for a year, pages are revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/js/main.0123abcd.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/docs', '/docs/intro'],
    ['/docs/', '/docs/intro'],
    ['/docs/next', '/docs/next/intro'],
    ['/tutorials', '/tutorials/first-QR-code'],
    ['/tutorials/', '/tutorials/first-QR-code'],
  ])('%s, a section without a page of its own, sends the visitor to %s', async (url, start) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(start);
  });

  it('an unknown page is the site not-found page with status 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page Not Found');
  });

  it('an unknown API path is a problem+json 404, never the site page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().code).toBe('not_found');
  });

  it('the site settings answer beside the site', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().apiBase).toBe('http://localhost:8080/api');
  });
});

/** A build as Docusaurus writes it for https://rq.codes: its head names that address, and so does its sitemap. */
function builtForRqCodes(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-web-'));
  const head = (page: string) =>
    `<head><meta property=og:url content=https://rq.codes${page} /><link rel=canonical href=https://rq.codes${page} />` +
    `<link rel=alternate href=https://rq.codes${page} hreflang=x-default /><meta name=description content="Codes"></head>`;
  const files: Record<string, string> = {
    'index.html': `<html>${head('/')}<body><h1>home</h1></body></html>`,
    '404.html': `<html>${head('/404.html')}<body><h1>Page Not Found</h1></body></html>`,
    'docs/intro.html': `<html>${head('/docs/intro')}<body><code>curl https://rq.codes/api/v1/me</code></body></html>`,
    'sitemap.xml':
      '<?xml version="1.0" encoding="UTF-8"?><urlset><url><loc>https://rq.codes/</loc></url><url><loc>https://rq.codes/docs/intro</loc></url></urlset>',
  };
  for (const [file, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

describe("a self-hosted server's pages name its PUBLIC_URL, not the address the site was built for", () => {
  const publicUrl = 'https://qr.example.org';
  let app: FastifyInstance;
  let database: TestDatabase;
  let webDir: string;
  beforeAll(async () => {
    webDir = builtForRqCodes();
    database = await openTestDatabase({ name: 'sqlite' });
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIR: webDir, PUBLIC_URL: publicUrl }), {
      database: database.handle,
      migrate: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('canonical, og:url and hreflang links say PUBLIC_URL; the page text stays as written', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/intro' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(`<link rel=canonical href=${publicUrl}/docs/intro />`);
    expect(response.body).toContain(`<meta property=og:url content=${publicUrl}/docs/intro />`);
    expect(response.body).toContain(`<link rel=alternate href=${publicUrl}/docs/intro hreflang=x-default />`);
    // A docs example of the API is the text's, not the page's address.
    expect(response.body).toContain('<code>curl https://rq.codes/api/v1/me</code>');
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(`<link rel=canonical href=${publicUrl}/ />`);
  });

  it('every sitemap location is on PUBLIC_URL', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('xml');
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([`${publicUrl}/`, `${publicUrl}/docs/intro`]);
  });

  it('the not-found page says it too, and a page asked for again is revalidated by its ETag', async () => {
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(`<link rel=canonical href=${publicUrl}/404.html />`);
    const first = await app.inject({ method: 'GET', url: '/docs/intro' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({
      method: 'GET',
      url: '/docs/intro',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
