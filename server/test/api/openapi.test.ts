import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTypesOf, GENERATED_TYPE_FILES } from '../../../scripts/lib/api-types.mjs';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { takeContractViolations } from '../helpers/openapi-contract.js';

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

  it("is the document the site's and the client's API types were generated from (`npm run api:types`)", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const types = await apiTypesOf(document);
    for (const file of GENERATED_TYPE_FILES) {
      const committed = await readFile(path.resolve(import.meta.dirname, '../../..', file), 'utf8');
      expect(types === committed, `${file} is stale: run \`npm run api:types\` and commit it`).toBe(true);
    }
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

describe('every answer in the tests is checked against the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { name: 'sqlite' },
      {
        extend(app) {
          // Answers no route documents: a status, a media type, a body of the wrong shape.
          app.addHook('onRequest', async (request, reply) => {
            const odd = request.headers['x-odd-answer'];
            if (odd === 'status') return reply.code(418).send({ teapot: true });
            if (odd === 'media') return reply.code(200).type('text/plain').send('hello');
            // Sent as text, so the route's serializer (which would refuse the shape) is not asked.
            if (odd === 'shape') return reply.code(200).type('application/json').send('{"surprise":1}');
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it('records each answer that breaks the document, and none for those that keep it', async () => {
    const get = (odd?: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/config', headers: odd ? { 'x-odd-answer': odd } : {} });
    expect((await get()).statusCode).toBe(200);
    expect(takeContractViolations()).toEqual([]);
    await get('status');
    await get('media');
    await get('shape');
    const violations = takeContractViolations();
    expect(violations).toHaveLength(3);
    expect(violations[0]).toContain('status 418 is not in the OpenAPI document');
    expect(violations[1]).toContain('answered text/plain');
    expect(violations[2]).toContain('body does not match the documented schema');
  });

  it('documents the refusals the API really answers: 400, 415 and text/csv', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths['/api/v1/api-keys'].post.responses)).toContain('400');
    expect(Object.keys(document.paths['/api/v1/rules'].post.responses)).toContain('415');
    expect(Object.keys(document.paths['/api/v1/rules'].post.responses['400'].content)).toEqual([
      'application/problem+json',
    ]);
    for (const csv of ['export.csv', 'timeseries.csv', 'breakdown.csv']) {
      expect(Object.keys(document.paths[`/api/v1/analytics/${csv}`].get.responses['200'].content)).toEqual([
        'text/csv',
      ]);
    }
    const unsupported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      headers: { 'content-type': 'text/plain' },
      payload: 'data=x',
    });
    expect(unsupported.statusCode).toBe(415);
  });
});
