import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCodePassword } from '../../src/modules/qrcodes/code-password.js';
import { parseCsv } from '../../src/modules/transfer/csv.js';
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
  changes: Array<{ row: number; path: string; message: string }>;
}

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');

/**
 * Import and export (issues 30 and 49) through the API: each peer's sample file (dry run, the
 * all-or-nothing import refused, then per row), taken slugs and bad rows, the rows moved off a
 * hostname, a malformed file, export filters, scopes, workspace isolation, a lossless round trip
 * through our CSV and our JSON, spreadsheet formulas guarded in the CSV and read back exactly, and
 * an import that fails on a later row leaving no code and no rule behind.
 */
describe.each(engines)('import and export on $name', (engine) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      // Every workspace may hold 10 codes: the samples make 7 in one, the round trip 3 in each.
      env: { SHORT_URL: 'http://rq.test', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), CODES_LIMIT: '10' },
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
    '$format ($file): a dry run reports every row and writes nothing; the import refuses the file whole; per row it makes the rest',
    async (sample) => {
      const text = fixture(sample.file);
      const body = sample.file.endsWith('.json') ? JSON.parse(text) : text;
      const before = (await listAll(alice)).length;

      const dry = await importFile(alice, `format=${sample.format}&dryRun=true`, body);
      expect(dry).toMatchObject({ rows: sample.rows, created: sample.created, dryRun: true });
      expect(dry.errors.map((e) => [e.row, e.problem.status])).toEqual(sample.refused);
      expect(await listAll(alice)).toHaveLength(before);

      // All or nothing unless asked: every failing row named, by its row, and nothing made.
      const refused = await call(alice, 'POST', `/qrcodes/import?format=${sample.format}`, body);
      expect(refused.statusCode, refused.body).toBe(422);
      const problem = refused.json() as {
        code: string;
        errors: Array<{ path: string }>;
        failedRows: Report['errors'];
      };
      expect(problem.code).toBe('unprocessable');
      expect(problem.failedRows.map((e) => [e.row, e.problem.status])).toEqual(sample.refused);
      for (const [row] of sample.refused)
        expect(problem.errors.some((e) => e.path.startsWith(`/rows/${row}`))).toBe(true);
      expect(await listAll(alice)).toHaveLength(before);

      const real = await importFile(alice, `format=${sample.format}&atomic=false`, body);
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
    // Every row fails now (their slugs are made): a row that is not made is not listed as changed.
    expect(again.errors).toHaveLength(4);
    expect(again.changes).toEqual([]);
  });

  it("reads the issue's Bitly file: slugs kept, the short, repeated and broken rows named", async () => {
    const file = [
      'Title,Long URL,Short link,Created,Clicks,Tags',
      'Spring sale,https://example.com/spring-sale?x=1,bit.ly/3abcDEF,2024-03-01 10:00:00,12,"promo,spring"',
      'Café Menü ☕,https://example.com/café,https://bit.ly/cafe-menu,2024-03-02 10:00:00,3,',
      'Broken,javascript:alert(1),bit.ly/broken1,2024-03-03 10:00:00,0,',
      'No url,,bit.ly/nourl1,2024-03-03 10:00:00,0,',
      'Short slug,https://example.com/ab,bit.ly/ab,2024-03-03 10:00:00,0,',
      'Dup,https://example.com/dup,bit.ly/3abcDEF,2024-03-03 10:00:00,0,',
    ].join('\n');
    const report = await importFile(bob, 'format=bitly&dryRun=true', file);
    expect(report).toMatchObject({ rows: 6, created: 2 });
    expect(report.errors.map((e) => [e.row, e.problem.errors?.map((f) => f.path)])).toEqual([
      [3, ['/target']],
      [4, ['/target']],
      [5, ['/slug']],
      [6, ['/slug']],
    ]);
    // The rows made are moved off bit.ly: the report says so for each, and why.
    expect(report.changes).toEqual(
      [1, 2].map((row) => ({
        row,
        path: '/hostname',
        message:
          'bit.ly is not a verified hostname of this workspace, so the code is on the primary short host',
      })),
    );
    const made = await importFile(bob, 'format=bitly&atomic=false', file);
    expect(made).toMatchObject({ created: 2, skipped: 4 });
    const codes = await listAll(bob);
    expect(codes.map((c) => c.slug).sort()).toEqual(['3abcDEF', 'cafe-menu']);
    expect(codes.find((c) => c.slug === 'cafe-menu')).toMatchObject({
      title: 'Café Menü ☕',
      target: 'https://example.com/caf%C3%A9',
      shortUrl: 'http://rq.test/cafe-menu',
    });
    for (const code of codes) await call(bob, 'DELETE', `/qrcodes/${code.id}`);
  });

  it('counts imports against the codes limit: over it, the dry run and the import are a 402 saying how many fit', async () => {
    const csv = `target\n${'https://example.com/many\n'.repeat(5)}`;
    for (const query of ['format=csv&dryRun=true', 'format=csv']) {
      const response = await call(alice, 'POST', `/qrcodes/import?${query}`, csv);
      expect(response.statusCode, response.body).toBe(402);
      expect(response.json()).toMatchObject({ code: 'limit_reached', fits: 3, wanted: 5 });
    }
    expect(await listAll(alice)).toHaveLength(7);
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

  it('guards spreadsheet formulas in export.csv, and imports every such text back exactly', async () => {
    const source = await signedInUser(t);
    const titles = [
      '=HYPERLINK("https://evil.example/","Click")',
      '+31 20 555 0100',
      '-50% off',
      '@channel',
      "'=already quoted",
      "it's plain",
    ];
    for (const [i, title] of titles.entries()) {
      const made = await call(source, 'POST', '/qrcodes', {
        mode: 'redirect',
        slug: `formula-${i}`,
        target: `https://example.com/${i}`,
        title,
        tags: i === 0 ? ['-sale', '=x'] : [],
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const csv = (await call(source, 'GET', '/qrcodes/export.csv')).body;
    const { header, rows } = parseCsv(csv);
    const titleAt = header.indexOf('title');
    // No cell begins as a formula would: a spreadsheet shows each as text.
    for (const cells of rows) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows.map((cells) => cells[titleAt]).sort()).toEqual(
      [
        `'=HYPERLINK("https://evil.example/","Click")`,
        "'+31 20 555 0100",
        "'-50% off",
        "'@channel",
        "''=already quoted",
        "it's plain",
      ].sort(),
    );

    for (const code of await listAll(source)) await call(source, 'DELETE', `/qrcodes/${code.id}`);
    const target = await signedInUser(t);
    expect(await importFile(target, 'format=csv', csv)).toMatchObject({ created: titles.length, errors: [] });
    const imported = await listAll(target);
    expect(imported.map((c) => c.title).sort()).toEqual([...titles].sort());
    expect(imported.find((c) => c.slug === 'formula-0')?.tags).toEqual(['-sale', '=x']);
  });

  it('makes nothing, no rule either, when a later row fails; per row, only the rules of the codes made', async () => {
    const user = await signedInUser(t);
    const ruleOf = (name: string) => ({
      name,
      enabled: true,
      when: { os: ['ios'] },
      then: { redirect: `https://example.com/${name}`, status: 302 },
    });
    const file = (second: Json) => ({
      codes: [
        { mode: 'redirect', slug: 'atomic-first', target: 'https://example.com/1', rules: [ruleOf('first')] },
        { mode: 'redirect', slug: 'atomic-second', rules: [ruleOf('second')], ...second },
      ],
    });
    const rulesOf = async () => ((await call(user, 'GET', '/rules')).json() as { data: Json[] }).data;
    const eventsOf = async () =>
      ((await call(user, 'GET', '/events?limit=100')).json() as { data: Json[] }).data.filter(
        (event) => event.type !== 'workspace.created',
      );

    // A row the file itself gets wrong, and a slug someone else holds (found as the codes are written).
    for (const second of [{ target: 'not a url' }, { target: 'https://example.com/2', slug: 'taken-slug' }]) {
      const refused = await call(user, 'POST', '/qrcodes/import?format=json', file(second));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'unprocessable',
        failedRows: [{ row: 2, problem: { status: second.slug ? 409 : 400 } }],
      });
      expect(await listAll(user)).toEqual([]);
      expect(await rulesOf()).toEqual([]);
      expect(await eventsOf()).toEqual([]);
    }

    const perRow = await importFile(user, 'format=json&atomic=false', file({ target: 'not a url' }));
    expect(perRow).toMatchObject({ rows: 2, created: 1, errors: [{ row: 2 }] });
    expect((await rulesOf()).map((rule) => rule.name)).toEqual(['first']);

    const whole = await importFile(user, 'format=json', {
      codes: [
        { mode: 'redirect', slug: 'atomic-third', target: 'https://example.com/3', rules: [ruleOf('first')] },
        {
          mode: 'redirect',
          slug: 'atomic-fourth',
          target: 'https://example.com/4',
          rules: [ruleOf('second')],
        },
      ],
    });
    expect(whole).toMatchObject({ rows: 2, created: 2, errors: [] });
    const rules = await rulesOf();
    expect(rules.map((rule) => rule.name).sort()).toEqual(['first', 'second']);
    const fourth = (await listAll(user)).find((c) => c.slug === 'atomic-fourth') as Json;
    expect(fourth.rules).toEqual([rules.find((rule) => rule.name === 'second')?.id]);
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
