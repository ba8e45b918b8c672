import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';

describe('every error is problem+json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { name: 'sqlite' },
      {
        extend(app) {
          app.post(
            '/api/v1/echo',
            {
              schema: {
                body: Type.Object(
                  { name: Type.String({ minLength: 1 }), size: Type.Integer({ minimum: 1 }) },
                  { additionalProperties: false },
                ),
              },
            },
            async (request) => request.body,
          );
          app.get(
            '/api/v1/page',
            { schema: { querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100 }) }) } },
            async (request) => request.query,
          );
          app.post(
            '/api/v1/typed',
            {
              schema: {
                body: Type.Object(
                  {
                    title: Type.Optional(Type.String()),
                    tags: Type.Optional(Type.Array(Type.String())),
                    hidden: Type.Optional(Type.Boolean()),
                    count: Type.Optional(Type.Integer()),
                    shape: Type.Optional(
                      Type.Union([Type.Literal('square'), Type.Literal('dots'), Type.Literal('rounded')]),
                    ),
                    unit: Type.Optional(Type.Union([Type.Literal('px'), Type.Literal('mm'), Type.Null()])),
                  },
                  { additionalProperties: false },
                ),
              },
            },
            async (request) => request.body,
          );
          app.get('/api/v1/explode', async () => {
            throw new Error('secret internal detail: password=hunter2');
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  const expectProblem = (response: { headers: Record<string, unknown>; json(): unknown }, code: string) => {
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = response.json() as Record<string, unknown>;
    expect(body.code).toBe(code);
    expect(body.type).toMatch(new RegExp(`/docs/api/errors#${code.replaceAll('_', '-')}$`));
    expect(typeof body.title).toBe('string');
    expect(typeof body.detail).toBe('string');
    // The body names the request as its header does, so a caller who logs only bodies can quote it.
    expect(body.requestId).toBeTruthy();
    expect(body.requestId).toBe(response.headers['x-request-id']);
    return body;
  };

  it('answers an unknown route with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expectProblem(response, 'not_found');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/healthz' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('GET');
    expectProblem(response, 'method_not_allowed');
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "a",',
    });
    expect(response.statusCode).toBe(400);
    expectProblem(response, 'malformed_json');
  });

  it('answers a 2 MB body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), size: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expectProblem(response, 'payload_too_large');
  });

  it('answers invalid fields with 400 and a path per field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      payload: { name: '', size: 0, colour: 'red' },
    });
    expect(response.statusCode).toBe(400);
    const body = expectProblem(response, 'validation_failed');
    const paths = (body.errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['/body/colour', '/body/name', '/body/size']);
  });

  it.each(['1e309', '-1e309', 'NaN', '0', '101', 'ten'])(
    'refuses ?limit=%s with a /query path',
    async (limit) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/page?limit=${limit}` });
      expect(response.statusCode).toBe(400);
      const body = expectProblem(response, 'validation_failed');
      expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual(['/query/limit']);
    },
  );

  it('refuses a body number that parses to Infinity', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a","size":1e309}',
    });
    expect(response.statusCode).toBe(400);
    const body = expectProblem(response, 'validation_failed');
    expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual(['/body/size']);
  });

  it('answers a bad percent-escape in the path with problem+json and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/qrcodes/%ZZ' });
    expect(response.statusCode).toBe(400);
    const body = expectProblem(response, 'bad_request');
    expect(body.detail).toContain('%25');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an overlong path segment with problem+json', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/qrcodes/${'x'.repeat(300)}` });
    expect(response.statusCode).toBe(400);
    expectProblem(response, 'bad_request');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'name=a&size=1'],
  ])('answers Content-Type %s on a JSON route with 415', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    const body = expectProblem(response, 'unsupported_media_type');
    expect(body.detail).toContain(contentType);
    expect(body.detail).toContain('application/json');
  });

  it.each([
    ['{"name": "a",', 'line 1, column 14 (where the body ends)'],
    ['{"name": "a", "size": x}', 'unexpected character at line 1, column 23'],
    ['{\n  "name": "a",\n  "size": 1,\n}', 'expected a property name in double quotes at line 4, column 1'],
    ['{"name": "a"} trailing', 'unexpected text after the JSON value at line 1, column 15'],
  ])('says where parsing of %j stopped', async (payload, where) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = expectProblem(response, 'malformed_json');
    expect(body.detail).toContain(where);
  });

  it('refuses a __proto__ key by name as a field, not as malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "a", "size": 1, "nested": {"__proto__": {"admin": true}}}',
    });
    expect(response.statusCode).toBe(400);
    const body = expectProblem(response, 'validation_failed');
    expect(body.errors).toEqual([
      { path: '/body/nested/__proto__', message: 'is a reserved name and cannot be a field' },
    ]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it.each([
    [{ title: 123 }, '/body/title', 'must be a string'],
    [{ tags: 'menu' }, '/body/tags', 'must be an array'],
    [{ hidden: 'false' }, '/body/hidden', 'must be true or false'],
    [{ count: '10' }, '/body/count', 'must be a whole number'],
    [{ title: null }, '/body/title', 'must be a string'],
  ])('does not coerce body %j', async (payload, path, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/typed', payload });
    expect(response.statusCode).toBe(400);
    const body = expectProblem(response, 'validation_failed');
    expect(body.errors).toEqual([{ path, message }]);
  });

  it('still coerces query strings (?limit=10 is a number)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/page?limit=10' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ limit: 10 });
  });

  it('names the allowed values of a choice in one line', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/typed',
      payload: { shape: 'hexagon', unit: 'in' },
    });
    expect(response.statusCode).toBe(400);
    const body = expectProblem(response, 'validation_failed');
    expect(body.errors).toEqual([
      { path: '/body/shape', message: 'must be one of: square, dots, rounded' },
      { path: '/body/unit', message: 'must be one of: px, mm, null' },
    ]);
    expect(body.detail).toBe(
      '/body/shape must be one of: square, dots, rounded; /body/unit must be one of: px, mm, null',
    );
  });

  it('answers a crash with 500 and keeps internals out of the body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/explode' });
    expect(response.statusCode).toBe(500);
    const body = expectProblem(response, 'internal_error');
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('keeps a caller-given request id and makes one otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the caller's own request id in every kind of problem answer", async () => {
    const get = (url: string, id: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-request-id': id } });
    const post = (id: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/echo',
        headers: { 'x-request-id': id, 'content-type': 'application/json' },
        payload,
      });
    const answers = [
      [await get('/api/nope', 'trace-404'), 'not_found', 'trace-404'],
      [
        await t.app.inject({ method: 'DELETE', url: '/healthz', headers: { 'x-request-id': 'trace-405' } }),
        'method_not_allowed',
        'trace-405',
      ],
      [await post('trace:json', '{"name"'), 'malformed_json', 'trace:json'],
      [
        await post('trace.413', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), size: 1 })),
        'payload_too_large',
        'trace.413',
      ],
      [await post('trace_400', '{}'), 'validation_failed', 'trace_400'],
      [await get('/api/v1/qrcodes/%ZZ', 'trace-router'), 'bad_request', 'trace-router'],
      [await get('/api/v1/me', 'trace-401'), 'unauthorized', 'trace-401'],
      [await get('/api/v1/explode', 'trace-500'), 'internal_error', 'trace-500'],
    ] as const;
    for (const [response, code, id] of answers) {
      expect(expectProblem(response, code).requestId).toBe(id);
    }
    // An id we do not keep (spaces, control characters) is replaced in the header and the body alike.
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'a b' },
    });
    expect(expectProblem(replaced, 'not_found').requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
