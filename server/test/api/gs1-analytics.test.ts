import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { nextTestGtin } from '../helpers/gs1-api.js';
import { sampleScan } from '../helpers/scans.js';

/**
 * GS1 scans count like every scan, with the link type, the key's AI and the level that answered as
 * dimensions (issue 46): in breakdowns (whole days from the daily rollups, today's from the
 * quarter hours, filtered ones from the facts), the dashboard and the CSV export. A code's scans
 * have none, so a GS1 breakdown lists GS1 scans only.
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

type Rows = Array<{ key: string | null; total: number }>;

describe.each(engines)('GS1 dimensions in analytics on $name', (engine) => {
  let t: TestApp;
  let owner: SignedInUser;
  let gtin: string;
  let itemId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    owner = await signedInUser(t);
    gtin = nextTestGtin();
    const made = await api('POST', '/gs1/items', {
      primaryKey: { ai: '01', value: gtin },
      defaultLinkType: 'gs1:pip',
      links: [
        { linkType: 'gs1:pip', href: 'https://example.com/pip', title: 'Product' },
        { linkType: 'gs1:recipeInfo', href: 'https://example.com/recipes', title: 'Recipes' },
      ],
      levels: [
        {
          qualifiers: [{ ai: '10', value: '{lot}' }],
          defaultLinkType: 'gs1:pip',
          links: [{ linkType: 'gs1:pip', href: 'https://example.com/lot/{lot}', title: 'Lot' }],
        },
        {
          qualifiers: [
            { ai: '10', value: '{lot}' },
            { ai: '21', value: '{serial}' },
          ],
          defaultLinkType: 'gs1:pip',
          links: [{ linkType: 'gs1:pip', href: 'https://example.com/unit/{serial}', title: 'Unit' }],
        },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    itemId = made.json().id;
    const asset = await api('POST', '/gs1/items', {
      primaryKey: { ai: '8004', value: '0950600013' },
      prefix: true,
      defaultLinkType: 'gs1:pip',
      links: [{ linkType: 'gs1:pip', href: 'https://example.com/assets/{1}', title: 'Asset' }],
    });
    expect(asset.statusCode, asset.body).toBe(201);
    const code = await api('POST', '/qrcodes', { mode: 'redirect', target: 'https://example.com/menu' });
    expect(code.statusCode, code.body).toBe(201);

    // Today, through the edge: four scans of the GTIN (its own level, a lot, a serial, recipes), one asset.
    for (const [path, ua] of [
      [`/01/${gtin}`, IPHONE],
      [`/01/${gtin}/10/L1`, IPHONE],
      [`/01/${gtin}/10/L1/21/S9`, DESKTOP],
      [`/01/${gtin}?linkType=gs1:recipeInfo`, DESKTOP],
      ['/8004/0950600013000042', IPHONE],
      [`/r/${code.json().slug}`, IPHONE],
    ] as const) {
      const answer = await scan(path, ua);
      expect(answer.statusCode, path).toBe(path.startsWith('/r/') ? 302 : 307);
    }
    // Earlier whole days, as the recorder stores them: the daily rollups answer for those.
    for (const at of ['2026-05-04T10:00:00Z', '2026-05-05T10:00:00Z']) {
      await t.app.scans.record(
        sampleScan(itemId, owner.workspaceId, at, {
          gs1LinkType: 'gs1:pip',
          gs1Key: '01',
          gs1Level: 'BATCH/LOT',
        }),
      );
    }
  });
  afterAll(() => t.close());

  function api(method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: owner.headers,
      ...(payload ? { payload } : {}),
    });
  }
  const scan = (url: string, userAgent: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost', 'user-agent': userAgent } });
  const breakdown = async (query: string): Promise<Rows> => {
    const answer = await api('GET', `/analytics/breakdown?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().rows as Rows).map(({ key, total }) => ({ key, total }));
  };

  it('breaks today’s scans down by link type, key and level, GS1 scans only', async () => {
    // A week: its whole days from the daily rollups, today from the per-dimension quarter hours.
    expect(await breakdown('by=gs1LinkType&range=7d')).toEqual([
      { key: 'gs1:pip', total: 4 },
      { key: 'gs1:recipeInfo', total: 1 },
    ]);
    expect(await breakdown('by=gs1Key&range=7d')).toEqual([
      { key: '01', total: 4 },
      { key: '8004', total: 1 },
    ]);
    // Ties by total go to the row with more unique visitors: the desktop's first scan was a serial.
    expect(await breakdown('by=gs1Level&range=7d')).toEqual([
      { key: 'GTIN', total: 2 },
      { key: 'SERIAL', total: 1 },
      { key: 'BATCH/LOT', total: 1 },
      { key: 'GIAI', total: 1 },
    ]);
    // The code's scan is in the totals, not in a GS1 breakdown.
    const summary = (await api('GET', '/analytics/summary?range=24h')).json() as { total: number };
    expect(summary.total).toBe(6);
  });

  it('answers a filtered GS1 breakdown from the facts, and whole days from the daily rollups', async () => {
    expect(await breakdown('by=gs1Level&range=24h&device=desktop')).toEqual([
      { key: 'SERIAL', total: 1 },
      { key: 'GTIN', total: 1 },
    ]);
    expect(await breakdown('by=gs1LinkType&range=24h')).toEqual([
      { key: 'gs1:pip', total: 4 },
      { key: 'gs1:recipeInfo', total: 1 },
    ]);
    expect(await breakdown('by=gs1Level&from=2026-05-01&to=2026-06-01')).toEqual([
      { key: 'BATCH/LOT', total: 2 },
    ]);
    expect(await breakdown('by=gs1Key&from=2026-05-01&to=2026-06-01&country=DE')).toEqual([
      { key: '01', total: 2 },
    ]);
    const dashboard = await api('GET', '/analytics/dashboard?range=24h&by=gs1LinkType&by=country');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().breakdowns.gs1LinkType.rows[0]).toMatchObject({ key: 'gs1:pip', total: 4 });
  });

  it('writes the GS1 dimensions of each scan in the CSV export, empty for a code’s', async () => {
    const answer = await api('GET', '/analytics/export.csv?range=24h');
    expect(answer.statusCode).toBe(200);
    const [header = '', ...lines] = answer.body.trimEnd().split('\r\n');
    const columns = header.split(',');
    const at = (name: string) => columns.indexOf(name);
    expect(at('gs1LinkType')).toBeGreaterThan(0);
    const rows = lines.map((line) => line.split(','));
    const gs1 = rows.map((row) => [row[at('gs1LinkType')], row[at('gs1Key')], row[at('gs1Level')]]);
    expect(gs1).toEqual(
      expect.arrayContaining([
        ['gs1:pip', '01', 'GTIN'],
        ['gs1:pip', '01', 'SERIAL'],
        ['gs1:recipeInfo', '01', 'GTIN'],
        ['gs1:pip', '8004', 'GIAI'],
        ['', '', ''],
      ]),
    );
  });
});
