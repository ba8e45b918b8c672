import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scan } from '../../src/modules/scans/scan.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { sampleScan } from '../helpers/scans.js';

/** The conversion fields of scans that sold nothing (rate 0 with scans, null without). */
const noSales = (conversionRate: number | null) => ({ conversions: 0, conversionRate, revenue: {} });

type Json = Record<string, unknown>;
interface Point {
  t: string;
  total: number;
  unique: number;
  bots: number;
}
/** An analytics answer or a problem, read loosely by the assertions. */
interface Body {
  [field: string]: unknown;
  points: Point[];
  rows: (Omit<Point, 't'> & { key: string | null })[];
  total: number;
  errors?: { path: string }[];
}

describe.each(engines)('analytics API on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  let other: SignedInUser;
  let menu: string;
  let flyer: string;
  let foreign: string;

  const api = async (url: string, who: { headers: Record<string, string> } = user) =>
    t.app.inject({ method: 'GET', url: `/api/v1/analytics/${url}`, headers: who.headers });
  const ok = async (url: string): Promise<Body> => {
    const response = await api(url);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const record = (at: string, overrides: Partial<Scan> = {}) =>
    t.app.scans.record(sampleScan(menu, user.workspaceId, at, overrides));

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
    other = await signedInUser(t);
    const create = async (who: SignedInUser, payload: Json) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/qrcodes',
        headers: who.headers,
        payload,
      });
      expect(response.statusCode).toBe(201);
      return (response.json() as { id: string }).id;
    };
    menu = await create(user, {
      mode: 'redirect',
      target: 'https://example.com/menu',
      tags: ['print'],
      slug: 'spring-menu',
      title: 'Spring menu',
    });
    flyer = await create(user, { mode: 'redirect', target: 'https://example.com/flyer' });
    foreign = await create(other, { mode: 'redirect', target: 'https://example.com/other' });

    // Berlin's spring day (23 hours) and autumn day (25 hours).
    await record('2026-03-28T23:30:00Z'); // Berlin 29 March 00:30 (+01:00)
    await record('2026-03-29T21:30:00Z', { country: 'FR' }); // 29 March 23:30 (+02:00)
    await record('2026-03-29T22:30:00Z', { codeId: flyer }); // 30 March 00:30
    await record('2026-10-25T00:30:00Z', { device: 'desktop', os: 'windows', browser: 'chrome' }); // 02:30 CEST
    await record('2026-10-25T01:30:00Z', { device: 'desktop', os: 'windows', browser: 'chrome' }); // 02:30 CET
    await record('2026-10-25T01:40:00Z', { bot: true, visitorHash: 'crawler' });
    // New York's autumn day, and the same visitor twice in one UTC day.
    await record('2026-11-01T05:30:00Z', { country: 'US', visitorHash: 'ny' }); // 01:30 EDT
    await record('2026-11-01T06:30:00Z', { country: 'US', visitorHash: 'ny' }); // 01:30 EST
    // Kolkata: 18:20Z is 23:50 on 1 June there, 18:40Z is 00:10 on 2 June.
    await record('2026-06-01T18:20:00Z', { country: 'IN', codeId: flyer, visitorHash: 'kol' });
    await record('2026-06-01T18:40:00Z', { country: 'IN', codeId: flyer, visitorHash: 'kol' });
    // Another account's scan on the same days must never show.
    await record('2026-03-29T10:00:00Z', { codeId: foreign, accountId: other.workspaceId });
  });
  afterAll(() => t.close());

  it('buckets days in Europe/Berlin across both DST changes, empty days as zeros', async () => {
    const spring = await ok('timeseries?from=2026-03-28&to=2026-03-31&timeZone=Europe/Berlin&interval=day');
    expect(spring).toMatchObject({
      interval: 'day',
      timeZone: 'Europe/Berlin',
      from: '2026-03-28T00:00:00+01:00',
    });
    expect(spring.points).toEqual([
      { t: '2026-03-28T00:00:00+01:00', total: 0, unique: 0, bots: 0, ...noSales(null) },
      { t: '2026-03-29T00:00:00+01:00', total: 2, unique: 2, bots: 0, ...noSales(0) },
      { t: '2026-03-30T00:00:00+02:00', total: 1, unique: 1, bots: 0, ...noSales(0) },
    ]);
    const springHours = await ok(
      'timeseries?from=2026-03-29&to=2026-03-30&timeZone=Europe/Berlin&interval=hour',
    );
    expect(springHours.points).toHaveLength(23);
    const autumnHours = await ok(
      'timeseries?from=2026-10-25&to=2026-10-26&timeZone=Europe/Berlin&interval=hour',
    );
    expect(autumnHours.points).toHaveLength(25);
    // 02:30 happened twice: once in each of the two 02:00 hours.
    expect(autumnHours.points.slice(2, 4)).toEqual([
      { t: '2026-10-25T02:00:00+02:00', total: 1, unique: 1, bots: 0, ...noSales(0) },
      { t: '2026-10-25T02:00:00+01:00', total: 1, unique: 1, bots: 1, ...noSales(0) },
    ]);
  });

  it('buckets days in America/New_York and Asia/Kolkata', async () => {
    const ny = await ok('timeseries?from=2026-11-01&to=2026-11-02&timeZone=America/New_York&interval=hour');
    expect(ny.points).toHaveLength(25);
    expect(ny.points.filter((p) => p.total > 0).map((p) => p.t)).toEqual([
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
    ]);
    const nyDay = await ok('summary?from=2026-11-01&to=2026-11-02&timeZone=America/New_York');
    // One visitor on one UTC day: unique once.
    expect(nyDay).toMatchObject({ total: 2, unique: 1, bots: 0 });
    const kolkata = await ok('timeseries?from=2026-06-01&to=2026-06-03&timeZone=Asia/Kolkata&interval=day');
    // One visitor, one UTC day: unique where their first scan of that day fell (the ADR's definition).
    expect(kolkata.points).toEqual([
      { t: '2026-06-01T00:00:00+05:30', total: 1, unique: 1, bots: 0, ...noSales(0) },
      { t: '2026-06-02T00:00:00+05:30', total: 1, unique: 0, bots: 0, ...noSales(0) },
    ]);
    // The zone is echoed as sent, though ICU's canonical name for it is Asia/Calcutta.
    expect(kolkata.timeZone).toBe('Asia/Kolkata');
    const utc = await ok('timeseries?from=2026-06-01&to=2026-06-03&interval=day');
    expect(utc.points.map((p) => p.total)).toEqual([2, 0]);
  });

  it('counts weeks from Monday and months in the zone', async () => {
    const weeks = await ok('timeseries?from=2026-03-23&to=2026-04-06&timeZone=Europe/Berlin&interval=week');
    expect(weeks.points.map((p) => [p.t, p.total])).toEqual([
      ['2026-03-23T00:00:00+01:00', 2],
      ['2026-03-30T00:00:00+02:00', 1],
    ]);
    const months = await ok('timeseries?from=2026-01-01&to=2027-01-01&timeZone=Europe/Berlin&interval=month');
    expect(months.points).toHaveLength(12);
    expect(months.points.map((p) => p.total)).toEqual([0, 0, 3, 0, 0, 2, 0, 0, 0, 2, 2, 0]);
  });

  it('splits out bots, and counts them with bots=true', async () => {
    const day = 'from=2026-10-25&to=2026-10-26&timeZone=Europe/Berlin';
    expect(await ok(`summary?${day}`)).toMatchObject({ total: 2, unique: 2, bots: 1 });
    expect(await ok(`summary?${day}&bots=true`)).toMatchObject({ total: 3, unique: 2, bots: 1 });
  });

  it('breaks down by every dimension, the same from daily rows as from the quarter-hour facts', async () => {
    const year = 'from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z';
    const countries = await ok(`breakdown?${year}&by=country`);
    expect(countries.rows).toEqual([
      { key: 'DE', total: 4, unique: 4, bots: 1, ...noSales(0) },
      { key: 'IN', total: 2, unique: 1, bots: 0, ...noSales(0) },
      { key: 'US', total: 2, unique: 1, bots: 0, ...noSales(0) },
      { key: 'FR', total: 1, unique: 1, bots: 0, ...noSales(0) },
    ]);
    // A filter that keeps every scan reads the facts instead: the same rows.
    expect((await ok(`breakdown?${year}&by=country&hostname=localhost`)).rows).toEqual(countries.rows);
    // Partial days at both ends (from the facts) and whole days between (from the daily rows).
    const edges = await ok('breakdown?from=2026-03-28T23:00:00Z&to=2026-11-01T06:00:00Z&by=country');
    expect(edges.rows.map((r) => [r.key, r.total])).toEqual([
      ['DE', 4],
      ['IN', 2],
      ['FR', 1],
      ['US', 1],
    ]);
    const codes = await ok(`breakdown?${year}&by=qrcode`);
    expect(codes.rows.map((r) => [r.key, r.total])).toEqual([
      [menu, 6],
      [flyer, 3],
    ]);
    const rules = await ok(`breakdown?${year}&by=rule`);
    expect(rules.rows).toEqual([{ key: null, total: 9, unique: 7, bots: 1, ...noSales(0) }]);
    expect((await ok(`breakdown?${year}&by=country&limit=1`)).rows).toHaveLength(1);
  });

  it('combines filters: code, tag, country, device, os, browser', async () => {
    const year = 'from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z';
    expect(await ok(`summary?${year}&qrcode=${flyer}`)).toMatchObject({ total: 3, unique: 2 });
    expect(await ok(`summary?${year}&tag=print`)).toMatchObject({ total: 6 });
    expect(await ok(`summary?${year}&tag=print&qrcode=${flyer}`)).toMatchObject({ total: 0 });
    expect(await ok(`summary?${year}&country=de,fr&device=mobile`)).toMatchObject({ total: 3 });
    expect(await ok(`summary?${year}&country=DE&os=windows&browser=chrome`)).toMatchObject({ total: 2 });
    expect(await ok(`summary?${year}&country=DE&country=US&qrcode=${menu}`)).toMatchObject({ total: 5 });
    const series = await ok(`timeseries?${year}&interval=month&country=IN`);
    expect(series.points.map((p) => p.total)).toEqual([0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0]);
    expect(await ok(`summary?${year}&tag=nothing-has-this`)).toMatchObject({ total: 0, unique: 0 });
  });

  it('compares with the previous period of the same length', async () => {
    const summary = await ok('summary?from=2026-03-29T00:00:00Z&to=2026-03-30T00:00:00Z');
    expect(summary.previous).toEqual({
      from: '2026-03-28T00:00:00Z',
      to: '2026-03-29T00:00:00Z',
      total: 1,
      unique: 1,
      bots: 0,
      ...noSales(0),
    });
  });

  it('answers presets ending now', async () => {
    for (const range of ['24h', '7d', '30d', '90d', 'mtd', 'ytd', 'all']) {
      const summary = await ok(`summary?range=${range}&timeZone=Asia/Kolkata`);
      expect(Date.parse(String(summary.to))).toBeGreaterThanOrEqual(Date.now() - 15 * 60_000);
    }
    expect((await ok('summary?range=all')).total).toBe(9);
    const week = await ok('timeseries?range=7d&timeZone=Europe/Berlin');
    expect(week.points).toHaveLength(7);
  });

  it('refuses bad input with problem+json naming the field', async () => {
    const cases: [string, number, string][] = [
      ['summary?timeZone=Mars/Base', 400, '/query/timeZone'],
      ['summary?from=2026-03-02&to=2026-03-01', 400, '/query/from'],
      ['summary?from=yesterday', 400, '/query/from'],
      ['summary?range=7d&from=2026-03-01', 400, '/query/range'],
      ['summary?range=2w', 400, '/query/range'],
      ['timeseries?from=2026-01-01&to=2026-03-01&interval=hour', 400, '/query/interval'],
      ['timeseries?interval=minute', 400, '/query/interval'],
      ['breakdown?by=planet', 400, '/query/by'],
      ['breakdown', 400, '/query/by'],
      ['summary?bots=maybe', 400, '/query/bots'],
    ];
    for (const [url, status, path] of cases) {
      const response = await api(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toContain('application/problem+json');
      expect(
        (response.json() as Body).errors?.map((e) => e.path),
        url,
      ).toContain(path);
    }
    // Filter values no scan carries, as the rules refuse them (another account: its own rate limit).
    const unknownValues: [string, string][] = [
      ['summary?country=xx', '/query/country'],
      ['summary?device=phone', '/query/device'],
      ['summary?os=beos', '/query/os'],
      ['breakdown?by=os&browser=netscape', '/query/browser'],
      ['export.csv?device=mobile,phone', '/query/device'],
    ];
    for (const [url, path] of unknownValues) {
      const response = await api(url, other);
      expect(response.statusCode, url).toBe(400);
      expect(
        (response.json() as Body).errors?.map((e) => e.path),
        url,
      ).toEqual([path]);
    }
    const phone = (await api('summary?device=phone', other)).json() as { errors: { message: string }[] };
    expect(phone.errors[0]?.message).toBe('must be one of mobile, tablet, desktop; not "phone"');
    const unknown = await api(`summary?qrcode=${foreign}`);
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as Json).code).toBe('not_found');
  });

  it('exports every scan of the range as CSV, without addresses, filtered like the rest', async () => {
    const response = await api('export.csv?from=2026-03-01&to=2026-04-01&timeZone=Europe/Berlin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="scans-2026-03-01-2026-03-31.csv"',
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'time,qrcode,slug,title,hostname,rule,ruleName,target,country,region,device,os,browser,language,referrer,bot,visitor,scanId,variant,gs1LinkType,gs1Key,gs1Level,conversions,revenue',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4))).toEqual([
      ['2026-03-29T00:30:00.000+01:00', menu, 'spring-menu', 'Spring menu'],
      ['2026-03-29T23:30:00.000+02:00', menu, 'spring-menu', 'Spring menu'],
      ['2026-03-30T00:30:00.000+02:00', flyer, expect.any(String), ''],
    ]);
    expect(response.body).not.toMatch(/\d+\.\d+\.\d+\.\d+/); // no address anywhere
    const french = await api('export.csv?from=2026-01-01&to=2027-01-01&country=FR');
    expect(french.body.trimEnd().split('\r\n')).toHaveLength(2);
    const withBots = await api('export.csv?from=2026-10-25T00:00:00Z&to=2026-10-26T00:00:00Z&bots=true');
    expect(
      withBots.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[15]),
    ).toEqual(['false', 'false', 'true']);
    expect((await api('export.csv?timeZone=Nowhere/Land')).statusCode).toBe(400);
    expect((await api(`export.csv?qrcode=${foreign}`)).statusCode).toBe(404);
  });

  it('names codes and rules beside their ids, and the file after its code and dates', async () => {
    // An account of its own: its scans change no other test's counts, and it has its own rate limit.
    const owner = await signedInUser(t);
    const post = (url: string, payload: Json) =>
      t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: owner.headers, payload });
    const rule = (
      await post('rules', {
        name: 'iPhones to the App Store',
        when: { os: ['ios'] },
        then: { redirect: 'https://apps.example/' },
      })
    ).json() as { id: string };
    const code = (
      await post('qrcodes', {
        mode: 'redirect',
        target: 'https://example.com/menu',
        slug: 'spring-menu-2',
        title: 'Spring menu',
      })
    ).json() as { id: string };
    await record('2026-11-10T12:00:00Z', { codeId: code.id, accountId: owner.workspaceId, ruleId: rule.id });
    const response = await api(`export.csv?from=2026-11-01&to=2026-12-01&qrcode=${code.id}`, owner);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="scans-spring-menu-2-2026-11-01-2026-11-30.csv"',
    );
    const [header, line] = response.body.trimEnd().split('\r\n');
    const row = Object.fromEntries((header ?? '').split(',').map((name, i) => [name, line?.split(',')[i]]));
    expect(row).toMatchObject({
      qrcode: code.id,
      slug: 'spring-menu-2',
      title: 'Spring menu',
      rule: rule.id,
      ruleName: 'iPhones to the App Store',
    });
    const byCode = await api('breakdown.csv?from=2026-11-01&to=2026-12-01&by=qrcode', owner);
    expect(byCode.body).toBe(
      `qrcode,slug,title,total,unique,bots,conversions,conversionRate\r\n${code.id},spring-menu-2,Spring menu,1,1,0,0,0\r\n`,
    );
    const byRule = await api('breakdown.csv?from=2026-11-01&to=2026-12-01&by=rule', owner);
    expect(byRule.body).toBe(
      `rule,ruleName,total,unique,bots,conversions,conversionRate\r\n${rule.id},iPhones to the App Store,1,1,0,0,0\r\n`,
    );
  });

  it('answers a breakdown and a time series as CSV', async () => {
    const breakdown = await api('breakdown.csv?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&by=country');
    expect(breakdown.statusCode).toBe(200);
    expect(breakdown.body).toBe(
      'country,total,unique,bots,conversions,conversionRate\r\nDE,4,4,1,0,0\r\nIN,2,1,0,0,0\r\nUS,2,1,0,0,0\r\nFR,1,1,0,0,0\r\n',
    );
    expect(breakdown.headers['content-disposition']).toBe(
      'attachment; filename="breakdown-by-country-2026-01-01-2026-12-31.csv"',
    );
    const series = await api('timeseries.csv?from=2026-03-28&to=2026-03-31&timeZone=Europe/Berlin');
    expect(series.headers['content-disposition']).toBe(
      'attachment; filename="timeseries-by-day-2026-03-28-2026-03-30.csv"',
    );
    expect(series.body).toBe(
      't,total,unique,bots,conversions,conversionRate\r\n2026-03-28T00:00:00+01:00,0,0,0,0,\r\n2026-03-29T00:00:00+01:00,2,2,0,0,0\r\n2026-03-30T00:00:00+02:00,1,1,0,0,0\r\n',
    );
  });

  it('is governed by the analytics:read scope, and shows nothing of another account', async () => {
    const reader = await createApiKey(t, user, ['analytics:read']);
    const writer = await createApiKey(t, user, ['qrcodes:read']);
    expect((await api('summary?range=all', reader)).statusCode).toBe(200);
    expect((await api('summary?range=all', writer)).statusCode).toBe(403);
    expect((await api('summary?range=all', { headers: {} })).statusCode).toBe(401);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/summary?range=all',
      headers: other.headers,
    });
    expect(theirs.json()).toMatchObject({ total: 1 });
  });

  it('shows each code its totals and today’s unique visitors on GET /qrcodes/{id}, from the rollups', async () => {
    const now = new Date().toISOString();
    await record(now, { visitorHash: 'today-1' });
    await record(now, { visitorHash: 'today-1' });
    await record(now, { visitorHash: 'today-2' });
    await record(now, { visitorHash: 'today-bot', bot: true });
    const code = await t.app.inject({ method: 'GET', url: `/api/v1/qrcodes/${menu}`, headers: user.headers });
    expect(code.json()).toMatchObject({ scans: { total: 9, uniqueToday: 2, lastAt: expect.any(String) } });
    expect((await ok('summary?range=24h')).unique).toBe(2);
  });
});
