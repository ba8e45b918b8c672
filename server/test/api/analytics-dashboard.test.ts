import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { sampleScan } from '../helpers/scans.js';

/** The conversion fields of scans that sold nothing (rate 0 with scans, null without). */
const noSales = (conversionRate: number | null) => ({ conversions: 0, conversionRate, revenue: {} });

type Json = Record<string, unknown>;
interface Dashboard {
  from: string;
  to: string;
  timeZone: string;
  summary: Json;
  timeseries: Json | null;
  timeseriesProblem: { status: number; code: string; detail: string } | null;
  breakdowns: Record<string, Json>;
}

const SITE_DIMENSIONS = ['country', 'qrcode', 'device', 'os', 'browser', 'language', 'referrer', 'rule'];

describe.each(engines)('GET /analytics/dashboard on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  let other: SignedInUser;
  let menu: string;
  let foreign: string;

  const get = (url: string, who: { headers: Record<string, string> } = user) =>
    t.app.inject({ method: 'GET', url: `/api/v1/analytics/${url}`, headers: who.headers });
  const record = (codeId: string, workspaceId: string, at: string, country: string) =>
    t.app.scans.record(sampleScan(codeId, workspaceId, at, { country, visitorHash: `v-${at}-${country}` }));

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
    other = await signedInUser(t);
    const create = async (who: SignedInUser) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/qrcodes',
        headers: who.headers,
        payload: { mode: 'redirect', target: 'https://example.com/' },
      });
      return (response.json() as { id: string }).id;
    };
    menu = await create(user);
    foreign = await create(other);
    await record(menu, user.workspaceId, '2026-05-02T10:00:00Z', 'DE');
    await record(menu, user.workspaceId, '2026-05-03T10:00:00Z', 'FR');
    await record(menu, user.workspaceId, '2026-05-03T11:00:00Z', 'FR');
    await record(foreign, other.workspaceId, '2026-05-03T12:00:00Z', 'US');
  });
  afterAll(() => t.close());

  const query = 'from=2026-05-01&to=2026-06-01&timeZone=Europe/Berlin';

  it('answers the summary, the series and every breakdown of the site in one request, equal to the parts', async () => {
    const response = await get(`dashboard?${query}&interval=day`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Dashboard;
    expect(Object.keys(body.breakdowns).sort()).toEqual([...SITE_DIMENSIONS].sort());
    expect(body.summary).toEqual((await get(`summary?${query}`)).json());
    expect(body.timeseries).toEqual((await get(`timeseries?${query}&interval=day`)).json());
    expect(body.breakdowns.country).toEqual((await get(`breakdown?${query}&by=country`)).json());
    expect(body.timeseriesProblem).toBeNull();
    // Every part is labelled with the one range it was computed for.
    expect(body).toMatchObject({
      from: '2026-05-01T00:00:00+02:00',
      to: '2026-06-01T00:00:00+02:00',
      timeZone: 'Europe/Berlin',
    });
    expect(body.summary).toMatchObject({ from: body.from, to: body.to, total: 3 });
    expect(body.breakdowns.country?.rows).toEqual([
      { key: 'FR', total: 2, unique: 2, bots: 0, ...noSales(0) },
      { key: 'DE', total: 1, unique: 1, bots: 0, ...noSales(0) },
    ]);
  });

  it('costs one request of the rate limit, however many parts it answers', async () => {
    const key = await createApiKey(t, user, ['analytics:read']);
    const first = await get(`dashboard?${query}`, key);
    const second = await get(`dashboard?${query}`, key);
    expect(first.statusCode).toBe(200);
    expect(Number(first.headers['ratelimit-remaining']) - Number(second.headers['ratelimit-remaining'])).toBe(
      1,
    );
  });

  it('answers only the breakdowns asked for, with the filters applied to every part', async () => {
    const response = await get(`dashboard?${query}&by=country&by=device&country=FR&limit=1`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Dashboard;
    expect(Object.keys(body.breakdowns).sort()).toEqual(['country', 'device']);
    expect(body.summary).toMatchObject({ total: 2 });
    expect(body.breakdowns.country?.rows).toEqual([
      { key: 'FR', total: 2, unique: 2, bots: 0, ...noSales(0) },
    ]);
  });

  it('keeps the rest when the interval is too fine for the range, and says why', async () => {
    const response = await get('dashboard?range=all&interval=hour&timeZone=UTC');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Dashboard;
    expect(body.timeseries).toBeNull();
    expect(body.timeseriesProblem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(body.summary).toMatchObject({ total: 3 });
  });

  it("refuses bad input with field paths, and another account's code is a 404", async () => {
    const bad = await get(`dashboard?${query}&by=planet`);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { path: string }[] }).errors[0]?.path).toMatch(/^\/query\/by/);
    const zone = await get('dashboard?timeZone=Mars/Olympus');
    expect(zone.statusCode).toBe(400);
    const foreignCode = await get(`dashboard?${query}&qrcode=${foreign}`);
    expect(foreignCode.statusCode).toBe(404);
    expect((await get('dashboard', { headers: {} })).statusCode).toBe(401);
  });
});
