import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCodePassword } from '../../src/modules/qrcodes/code-password.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { discPng } from '../helpers/png.js';

type Json = Record<string, unknown>;
interface Report {
  rows: number;
  created: number;
  skipped: number;
  dryRun: boolean;
  errors: Array<{ row: number; problem: { status: number; code: string; errors?: Array<{ path: string }> } }>;
  hostnamesReplaced: Array<{ hostname: string; rows: number }>;
}

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');

/**
 * Import and export (issue 30) through the API: each peer's sample file (dry run, then for real),
 * taken slugs and bad rows, a malformed file, export filters, scopes, workspace isolation, and a
 * lossless round trip through our CSV and our JSON.
 */
describe.each(engines)('import and export on $name', (engine) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { SHORT_URL: 'http://rq.test', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() },
    });
    [alice, bob] = await Promise.all([signedInUser(t), signedInUser(t)]);
    // Someone else holds the slug every sample file asks for in one row.
    const other = await signedInUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: other.headers,
      payload: { mode: 'redirect', slug: 'taken-slug', target: 'https://example.com/first' },
    });
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...user.headers, ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const importFile = async (user: SignedInUser, query: string, body: unknown) => {
    const response = await call(user, 'POST', `/qrcodes/import?${query}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Report;
  };
  const listAll = async (user: SignedInUser, query = '') =>
    ((await call(user, 'GET', `/qrcodes?limit=100${query}`)).json() as { data: Json[] }).data;

  const samples: Array<{
    format: string;
    file: string;
    rows: number;
    created: number;
    refused: Array<[number, number]>;
  }> = [
    {
      format: 'bitly',
      file: 'bitly.csv',
      rows: 4,
      created: 2,
      refused: [
        [3, 409],
        [4, 400],
      ],
    },
    {
      format: 'shlink',
      file: 'shlink.csv',
      rows: 3,
      created: 1,
      refused: [
        [2, 409],
        [3, 400],
      ],
    },
    { format: 'shlink', file: 'shlink.json', rows: 2, created: 1, refused: [[2, 409]] },
    {
      format: 'kutt',
      file: 'kutt.json',
      rows: 3,
      created: 1,
      refused: [
        [2, 422],
        [3, 409],
      ],
    },
    {
      format: 'yourls',
      file: 'yourls.csv',
      rows: 3,
      created: 1,
      refused: [
        [2, 400],
        [3, 409],
      ],
    },
    { format: 'yourls', file: 'yourls.json', rows: 2, created: 1, refused: [[2, 409]] },
  ];

  it.each(samples)(
    '$format ($file): a dry run reports every row and writes nothing; the import makes the rest',
    async (sample) => {
      const text = fixture(sample.file);
      const body = sample.file.endsWith('.json') ? JSON.parse(text) : text;
      const before = (await listAll(alice)).length;

      const dry = await importFile(alice, `format=${sample.format}&dryRun=true`, body);
      expect(dry).toMatchObject({ rows: sample.rows, created: sample.created, dryRun: true });
      expect(dry.errors.map((e) => [e.row, e.problem.status])).toEqual(sample.refused);
      expect(await listAll(alice)).toHaveLength(before);

      const real = await importFile(alice, `format=${sample.format}`, body);
      expect(real).toMatchObject({
        rows: sample.rows,
        created: sample.created,
        skipped: sample.rows - sample.created,
      });
      expect(real.errors.map((e) => [e.row, e.problem.status])).toEqual(sample.refused);
      expect(await listAll(alice)).toHaveLength(before + sample.created);
    },
  );

  it('keeps slugs and fields, reports the taken slug with its path, and the hostnames it could not keep', async () => {
    const codes = await listAll(alice);
    expect(codes.find((c) => c.slug === 'spring-menu')).toMatchObject({
      hostname: null,
      target: 'https://example.com/spring-menu',
      title: 'Spring menu',
      tags: ['menu', 'spring'],
    });
    expect(codes.find((c) => c.slug === 'summer-sale')).toMatchObject({
      maxScans: 500,
      expiresAt: '2025-09-01T00:00:00.000Z',
    });
    const again = await importFile(alice, 'format=bitly&dryRun=true', fixture('bitly.csv'));
    expect(again.errors[0]).toMatchObject({
      row: 1,
      problem: { code: 'conflict', errors: [{ path: '/slug' }] },
    });
    expect(again.hostnamesReplaced).toEqual([{ hostname: 'bit.ly', rows: 4 }]);
  });

  it('answers a malformed file with a 4xx naming where, never a 500', async () => {
    const csv = await call(
      alice,
      'POST',
      '/qrcodes/import?format=csv',
      'target,title\nhttps://example.com/,"open\n',
    );
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({ row: 1, column: 'title' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes/import?format=kutt',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"data": [',
    });
    expect(json.statusCode).toBe(400);
    const shape = await call(alice, 'POST', '/qrcodes/import?format=kutt', { links: 3 });
    expect(shape.statusCode).toBe(400);
  });

  it('exports with the list filters; a read key exports but cannot import; other workspaces see nothing', async () => {
    const csv = await call(alice, 'GET', '/qrcodes/export.csv?tag=spring');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('spring-menu');

    const reader = await createApiKey(t, alice, ['qrcodes:read']);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/qrcodes/export.json',
      headers: reader.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect((exported.json() as { codes: Json[] }).codes).toHaveLength((await listAll(alice)).length);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes/import',
      headers: reader.headers,
      payload: { codes: [] },
    });
    expect(refused.statusCode).toBe(403);

    const bobs = await call(bob, 'GET', '/qrcodes/export.json');
    expect((bobs.json() as { codes: Json[] }).codes).toEqual([]);
  });

  it('round-trips every field through our CSV and our JSON into another workspace', async () => {
    const source = await signedInUser(t);
    const rule = (
      await call(source, 'POST', '/rules', {
        name: 'iPhones',
        when: { os: ['ios'] },
        then: { redirect: 'https://example.com/ios', status: 302 },
      })
    ).json() as Json;
    const logo = `data:image/png;base64,${discPng(64).toString('base64')}`;
    const bodies: Json[] = [
      {
        mode: 'redirect',
        slug: 'trip-full',
        target: 'https://example.com/full',
        title: 'Full, "quoted" ; all',
        tags: ['a', 'b|c'],
        enabled: false,
        rules: [rule.id],
        style: { size: 256, dots: { type: 'rounded', color: '#112233' }, logo: { src: logo, size: 0.1 } },
        activeFrom: '2026-01-01T00:00:00Z',
        expiresAt: '2027-01-01T00:00:00Z',
        maxScans: 50,
        expiredTarget: 'https://example.com/over',
        utm: { source: 'qr', campaign: 'trip' },
        apps: { ios: 'https://apps.apple.com/app/id1' },
        password: 'open sesame',
      },
      {
        mode: 'static',
        slug: 'trip-wifi',
        data: { kind: 'wifi', ssid: 'Cafe', password: 'espresso', encryption: 'WPA' },
      },
      {
        mode: 'exec',
        slug: 'trip-exec',
        exec: { url: 'https://example.com/hook', timeoutMs: 900, fallback: 'https://example.com/' },
      },
    ];
    for (const body of bodies) {
      const made = await call(source, 'POST', '/qrcodes', body);
      expect(made.statusCode, made.body).toBe(201);
    }
    const originals = await listAll(source);
    const hashes = new Map(
      await Promise.all(originals.map(async (c) => [c.slug, await storedHash(c.id as string)] as const)),
    );
    const csv = (await call(source, 'GET', '/qrcodes/export.csv')).body;
    const json = (await call(source, 'GET', '/qrcodes/export.json')).json();

    for (const [format, file] of [
      ['csv', csv],
      ['json', json],
    ] as const) {
      // Slugs on the primary host are the server's: the source lets go of them first (a move).
      for (const code of await listAll(source)) await call(source, 'DELETE', `/qrcodes/${code.id}`);
      const target = await signedInUser(t);
      const report = await importFile(target, `format=${format}`, file);
      expect(report, JSON.stringify(report.errors)).toMatchObject({ rows: 3, created: 3, errors: [] });
      const imported = await listAll(target);
      const targetRules = ((await call(target, 'GET', '/rules')).json() as { data: Json[] }).data;
      expect(targetRules).toHaveLength(1);
      expect(targetRules[0]).toMatchObject({ name: 'iPhones', when: rule.when, then: rule.then });
      for (const original of originals) {
        const copy = imported.find((c) => c.slug === original.slug) as Json;
        const fields = [
          'mode',
          'hostname',
          'target',
          'data',
          'exec',
          'title',
          'tags',
          'enabled',
          'activeFrom',
          'expiresAt',
          'maxScans',
          'expiredTarget',
          'utm',
          'apps',
          'passwordProtected',
        ];
        for (const field of fields)
          expect(copy[field], `${format} ${original.slug} ${field}`).toEqual(original[field]);
        expect(copy.rules).toEqual((original.rules as string[]).length === 0 ? [] : [targetRules[0]?.id]);
        expect(withoutLogoSrc(copy.style)).toEqual(withoutLogoSrc(original.style));
        expect(await storedHash(copy.id as string)).toBe(hashes.get(original.slug));
      }
      const full = imported.find((c) => c.slug === 'trip-full') as Json;
      expect(await verifyCodePassword('open sesame', (await storedHash(full.id as string)) as string)).toBe(
        true,
      );
      const logoSrc = (full.style as { logo: { src: string } }).logo.src;
      const asset = await call(target, 'GET', logoSrc.replace(/^.*\/api\/v1/, ''));
      expect(asset.rawPayload.equals(discPng(64))).toBe(true);
      // The next format is imported into a fresh workspace again.
      for (const code of imported) await call(target, 'DELETE', `/qrcodes/${code.id}`);
    }
  });

  const storedHash = async (id: string) =>
    (
      await t.database.handle.db
        .selectFrom('qrcodes')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;
});

function withoutLogoSrc(style: unknown): unknown {
  const { logo, ...rest } = style as { logo?: Json | null };
  if (!logo) return rest;
  const { src: _src, ...logoRest } = logo;
  return { ...rest, logo: logoRest };
}
