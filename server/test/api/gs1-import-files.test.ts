import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { referenceDocuments } from '../helpers/gs1-api.js';
import { readGs1Fixture, schemaErrors, validateGs1Linkset } from '../helpers/gs1-fixtures.js';

/** GS1 items from a spreadsheet (format=gs1-csv) and from linksets (format=gs1-linkset), and the plan's items limit. */

const IMPORT = '/api/v1/qrcodes/import';

const CSV = [
  'GTIN,Lot,Link type,href,title,language,context,default,itemDescription',
  '9506000134352,,gs1:pip,https://example.com/p/en,Product,en,,yes,Dal Giardino Risotto',
  '9506000134352,,gs1:pip,https://example.com/p/fr,Produit,fr,,,',
  '9506000134352,,gs1:recipeInfo,https://example.com/recipes,Recipes,en,kitchen,,',
  '9506000134352,{lotnumber},gs1:pip,https://example.com/p/lot?l={lotnumber},Lot,en,,x,',
].join('\n');

describe.each(engines)('importing GS1 files on $name', (engine) => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  const scan = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
  const postCsv = (query: string, csv: string) =>
    t.app.inject({
      method: 'POST',
      url: `${IMPORT}?format=gs1-csv${query}`,
      headers: { ...owner.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
  const postJson = (query: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${IMPORT}${query}`,
      headers: owner.headers,
      payload: payload as object,
    });
  const itemIds = async () =>
    (
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/gs1/items?limit=100', headers: owner.headers })
      ).json().data as Array<{ id: string; primaryKey: { value: string } }>
    ).map((item) => ({ id: item.id, value: item.primaryKey.value }));

  it('reads a spreadsheet: one link a row, a GTIN made 14 digits, its lot level, defaults and languages', async () => {
    const dry = await postCsv('&dryRun=true', CSV);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rows: 4, created: 4, dryRun: true, errors: [] });
    expect(await itemIds()).toEqual([]);

    const answer = await postCsv('', CSV);
    expect(answer.json()).toMatchObject({ rows: 4, created: 4, errors: [] });
    const [item] = await itemIds();
    expect(item?.value).toBe('09506000134352');
    expect((await scan('/01/09506000134352', { 'accept-language': 'fr' })).headers.location).toBe(
      'https://example.com/p/fr',
    );
    expect((await scan('/01/09506000134352')).headers.location).toBe('https://example.com/p/en');
    expect((await scan('/01/09506000134352?linkType=gs1:recipeInfo&context=kitchen')).statusCode).toBe(307);
    expect((await scan('/01/09506000134352/10/ABC')).headers.location).toBe(
      'https://example.com/p/lot?l=ABC',
    );
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/gs1/items/${item?.id}`,
      headers: owner.headers,
    });
    expect(read.json()).toMatchObject({
      itemDescription: 'Dal Giardino Risotto',
      defaultLinkType: 'gs1:pip',
      links: [
        { linkType: 'gs1:pip', hreflang: ['en'] },
        { linkType: 'gs1:pip', hreflang: ['fr'] },
        { linkType: 'gs1:recipeInfo', context: ['kitchen'] },
      ],
    });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/gs1/items/${item?.id}`, headers: owner.headers });
  });

  it("names a spreadsheet's faults by row and column, and refuses a file without the columns", async () => {
    const broken = [
      'gtin,linkType,href,title',
      '9506000134353,gs1:pip,https://example.com/a,A',
      '12345,gs1:pip,https://example.com/b,B',
      '9506000134369,gs1:pip,ftp://example.com/c,C',
    ].join('\n');
    const answer = await postCsv('', broken);
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().errors.map((e: { path: string }) => e.path)).toEqual([
      '/rows/1/gtin',
      '/rows/2/gtin',
      '/rows/3/href',
    ]);
    const headless = await postCsv('', 'gtin,href\n9506000134352,https://example.com\n');
    expect(headless.statusCode).toBe(400);
    expect(headless.json().detail).toContain('linkType');
    // JSON sent as gs1-csv, or CSV as gs1-linkset, is a 415.
    expect((await postJson('?format=gs1-csv', { linkset: [] })).statusCode).toBe(415);
    expect(await itemIds()).toEqual([]);
  });

  it("moves a resolver's items by their linksets: the same answers after, the linksets still valid", async () => {
    const imported = await postJson('?format=gs1-resolver', referenceDocuments());
    expect(imported.statusCode, imported.body).toBe(200);
    // A key's linkset carries its own level; a lot's or serial's, that level (templates filled) and the key's.
    const keys = [
      '/01/09506000134376',
      '/01/09506000134376/10/LOT01',
      '/01/09506000134376/21/SERIAL9',
      '/01/09506000134352',
      '/8004/0950600013430000001',
    ];
    const probes = [
      ['/01/09506000134376', {}],
      ['/01/09506000134376/10/LOT01', {}],
      ['/01/09506000134376/21/SERIAL9', {}],
      ['/01/09506000134376?linkType=gs1:registerProduct', { 'accept-language': 'en-US' }],
      ['/01/09506000134352', { 'accept-language': 'es' }],
      ['/8004/0950600013430000001', {}],
    ] as const;
    const answersOf = async () =>
      Promise.all(
        probes.map(async ([url, headers]) => {
          const answer = await scan(url, headers);
          return [url, answer.statusCode, answer.headers.location ?? null];
        }),
      );
    const before = await answersOf();
    const linksets = [];
    for (const key of keys) {
      const answer = await scan(`${key}?linkType=linkset`);
      expect(schemaErrors(validateGs1Linkset, answer.json())).toEqual([]);
      linksets.push(answer.json());
    }
    for (const { id } of await itemIds()) {
      await t.app.inject({ method: 'DELETE', url: `/api/v1/gs1/items/${id}`, headers: owner.headers });
    }
    // The company prefix (8004 095060001343) is not in a linkset of its own: only the three keys move.
    const moved = await postJson('?format=gs1-linkset', linksets);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ errors: [] });
    expect(await answersOf()).toEqual(before);
    for (const key of keys) {
      const answer = await scan(`${key}?linkType=linkset`);
      expect(schemaErrors(validateGs1Linkset, answer.json())).toEqual([]);
    }
    for (const { id } of await itemIds()) {
      await t.app.inject({ method: 'DELETE', url: `/api/v1/gs1/items/${id}`, headers: owner.headers });
    }
  });

  it("reads GS1's own model linkset, and names a bad anchor at its row", async () => {
    const model = readGs1Fixture<{ linkset: Array<{ anchor: string }> }>(
      'resolver-testsuite-model-linkset.json',
    );
    const answer = await postJson('?format=gs1-linkset', model);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().errors).toEqual([]);
    const gtin = new URL(model.linkset[0]?.anchor ?? '').pathname;
    const linkset = await scan(`${gtin}?linkType=linkset`);
    expect(linkset.statusCode).toBe(200);
    expect(schemaErrors(validateGs1Linkset, linkset.json())).toEqual([]);
    expect(
      (await scan(`${gtin}?linkType=gs1:certificationInfo`, { 'accept-language': 'fr' })).headers.location,
    ).toBe('https://www.oeko-tex.com/v/07.BH.52767?linkType=gs1:certificationInfo');

    const bad = await postJson('?format=gs1-linkset&dryRun=true', {
      linkset: [
        {
          anchor: 'https://id.example/01/09506000134352',
          'https://gs1.org/voc/pip': [{ href: 'https://e.example/a', title: 'A' }],
        },
        { anchor: 'https://id.example/01/09506000134353', 'https://gs1.org/voc/pip': [] },
        {
          anchor: 'https://id.example/01/09506000134369',
          'https://gs1.org/voc/pip': [{ href: 'ftp://x', title: 'X' }],
        },
      ],
    });
    expect(bad.statusCode, bad.body).toBe(200);
    expect(
      bad
        .json()
        .errors.map((e: { row: number; problem: { errors: Array<{ path: string }> } }) => [
          e.row,
          e.problem.errors.map((f) => f.path),
        ]),
    ).toEqual([
      [2, ['/anchor']],
      [3, ['/https:~1~1gs1.org~1voc~1pip/0/href']],
    ]);
    expect((await postJson('?format=gs1-linkset', { items: [] })).statusCode).toBe(400);
  });
});

describe.each(engines)("the plan's GS1 items limit on $name", (engine) => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), DEFAULT_PLAN: 'free' },
    });
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  it("refuses the free plan's eleventh item with a 402 naming the limit, and an import that would pass it", async () => {
    const rows = ['gtin,linkType,href,title'];
    for (let i = 0; i < 9; i++)
      rows.push(`0950600099${i}00${gtinCheck(`0950600099${i}00`)},gs1:pip,https://example.com/${i},P`);
    const nine = await t.app.inject({
      method: 'POST',
      url: `${IMPORT}?format=gs1-csv`,
      headers: { ...owner.headers, 'content-type': 'text/csv' },
      payload: rows.join('\n'),
    });
    expect(nine.json(), nine.body).toMatchObject({ created: 9, errors: [] });
    const create = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/gs1/items',
        headers: owner.headers,
        payload: {
          primaryKey: { ai: '01', value },
          links: [{ linkType: 'gs1:pip', href: 'https://example.com/x', title: 'X' }],
        },
      });
    expect((await create('09506000134352')).statusCode).toBe(201);
    const over = await create('09506000134376');
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({
      code: 'limit_reached',
      limit: 'gs1Items',
      allowed: 10,
      fits: 0,
      wanted: 1,
    });
    const oneMore = await t.app.inject({
      method: 'POST',
      url: `${IMPORT}?format=gs1-csv&dryRun=true`,
      headers: { ...owner.headers, 'content-type': 'text/csv' },
      payload: 'gtin,linkType,href,title\n09506000134369,gs1:pip,https://example.com/y,Y\n',
    });
    expect(oneMore.statusCode).toBe(402);
    expect(oneMore.json()).toMatchObject({ limit: 'gs1Items', fits: 0, wanted: 1 });
  });
});

/** The GS1 check digit of a 13-digit body. */
function gtinCheck(body: string): string {
  const sum = [...body].reverse().reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}
