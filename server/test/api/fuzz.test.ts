import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/modules/plans/plans.js';
import { SCOPES } from '../../src/plugins/auth.js';
import { createApiKey, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/**
 * Every route in the OpenAPI document that takes a body or a query gets many malformed inputs:
 * wrong types, missing and unknown fields, huge strings, deep nesting, odd unicode, nulls, arrays
 * for objects, negative and non-finite numbers, prototype-pollution keys. None may answer 5xx, and
 * every refusal must be problem+json naming its request (`requestId`, as `x-request-id`). Routes
 * added later are fuzzed without editing this file.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  examples?: unknown[];
  example?: unknown;
  $ref?: string;
  minimum?: number;
  maximum?: number;
};

interface Operation {
  method: string;
  path: string;
  body?: Schema;
  bodyExamples: unknown[];
  query: Array<{ name: string; schema: Schema; required: boolean }>;
  /** Answers a server-sent event stream that stays open: asked over a socket, not inject. */
  streams: boolean;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Schema }>;
        requestBody?: {
          content?: Record<
            string,
            { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> }
          >;
        };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
};

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function resolveRef(document: OpenApi, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return resolveRef(document, document.components?.schemas?.[name]);
}

function operationsOf(document: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const json = operation.requestBody?.content?.['application/json'];
      const body = resolveRef(document, json?.schema);
      // One example becomes the media type's `example`, several its `examples`.
      const bodyExamples = [
        ...(json?.example === undefined ? [] : [json.example]),
        ...(body?.examples ?? []),
        ...Object.values(json?.examples ?? {}).map((example) => example.value),
      ];
      const query = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({
          name: parameter.name,
          schema: resolveRef(document, parameter.schema) ?? {},
          required: parameter.required === true,
        }));
      if (body || query.length > 0) {
        operations.push({
          method: method.toUpperCase(),
          path,
          ...(body ? { body } : {}),
          bodyExamples,
          query,
          streams: operation.responses?.['200']?.content?.['text/event-stream'] !== undefined,
        });
      }
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Bad values

function deepNesting(depth: number, asArray: boolean): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}

const HUGE = 'x'.repeat(200_000);
const UNICODE = [
  '\u0000',
  '\uD800',
  '\uFFFF',
  '💥🧨',
  '\u202Eevil',
  'é\u0301',
  'a\r\nb',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00%ff',
];

/** Values of every wrong shape, for any field. */
const BAD_VALUES: unknown[] = [
  null,
  '',
  HUGE,
  ...UNICODE,
  0,
  -1,
  -1e308,
  1e308,
  1.5,
  2 ** 53 + 1,
  true,
  false,
  [],
  [null],
  ['x', 1, null, {}],
  {},
  { __proto__: { polluted: true } },
  deepNesting(64, false),
  deepNesting(64, true),
  Array.from({ length: 2000 }, (_, i) => i),
  'NaN',
  'Infinity',
  '-0',
  'https://169.254.169.254/latest/meta-data',
  // URLs the edge once sent raw in Location (a non-ASCII one ended the process).
  'https://例え.jp/パス',
  'https://example.com/?q=中#中',
  'https://example.com/a b\u00fc',
  'https://user:pass@example.com/',
  'http://localhost:8080/r/loop',
  'data:image/png;base64,!!!!',
  'javascript:alert(1)',
];

