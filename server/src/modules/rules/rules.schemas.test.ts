import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin, fieldErrorsOf } from '../../plugins/errors.js';
import { RuleCreateBody, RulePatchBody } from './rules.schemas.js';

/**
 * The schemas through Fastify's own validator, with the app's Ajv options, so the paths here
 * are the paths callers get.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({
    logger: false,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: true },
    },
  });
  await app.register(errorsPlugin);
  app.post('/create', { schema: { body: RuleCreateBody } }, async (request) => request.body);
  app.post('/patch', { schema: { body: RulePatchBody } }, async (request) => request.body);
  app.post('/merged', async (request) => {
    const validate = request.compileValidationSchema(RuleCreateBody);
    return validate(request.body) ? [] : fieldErrorsOf(validate.errors ?? [], '/body');
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });
const errorsOf = async (payload: unknown, url = '/create') => {
  const response = await post(url, payload);
  expect(response.statusCode).toBe(400);
  return (response.json().errors as { path: string; message: string }[]).map((e) => e.path);
};

const then = { redirect: 'https://apps.example/{country}', status: 302, passQuery: true };

describe('RuleCreateBody', () => {
  it('accepts the example of API.md and every leaf', async () => {
    const example = {
      name: 'iPhones to the App Store',
      enabled: true,
      when: { all: [{ os: ['ios'] }, { not: { country: ['CN'] } }] },
      then: { redirect: 'https://apps.apple.com/app/id1?c={country}', status: 302, passQuery: true },
    };
    const response = await post('/create', example);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(example);
    const leaves = [
      { device: ['mobile'] },
      { os: ['android'] },
      { browser: ['samsung'] },
      { language: ['de-CH'] },
      { country: ['DE'] },
      { hostname: ['qr.example.com'] },
      { time: { from: '09:00', to: '17:00', days: [1, 2, 3, 4, 5], timeZone: 'Europe/Berlin' } },
      { date: { from: '2026-12-01', to: '2026-12-24' } },
      { scans: { lt: 3 } },
      { query: { name: 'src', equals: 'flyer' } },
      { referrer: ['example.com'] },
      { ip: ['10.0.0.0/8', '2001:db8::/32'] },
      { bot: false },
    ];
    expect((await post('/create', { name: 'all leaves', when: { any: leaves }, then })).statusCode).toBe(200);
    const split = {
      split: [
        { url: 'https://a.example', weight: 50 },
        { url: 'https://b.example', weight: 50 },
      ],
      sticky: true,
    };
    expect((await post('/create', { name: 'ab', then: split })).statusCode).toBe(200);
  });

  it('names an unknown field anywhere in the tree by its path', async () => {
    expect(await errorsOf({ name: 'x', then, colour: 'red' })).toEqual(['/body/colour']);
    expect(
      await errorsOf({ name: 'x', when: { all: [{ bot: true }, { not: { oss: ['ios'] } }] }, then }),
    ).toEqual(['/body/when/all/1/not/oss']);
    expect(
      await errorsOf({
        name: 'x',
        when: { time: { from: '09:00', to: '10:00', timeZone: 'UTC', tz: 1 } },
        then,
      }),
    ).toEqual(['/body/when/time/tz']);
    expect(await errorsOf({ name: 'x', then: { ...then, target: 'https://x.example' } })).toEqual([
      '/body/then/target',
    ]);
    expect(
      await errorsOf({
        name: 'x',
        then: { split: [{ url: 'https://a.example', weight: 100, label: 'A' }] },
      }),
    ).toEqual(['/body/then/split/0/label']);
  });

  it('names a value outside an enum by its path, once', async () => {
    expect(await errorsOf({ name: 'x', when: { any: [{ os: ['ios', 'symbian'] }] }, then })).toEqual([
      '/body/when/any/0/os/1',
    ]);
    expect(await errorsOf({ name: 'x', then: { redirect: 'https://a.example', status: 303 } })).toEqual([
      '/body/then/status',
    ]);
    expect(await errorsOf({ name: 'x', when: { device: ['phone'] }, then })).toEqual(['/body/when/device/0']);
  });

  it('wants exactly one key per condition node and no empty combinators', async () => {
    expect(await errorsOf({ name: 'x', when: { os: ['ios'], bot: true }, then })).toEqual(['/body/when']);
    expect(await errorsOf({ name: 'x', when: {}, then })).toEqual(['/body/when']);
    expect(await errorsOf({ name: 'x', when: { all: [] }, then })).toEqual(['/body/when/all']);
    expect(await errorsOf({ name: 'x', when: { country: [] }, then })).toEqual(['/body/when/country']);
  });

  it('wants a name and an action', async () => {
    expect(await errorsOf({ then })).toEqual(['/body/name']);
    expect(await errorsOf({ name: 'x' })).toEqual(['/body/then']);
    expect(await errorsOf({ name: '', then })).toEqual(['/body/name']);
    expect(await errorsOf({ name: 'x', then: {} })).toEqual(['/body/then']);
  });

  it('checks the shapes of time, scans and split', async () => {
    expect(
      await errorsOf({
        name: 'x',
        when: { time: { from: '9am', to: '17:00', timeZone: 'UTC' } },
        then,
      }),
    ).toEqual(['/body/when/time/from']);
    expect(await errorsOf({ name: 'x', when: { time: { from: '09:00', to: '17:00' } }, then })).toEqual([
      '/body/when/time/timeZone',
    ]);
    expect(await errorsOf({ name: 'x', when: { scans: { lt: -1 } }, then })).toEqual(['/body/when/scans/lt']);
    expect(await errorsOf({ name: 'x', when: { scans: { lt: 1.5 } }, then })).toEqual([
      '/body/when/scans/lt',
    ]);
    expect(
      await errorsOf({ name: 'x', then: { split: [{ url: 'https://a.example', weight: 101 }] } }),
    ).toEqual(['/body/then/split/0/weight']);
    expect(await errorsOf({ name: 'x', then: { split: [] } })).toEqual(['/body/then/split']);
  });
});

describe('RulePatchBody', () => {
  it('takes partial objects and null for when, and refuses unknown top-level fields', async () => {
    expect((await post('/patch', { when: null })).statusCode).toBe(200);
    expect((await post('/patch', { when: { all: null, any: [{ bot: true }] } })).statusCode).toBe(200);
    expect((await post('/patch', { then: { status: 301 } })).statusCode).toBe(200);
    expect((await post('/patch', { enabled: false })).statusCode).toBe(200);
    expect(await errorsOf({ id: 'rule_x' }, '/patch')).toEqual(['/body/id']);
    expect(await errorsOf({}, '/patch')).toEqual(['/body']);
    expect(await errorsOf({ when: 'always' }, '/patch')).toEqual(['/body/when']);
    expect(await errorsOf({ then: null }, '/patch')).toEqual(['/body/then']);
  });
});

describe('fieldErrorsOf', () => {
  it('gives the same paths for a merged rule as the route validator does', async () => {
    const response = await post('/merged', { name: 'x', when: { all: [{ oss: ['ios'] }] }, then: {} });
    expect(response.json()).toEqual([
      { path: '/body/when/all/0/oss', message: 'is not a known field' },
      { path: '/body/then', message: 'must NOT have fewer than 1 properties' },
    ]);
  });
});
