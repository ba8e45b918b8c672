import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';

describe('the API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('serves an OpenAPI 3.1 document that passes a real validator', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(document.paths)).toContain('/readyz');
  });

  it('serves the interactive reference from our own assets only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    const external = sources.filter((s) => /^(https?:)?\/\//.test(s));
    expect(external).toEqual([]);
    for (const source of sources.filter((s) => s.endsWith('.js'))) {
      const asset = await t.app.inject({
        method: 'GET',
        url: new URL(source, 'http://x/api/docs/').pathname,
      });
      expect(asset.statusCode, source).toBe(200);
    }
    // Without the slash the page's relative links would miss: it is sent to the address with one.
    const withoutSlash = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(withoutSlash.statusCode).toBe(301);
    expect(withoutSlash.headers.location).toBe('/api/docs/');
  });
});