/** Whole bodies that are wrong as a whole; strings are sent as raw JSON text. */
const BAD_BODIES: Array<{ raw: string; contentType?: string }> = [
  { raw: 'null' },
  { raw: '[]' },
  { raw: '"a string"' },
  { raw: '42' },
  { raw: 'true' },
  { raw: '{}' },
  { raw: '{' },
  { raw: '{"a":}' },
  { raw: '' },
  { raw: '{"__proto__":{"polluted":true}}' },
  { raw: '{"constructor":{"prototype":{"polluted":true}}}' },
  { raw: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
  { raw: `${'['.repeat(10_000)}1${']'.repeat(10_000)}` },
  { raw: `{"a":"${'x'.repeat(900_000)}"}` },
  { raw: '{"a":1e999}' },
  { raw: '{"a":NaN}' },
  { raw: '{"a":"\\ud800"}' },
  { raw: '{"a":1}', contentType: 'text/plain' },
  { raw: '<xml/>', contentType: 'application/xml' },
  { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
];

function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return Object.assign({}, ...variants.map((variant) => variant.properties ?? {}));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the second and later examples of an operation put in each field: one of each kind of wrong. */
const FEW_BAD_VALUES = [null, '', HUGE, -1, [], {}, '\uD800', deepNesting(64, false)];

/**
 * Bodies that start from a valid example (or nothing) and break one field at a time, two levels
 * deep. The first example meets every bad value; the others (another mode, another shape) one of
 * each kind, which keeps the run's size in step with the fields, not fields times examples.
 */
function mutatedBodies(operation: Operation): unknown[] {
  const bases = operation.bodyExamples.filter(isObject);
  if (bases.length === 0) bases.push({});
  const bodies: unknown[] = [];
  for (const [index, base] of bases.entries()) {
    const properties = propertiesOf(operation.body);
    for (const [name, property] of Object.entries(properties)) {
      for (const bad of index === 0 ? BAD_VALUES : FEW_BAD_VALUES) bodies.push({ ...base, [name]: bad });
      bodies.push(Object.fromEntries(Object.entries(base).filter(([key]) => key !== name)));
      const inner = propertiesOf(property.type === 'array' ? property.items : property);
      for (const innerName of Object.keys(inner)) {
        const current = isObject(base[name]) ? base[name] : {};
        for (const bad of FEW_BAD_VALUES) {
          bodies.push({ ...base, [name]: { ...current, [innerName]: bad } });
        }
      }
    }
    bodies.push({ ...base, unknownField: 'x' });
  }
  return bodies;
}

const BAD_QUERY_VALUES = [
  '',
  'NaN',
  '-1',
  '0',
  '1e309',
  '-0',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
  'x'.repeat(5000),
  '%00',
  '%FF%FE',
  '%F0%9F%92%A5',
  '__proto__',
  '..%2F..%2F',
];

function mutatedQueries(operation: Operation): string[] {
  const queries: string[] = [];
  for (const { name } of operation.query) {
    for (const value of BAD_QUERY_VALUES) queries.push(`${encodeURIComponent(name)}=${value}`);
    queries.push(`${name}=a&${name}=b&${name}=c`);
    queries.push(`${name}[__proto__][polluted]=1`);
  }
  queries.push('__proto__[polluted]=1', 'constructor[prototype][polluted]=1', `unknown=${'y'.repeat(1000)}`);
  return queries;
}

// ---------------------------------------------------------------------------------------------

describe.each(engines)('fuzzing every route with a body or a query on $name', (engine) => {
  let t: TestApp;
  let operations: Operation[];
  /** Signed-in callers, taken in turn so no one account's per-minute budget runs out. */
  const callers: Array<Record<string, string>> = [];
  let sent = 0;
  /** Path prefix -> an id of an object the fuzzing account owns there. */
  const owned = new Map<string, string>();
  /** The short URL path of every code the fuzzing managed to create or change: each is scanned. */
  const shortPaths = new Set<string>();

  /** Every request as one of the callers, from an address of its own (public routes limit per IP). */
  function inject(options: InjectOptions) {
    sent++;
    const headers = { ...callers[sent % callers.length], ...(options.headers as Record<string, string>) };
    return t.app.inject({
      ...options,
      headers,
      remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    });
  }

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      // Every API key at the largest plan's rate (mega's 1,200 a minute), so the fuzzing stays
      // within one minute's budget.
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        API_RATE_LIMIT: String(PLANS.mega.apiRequestsPerMinute),
      },
    });
    const owner = await signedInUser(t);
    callers.push(owner.headers);
    const app = { inject };
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
    operations = operationsOf(document);
    // Objects to aim the id routes at, made from the examples of the create routes.
    for (const operation of operations) {
      if (operation.method !== 'POST' || operation.path.includes('{')) continue;
      for (const example of operation.bodyExamples) {
        const response = await inject({ method: 'POST', url: operation.path, payload: example as object });
        const json = response.statusCode < 300 && /json/.test(String(response.headers['content-type']));
        const id = json ? (response.json() as { id?: unknown }).id : undefined;
        if (typeof id === 'string' && !owned.has(operation.path)) owned.set(operation.path, id);
      }
    }
    // API keys of the same account reach its objects and each has a budget of its own.
    for (let i = 0; i < 8; i++) callers.push((await createApiKey(t, owner, [...SCOPES])).headers);
  });
  afterAll(() => t?.close());

  function urlOf(path: string): string {
    return path.replace(/\/\{[^}]+\}/g, (_match, offset: number) => {
      const prefix = path.slice(0, offset);
      return `/${owned.get(prefix) ?? 'x_doesnotexist'}`;
    });
  }

  /** What went wrong, one line per request, so one run reports every broken route at once. */
  async function check(options: InjectOptions, label: string, failures: string[]): Promise<void> {
    const response = await inject(options);
    const contentType = String(response.headers['content-type'] ?? '');
    let problem: { status?: unknown; code?: unknown; requestId?: unknown } = {};
    if (response.statusCode >= 400 && contentType.startsWith('application/problem+json')) {
      problem = response.json() as typeof problem;
    }
    if (response.statusCode >= 500) {
      failures.push(`${label} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
    } else if (response.statusCode >= 400 && !contentType.startsWith('application/problem+json')) {
      failures.push(`${label} -> ${response.statusCode} answered ${contentType}, not problem+json`);
    } else if (
      response.statusCode >= 400 &&
      (problem.status !== response.statusCode || typeof problem.code !== 'string')
    ) {
      failures.push(`${label} -> ${response.statusCode} with a malformed problem body`);
    } else if (response.statusCode >= 400 && problem.requestId !== response.headers['x-request-id']) {
      failures.push(`${label} -> ${response.statusCode} whose requestId is not its x-request-id`);
    }
    if (response.statusCode < 300 && contentType.startsWith('application/json')) {
      const { shortUrl } = response.json() as { shortUrl?: unknown };
      if (typeof shortUrl === 'string') shortPaths.add(new URL(shortUrl).pathname);
    }
    if (({} as Record<string, unknown>).polluted !== undefined)
      failures.push(`${label} -> polluted Object.prototype`);
  }

  /** The app on a loopback socket, started once (streams and the scans of created codes need one). */
  let origin: string | undefined;
  async function listening(): Promise<string> {
    if (!origin) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }
    return origin;
  }

  /** A stream route: its status and headers are the answer; the open stream is then dropped. */
  async function checkStream(url: string, label: string, failures: string[]): Promise<void> {
    sent++;
    const abort = new AbortController();
    const response = await fetch(`${await listening()}${url}`, {
      headers: callers[sent % callers.length],
      signal: abort.signal,
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status >= 500) failures.push(`${label} -> ${response.status}`);
    else if (response.status >= 400 && !contentType.startsWith('application/problem+json')) {
      failures.push(`${label} -> ${response.status} answered ${contentType}, not problem+json`);
    }
    abort.abort();
    await response.body?.cancel().catch(() => undefined);
  }

  it('finds the routes to fuzz in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(0);
    const paths = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(paths).toContain('POST /api/v1/qrcodes');
  });

  it('never answers 5xx to a malformed body', { timeout: 300_000 }, async () => {
    let count = 0;
    const failures: string[] = [];
    for (const operation of operations.filter((o) => o.body)) {
      const url = urlOf(operation.path);
      const method = operation.method as InjectOptions['method'];
      for (const { raw, contentType } of BAD_BODIES) {
        await check(
          { method, url, headers: { 'content-type': contentType ?? 'application/json' }, payload: raw },
          `${operation.method} ${operation.path} raw ${raw.slice(0, 60)}`,
          failures,
        );
        count++;
      }
      for (const body of mutatedBodies(operation)) {
        await check(
          { method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) },
          `${operation.method} ${operation.path} ${JSON.stringify(body).slice(0, 200)}`,
          failures,
        );
        count++;
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(100);
  });

  it('never answers 5xx to a malformed query', { timeout: 120_000 }, async () => {
    let count = 0;
    const failures: string[] = [];
    for (const operation of operations.filter((o) => o.query.length > 0)) {
      const method = operation.method as InjectOptions['method'];
      const base = urlOf(operation.path);
      const example = operation.bodyExamples.find(isObject);
      for (const query of mutatedQueries(operation)) {
        const label = `${operation.method} ${operation.path}?${query.slice(0, 120)}`;
        if (operation.streams) await checkStream(`${base}?${query}`, label, failures);
        else
          await check(
            { method, url: `${base}?${query}`, ...(example ? { payload: example } : {}) },
            label,
            failures,
          );
        count++;
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(50);
  });

  it('scans every code the fuzzing created through a real socket: no 5xx, ASCII Location, still serving', {
    timeout: 120_000,
  }, async () => {
    expect(shortPaths.size).toBeGreaterThan(10);
    const base = await listening();
    const failures: string[] = [];
    for (const path of shortPaths) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' });
      const location = response.headers.get('location') ?? '';
      if (response.status >= 500 || !/^[\x21-\x7e]*$/.test(location)) {
        failures.push(`${path} -> ${response.status} ${location}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
