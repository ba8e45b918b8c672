import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { sampleScan } from '../helpers/scans.js';
import { type VerifyingReceiver, verifyingReceiver } from '../helpers/verifying-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

interface Conversion {
  id: string;
  scanId: string;
  amount: number | null;
  currency: string | null;
  customerHash: string | null;
  credit: { qrcode: string; rule: string | null; variant: number | null; device: string | null };
}

/**
 * Conversions (issue 47) end to end: a scan hands its target `rq_id`, the owner reports a sale
 * with it, and analytics, the CSV export, the experiment and the webhook show it; for redirect,
 * rule, split and exec codes, on each engine.
 */
describe.each(engines)('conversions on $name', (engine) => {
  let t: TestApp & { base: string };
  let receiver: VerifyingReceiver;
  let execServer: http.Server;
  let execUrl: string;
  let owner: SignedInUser;
  let reporter: { headers: Record<string, string> };

  beforeAll(async () => {
    receiver = await verifyingReceiver();
    // The exec endpoint answers every call with where to go.
    execServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: 'https://shop.example/exec-landing?from=exec' }));
    });
    await new Promise<void>((resolve) => execServer.listen(0, '127.0.0.1', resolve));
    execUrl = `http://127.0.0.1:${(execServer.address() as AddressInfo).port}/decide`;
    t = await listeningTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        SSRF_ALLOW: '127.0.0.1',
        WEBHOOK_POLL_MS: '50',
      },
    });
    owner = await signedInUser(t);
    reporter = await createApiKey(t, owner, ['conversions:write', 'conversions:read']);
    const settings = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/conversions/settings',
      headers: owner.headers,
      payload: { attribution: { enabled: true } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({ attribution: { enabled: true, parameter: 'rq_id' }, windowDays: 30 });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await new Promise((resolve) => execServer.close(resolve));
  });

  async function post(user: { headers: Record<string, string> }, url: string, payload: unknown) {
    return t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
  }

  async function get(user: { headers: Record<string, string> }, url: string) {
    return t.app.inject({ method: 'GET', url, headers: user.headers });
  }

  async function createCode(user: SignedInUser, body: Record<string, unknown>): Promise<string> {
    const created = await post(user, '/api/v1/qrcodes', body);
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { id: string }).id;
  }

  async function createRule(user: SignedInUser, body: Record<string, unknown>): Promise<string> {
    const created = await post(user, '/api/v1/rules', body);
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { id: string }).id;
  }

  /** Scans the short URL as a browser would and answers where it was sent. */
  async function scan(slug: string, userAgent = IPHONE): Promise<URL> {
    const response = await fetch(`${t.base}/r/${slug}`, {
      redirect: 'manual',
      headers: { 'user-agent': userAgent },
    });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') as string);
  }

  const scanIdOf = (target: URL, parameter = 'rq_id') => {
    const id = target.searchParams.get(parameter);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    return id as string;
  };

  it('hands a redirect code’s target rq_id; a sale reported with it is counted beside the scan, once', async () => {
    const code = await createCode(owner, {
      slug: `shop-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/p?x=1#top',
    });
    const target = await scan(`shop-${engine.name}`);
    expect(`${target.origin}${target.pathname}`).toBe('https://shop.example/p');
    expect(target.searchParams.get('x')).toBe('1');
    expect(target.hash).toBe('#top');
    const scanId = scanIdOf(target);

    const sale = {
      scanId,
      type: 'sale',
      amount: 1999,
      currency: 'eur',
      externalId: `order-${engine.name}`,
      customer: 'c-42',
    };
    const created = await post(reporter, '/api/v1/conversions', sale);
    expect(created.statusCode, created.body).toBe(201);
    const conversion = created.json() as Conversion;
    expect(conversion).toMatchObject({
      scanId,
      amount: 1999,
      currency: 'EUR',
      credit: { qrcode: code, rule: null, device: 'mobile' },
    });
    // The customer is kept only as a keyed hash.
    expect(conversion.customerHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.body).not.toContain('c-42');

    // The same externalId and fields: the stored conversion, 200, not counted again.
    const again = await post(reporter, '/api/v1/conversions', sale);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Conversion).id).toBe(conversion.id);
    // The same externalId with another amount: a conflict naming the field.
    const changed = await post(reporter, '/api/v1/conversions', { ...sale, amount: 2999 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'conflict', errors: [{ path: '/body/externalId' }] });

    const summary = await get(owner, `/api/v1/analytics/summary?range=24h&qrcode=${code}`);
    expect(summary.json()).toMatchObject({
      total: 1,
      conversions: 1,
      conversionRate: 1,
      revenue: { EUR: 1999 },
    });
    const byCode = await get(owner, '/api/v1/analytics/breakdown?range=24h&by=qrcode');
    const row = (
      byCode.json() as { rows: { key: string; conversions: number; revenue: object }[] }
    ).rows.find((r) => r.key === code);
    expect(row).toMatchObject({ conversions: 1, revenue: { EUR: 1999 } });
    const series = await get(owner, `/api/v1/analytics/timeseries?range=24h&interval=hour&qrcode=${code}`);
    const points = (series.json() as { points: { total: number; conversions: number }[] }).points;
    expect(points.reduce((sum, p) => sum + p.conversions, 0)).toBe(1);
    expect(points.find((p) => p.conversions === 1)?.total).toBe(1);

    // The CSV export: the scan's row carries its id, its conversion and the revenue.
    const csv = await get(owner, `/api/v1/analytics/export.csv?range=24h&qrcode=${code}`);
    const [header, line] = csv.body.trim().split(/\r?\n/);
    const columns = (header as string).split(',');
    const cells = (line as string).split(',');
    expect(cells[columns.indexOf('scanId')]).toBe(scanId);
    expect(cells[columns.indexOf('conversions')]).toBe('1');
    expect(cells[columns.indexOf('revenue')]).toBe('EUR 19.99');
    const breakdownCsv = await get(
      owner,
      `/api/v1/analytics/breakdown.csv?range=24h&by=country&qrcode=${code}`,
    );
    expect(breakdownCsv.body.split(/\r?\n/)[0]).toBe(
      'country,total,unique,bots,conversions,conversionRate,revenue EUR',
    );
    expect(breakdownCsv.body.split(/\r?\n/)[1]).toMatch(/,1,1,19\.99$/);
  });

  it('credits a rule’s scan to the rule, and an exec answer’s scan to its code', async () => {
    const rule = await createRule(owner, {
      name: 'iPhones to the app page',
      when: { os: ['ios'] },
      then: { redirect: 'https://shop.example/app' },
    });
    const ruled = await createCode(owner, {
      slug: `ruled-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
      rules: [rule],
    });
    const viaRule = await scan(`ruled-${engine.name}`);
    expect(viaRule.pathname).toBe('/app');
    const lead = await post(reporter, '/api/v1/conversions', { scanId: scanIdOf(viaRule), type: 'lead' });
    expect(lead.statusCode, lead.body).toBe(201);
    expect((lead.json() as Conversion).credit).toMatchObject({ qrcode: ruled, rule, variant: null });
    const byRule = await get(owner, `/api/v1/analytics/breakdown?range=24h&by=rule&qrcode=${ruled}`);
    expect((byRule.json() as { rows: object[] }).rows).toEqual([
      expect.objectContaining({ key: rule, total: 1, conversions: 1, conversionRate: 1, revenue: {} }),
    ]);

    const exec = await createCode(owner, {
      slug: `exec-${engine.name}`,
      mode: 'exec',
      exec: { url: execUrl, fallback: 'https://shop.example/fallback' },
    });
    const viaExec = await scan(`exec-${engine.name}`);
    expect(viaExec.pathname).toBe('/exec-landing');
    expect(viaExec.searchParams.get('from')).toBe('exec');
    const signup = await post(reporter, '/api/v1/conversions', { scanId: scanIdOf(viaExec), type: 'signup' });
    expect(signup.statusCode, signup.body).toBe(201);
    expect((signup.json() as Conversion).credit.qrcode).toBe(exec);
  });

  it('reads a split rule as an experiment, and "Keep the winner" sends everyone to it', async () => {
    const rule = await createRule(owner, {
      name: 'Two landing pages',
      then: {
        split: [
          { url: 'https://shop.example/a', weight: 50 },
          { url: 'https://shop.example/b', weight: 50 },
        ],
      },
    });
    await createCode(owner, {
      slug: `split-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
      rules: [rule],
    });
    // Scan until both variants were shown a few times (the split is random).
    const seen: { '/a': string[]; '/b': string[] } = { '/a': [], '/b': [] };
    await waitFor(async () => {
      const target = await scan(`split-${engine.name}`, seen['/a'].length % 2 === 0 ? IPHONE : DESKTOP);
      seen[target.pathname as '/a' | '/b']?.push(scanIdOf(target));
      return seen['/a'].length >= 3 && seen['/b'].length >= 3;
    }, 'scans of both variants');
    for (const scanId of seen['/b'] as string[]) {
      const sale = await post(reporter, '/api/v1/conversions', {
        scanId,
        type: 'sale',
        amount: 500,
        currency: 'USD',
      });
      expect(sale.statusCode, sale.body).toBe(201);
      expect((sale.json() as Conversion).credit).toMatchObject({ rule, variant: 1 });
    }
    const read = await get(owner, `/api/v1/rules/${rule}/experiment`);
    expect(read.statusCode, read.body).toBe(200);
    const experiment = read.json() as {
      counting: string;
      variants: {
        label: string;
        scans: number;
        conversions: number;
        rate: number;
        revenue: object;
        difference: object | null;
      }[];
      verdict: { kind: string; text: string };
    };
    expect(experiment.counting).toBe('scans');
    expect(experiment.variants.map((v) => [v.label, v.scans, v.conversions])).toEqual([
      ['A', seen['/a']?.length, 0],
      ['B', seen['/b']?.length, seen['/b']?.length],
    ]);
    expect(experiment.variants[1]?.rate).toBe(1);
    expect(experiment.variants[1]?.revenue).toEqual({ USD: 500 * (seen['/b']?.length ?? 0) });
    expect(experiment.variants[1]?.difference).toMatchObject({ estimate: 1 });
    // Too few conversions for the normal approximation: the verdict says so, in words.
    expect(experiment.verdict.kind).toBe('not_enough_data');
    expect(experiment.verdict.text).toMatch(/^not enough data yet/);
    const listed = await get(owner, '/api/v1/experiments');
    expect((listed.json() as { data: { rule: string }[] }).data.map((e) => e.rule)).toContain(rule);

    const kept = await post(owner, `/api/v1/rules/${rule}/experiment/keep-winner`, { variant: 1 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as { winnerKept: number }).winnerKept).toBe(1);
    const after = await get(owner, `/api/v1/rules/${rule}`);
    expect(
      (after.json() as { then: { split: { weight: number }[] } }).then.split.map((s) => s.weight),
    ).toEqual([0, 100]);
    for (let i = 0; i < 5; i++) expect((await scan(`split-${engine.name}`)).pathname).toBe('/b');
    const events = await get(owner, `/api/v1/events?type=experiment.winner_kept&resource=${rule}`);
    expect((events.json() as { data: { data: { variant: number } }[] }).data).toEqual([
      expect.objectContaining({
        type: 'experiment.winner_kept',
        data: expect.objectContaining({ variant: 1 }),
      }),
    ]);
    const notSplit = await createRule(owner, { name: 'plain', then: { redirect: 'https://shop.example/' } });
    expect((await get(owner, `/api/v1/rules/${notSplit}/experiment`)).statusCode).toBe(404);
  });

  it('refuses unknown, foreign and expired scan ids with a 422 that says which, and a foreign one as unknown', async () => {
    const unknown = await post(reporter, '/api/v1/conversions', { scanId: 'AAAAAAAAAAAAAAAA', type: 'lead' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'scan_unknown', errors: [{ path: '/body/scanId' }] });

    const stranger = await signedInUser(t);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/conversions/settings',
      headers: stranger.headers,
      payload: { attribution: { enabled: true } },
    });
    await createCode(stranger, {
      slug: `theirs-${engine.name}`,
      mode: 'redirect',
      target: 'https://other.example/',
    });
    const theirs = scanIdOf(await scan(`theirs-${engine.name}`));
    const foreign = await post(reporter, '/api/v1/conversions', { scanId: theirs, type: 'lead' });
    expect(foreign.statusCode).toBe(422);
    const { requestId: _a, ...foreignBody } = foreign.json() as Record<string, unknown>;
    const { requestId: _b, ...unknownBody } = unknown.json() as Record<string, unknown>;
    expect(foreignBody).toEqual(unknownBody);

    // A scan 40 days old: past the default 30-day window.
    const code = await createCode(owner, {
      slug: `old-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
    });
    const oldId = `old${engine.name}`.padEnd(16, 'x').slice(0, 16);
    await t.app.scans.record(
      sampleScan(code, owner.workspaceId, new Date(Date.now() - 40 * 86_400_000).toISOString(), {
        scanId: oldId,
      }),
    );
    const expired = await post(reporter, '/api/v1/conversions', { scanId: oldId, type: 'lead' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ code: 'scan_expired' });
    // A wider window takes it.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/conversions/settings',
      headers: owner.headers,
      payload: { windowDays: 60 },
    });
    expect((await post(reporter, '/api/v1/conversions', { scanId: oldId, type: 'lead' })).statusCode).toBe(
      201,
    );
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/conversions/settings',
      headers: owner.headers,
      payload: { windowDays: 30 },
    });

    // A sale needs its amount and a real currency.
    const target = await scan(`old-${engine.name}`);
    const bad = await post(reporter, '/api/v1/conversions', {
      scanId: scanIdOf(target),
      type: 'sale',
      currency: 'XYZ',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual([
      '/body/amount',
      '/body/currency',
    ]);
  });

  it('counts conversions of earlier days from the rollups as from the conversions themselves, in any time zone', async () => {
    const user = await signedInUser(t);
    const key = await createApiKey(t, user, ['conversions:write']);
    const code = await createCode(user, {
      slug: `days-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
    });
    const countries = ['DE', 'FR', 'DE', 'US', 'DE', 'FR'];
    for (const [i, country] of countries.entries()) {
      // Six scans a day and a half apart, around midnights (UTC and Berlin), each bought once.
      const at = new Date(Date.now() - (i * 36 + 13) * 3_600_000).toISOString();
      const scanId = `days${engine.name}${i}`.padEnd(16, 'x').slice(0, 16);
      await t.app.scans.record(
        sampleScan(code, user.workspaceId, at, { scanId, country, visitorHash: `v${i}` }),
      );
      const sale = await post(key, '/api/v1/conversions', {
        scanId,
        type: 'sale',
        amount: 100 * (i + 1),
        currency: 'EUR',
      });
      expect(sale.statusCode, sale.body).toBe(201);
    }
    for (const timeZone of ['UTC', 'Europe/Berlin', 'America/New_York']) {
      for (const filter of ['', `&qrcode=${code}`, '&device=mobile']) {
        const answer = await get(
          user,
          `/api/v1/analytics/breakdown?range=30d&by=country&timeZone=${timeZone}${filter}`,
        );
        const rows = (
          answer.json() as {
            rows: { key: string; total: number; conversions: number; revenue: { EUR: number } }[];
          }
        ).rows;
        expect(
          rows.map((r) => [r.key, r.total, r.conversions, r.revenue.EUR]),
          `${timeZone} ${filter}`,
        ).toEqual([
          ['DE', 3, 3, 100 + 300 + 500],
          ['FR', 2, 2, 200 + 600],
          ['US', 1, 1, 400],
        ]);
      }
      const series = await get(
        user,
        `/api/v1/analytics/timeseries?range=30d&interval=day&timeZone=${timeZone}`,
      );
      const points = (series.json() as { points: { total: number; conversions: number }[] }).points;
      expect(points.reduce((sum, p) => sum + p.conversions, 0)).toBe(6);
      for (const point of points) expect(point.conversions).toBe(point.total);
      // The summary: whole days from the daily rows of one column (or of the filter's column),
      // the partial days at the edges from the conversions; two filters read the conversions.
      for (const [filter, conversions, revenue] of [
        ['', 6, 2100],
        [`&qrcode=${code}`, 6, 2100],
        ['&device=mobile', 6, 2100],
        ['&country=DE', 3, 900],
        ['&country=DE&country=US', 4, 1300],
        ['&country=FR&device=mobile', 2, 800],
        ['&device=desktop', 0, 0],
      ] as const) {
        const summary = await get(user, `/api/v1/analytics/summary?range=30d&timeZone=${timeZone}${filter}`);
        expect(summary.json(), `${timeZone} ${filter}`).toMatchObject({
          total: conversions,
          conversions,
          revenue: conversions > 0 ? { EUR: revenue } : {},
        });
      }
    }
  });

  it('counts a range’s last partial day from the daily rows only when no scan of that day comes after it', async () => {
    const user = await signedInUser(t);
    const key = await createApiKey(t, user, ['conversions:write']);
    const code = await createCode(user, {
      slug: `last-day-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
    });
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 3 * 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    // A sale at 06:00 and one at 18:00 (UTC) of one day, each from its own country.
    for (const [i, [hour, country]] of (
      [
        [6, 'DE'],
        [18, 'FR'],
      ] as const
    ).entries()) {
      const scanId = `lastday${engine.name}${i}`.padEnd(16, 'x').slice(0, 16);
      await t.app.scans.record(
        sampleScan(code, user.workspaceId, iso(day + hour * 3_600_000), {
          scanId,
          country,
          visitorHash: `d${i}`,
        }),
      );
      const sale = await post(key, '/api/v1/conversions', {
        scanId,
        type: 'sale',
        amount: 100,
        currency: 'EUR',
      });
      expect(sale.statusCode, sale.body).toBe(201);
    }
    const rows = async (toHour: number) => {
      const range = `from=${iso(day - 10 * 86_400_000)}&to=${iso(day + toHour * 3_600_000)}`;
      const answer = await get(user, `/api/v1/analytics/breakdown?${range}&by=country`);
      return (answer.json() as { rows: { key: string; total: number; conversions: number }[] }).rows.map(
        (r) => [r.key, r.total, r.conversions],
      );
    };
    const summary = async (toHour: number) => {
      const range = `from=${iso(day - 10 * 86_400_000)}&to=${iso(day + toHour * 3_600_000)}`;
      const answer = await get(user, `/api/v1/analytics/summary?${range}`);
      const { total, conversions } = answer.json() as { total: number; conversions: number };
      return [total, conversions];
    };
    // Ending at noon: the 18:00 scan and its sale are after the range.
    expect(await rows(12)).toEqual([['DE', 1, 1]]);
    expect(await summary(12)).toEqual([1, 1]);
    // Ending at 20:00: nothing of the day comes later, so the whole day counts.
    expect(await rows(20)).toEqual([
      ['DE', 1, 1],
      ['FR', 1, 1],
    ]);
    expect(await summary(20)).toEqual([2, 2]);
  });

  it('takes a code’s own attribution setting over the workspace default', async () => {
    await createCode(owner, {
      slug: `off-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
      attribution: { enabled: false },
    });
    expect((await scan(`off-${engine.name}`)).search).toBe('');
    const code = await createCode(owner, {
      slug: `ref-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/?ref=printed',
      attribution: { parameter: 'ref' },
    });
    const target = await scan(`ref-${engine.name}`);
    // The target's own value under that name gives way to the scan id.
    scanIdOf(target, 'ref');
    const read = await get(owner, `/api/v1/qrcodes/${code}`);
    expect((read.json() as { attribution: object }).attribution).toEqual({ enabled: true, parameter: 'ref' });
    // A link control's target gets it too: an expired code sends its scanners on with their id.
    await createCode(owner, {
      slug: `ended-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
      expiresAt: '2020-01-01T00:00:00Z',
      expiredTarget: 'https://shop.example/over',
    });
    const over = await scan(`ended-${engine.name}`);
    expect(over.pathname).toBe('/over');
    scanIdOf(over);
    // The workspace's setting changes are audit events.
    const events = await get(owner, '/api/v1/events?type=conversion_settings.updated');
    const changes = (events.json() as { data: { data: { changes: Record<string, unknown> } }[] }).data;
    expect(changes.at(-1)?.data.changes).toEqual({ 'attribution.enabled': [false, true] });
  });

  it('stores back-office uploads as CSV or JSON, with a dry run and per-row problems', async () => {
    await createCode(owner, {
      slug: `bulk-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
    });
    const ids = [await scan(`bulk-${engine.name}`), await scan(`bulk-${engine.name}`)].map((u) =>
      scanIdOf(u),
    );
    const csv = [
      'scanId,type,amount,currency,externalId',
      `${ids[0]},sale,1000,EUR,bulk-1-${engine.name}`,
      'nope,lead,,,',
      `${ids[1]},sale,abc,EUR,bulk-2-${engine.name}`,
    ].join('\n');
    const dry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions/bulk?dryRun=true',
      headers: { ...reporter.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, rows: 3, created: 1, existing: 0 });
    const errors = (
      dry.json() as { errors: { row: number; problem: { code: string; errors: { path: string }[] } }[] }
    ).errors;
    expect(errors.map((e) => [e.row, e.problem.code, e.problem.errors[0]?.path])).toEqual([
      [1, 'scan_unknown', '/items/1/scanId'],
      [2, 'validation_failed', '/items/2/amount'],
    ]);
    const listedBefore = await get(reporter, `/api/v1/conversions?limit=100`);
    const before = (listedBefore.json() as { data: unknown[] }).data.length;

    const stored = await post(reporter, '/api/v1/conversions/bulk', {
      items: [
        { scanId: ids[0], type: 'sale', amount: 1000, currency: 'EUR', externalId: `bulk-1-${engine.name}` },
        { scanId: ids[1], type: 'lead', externalId: `bulk-3-${engine.name}` },
      ],
    });
    expect(stored.json()).toMatchObject({ dryRun: false, rows: 2, created: 2, existing: 0, errors: [] });
    const again = await post(reporter, '/api/v1/conversions/bulk', {
      items: [
        { scanId: ids[0], type: 'sale', amount: 1000, currency: 'EUR', externalId: `bulk-1-${engine.name}` },
      ],
    });
    expect(again.json()).toMatchObject({ created: 0, existing: 1 });
    const listedAfter = await get(reporter, `/api/v1/conversions?limit=100`);
    expect((listedAfter.json() as { data: unknown[] }).data.length).toBe(before + 2);
  });

  it('sends each conversion to the live stream as an event `conversion`', async () => {
    await createCode(owner, {
      slug: `live-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
    });
    const scanId = scanIdOf(await scan(`live-${engine.name}`));
    const abort = new AbortController();
    const deadline = setTimeout(() => abort.abort(), 15_000);
    try {
      const response = await fetch(`${t.base}/api/v1/analytics/stream`, {
        headers: owner.headers,
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      // Report once the stream is open (its first comment), so the event cannot be missed.
      while (!text.includes(': connected'))
        text += decoder.decode((await reader.read()).value, { stream: true });
      const created = await post(reporter, '/api/v1/conversions', {
        scanId,
        type: 'lead',
        externalId: `live-${engine.name}`,
      });
      expect(created.statusCode, created.body).toBe(201);
      while (!/event: conversion\ndata: .*\n\n/.test(text))
        text += decoder.decode((await reader.read()).value, { stream: true });
      const data = JSON.parse(/event: conversion\ndata: (.*)\n/.exec(text)?.[1] as string);
      expect(data).toMatchObject({ id: (created.json() as Conversion).id, scanId, type: 'lead' });
    } finally {
      clearTimeout(deadline);
      abort.abort();
    }
  });

  it('delivers conversion.created to a subscribed endpoint, signed (verified with standardwebhooks)', async () => {
    const user = await signedInUser(t);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/conversions/settings',
      headers: user.headers,
      payload: { attribution: { enabled: true } },
    });
    const hook = await post(user, '/api/v1/webhooks', {
      url: receiver.url,
      description: 'sales',
      events: ['conversion.created'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    receiver.secret = (hook.json() as { secret: string }).secret;
    await createCode(user, {
      slug: `hooked-${engine.name}`,
      mode: 'redirect',
      target: 'https://shop.example/',
    });
    const scanId = scanIdOf(await scan(`hooked-${engine.name}`));
    const created = await post(user, '/api/v1/conversions', {
      scanId,
      type: 'sale',
      amount: 1,
      currency: 'JPY',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Conversion).id;
    const call = await waitFor(
      () => receiver.calls.find((c) => c.type === 'conversion.created' && c.id === id),
      'the conversion.created delivery',
    );
    expect(call.verified).toBe(true);
    expect(call.data).toMatchObject({ id, scanId, amount: 1, currency: 'JPY' });
  });
});
