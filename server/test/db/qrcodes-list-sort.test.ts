import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/modules/plans/plans.js';
import { signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { sampleScan } from '../helpers/scans.js';

interface Code {
  id: string;
  slug: string;
  title: string | null;
  enabled: boolean;
  scans: { total: number };
}

/**
 * The code list's sorts, the `enabled` filter and the count: every sort pages through all codes
 * once, in order, with ties (equal titles and scan counts) split by id, and the count agrees.
 */
describe.each(engines)('sorting and counting codes on $name', (engine) => {
  let t: TestApp;
  let token: string;
  let workspace: string;
  const codes: Code[] = [];

  const get = async (url: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  /** Every code of a sorted (and filtered) list, `limit` a page, following the cursors. */
  const all = async (query: string, limit = 4): Promise<Code[]> => {
    const seen: Code[] = [];
    let cursor: string | null = null;
    do {
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await get(`/api/v1/qrcodes?${query}&limit=${limit}${after}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      seen.push(...(page.body.data as Code[]));
      cursor = page.body.nextCursor as string | null;
    } while (cursor);
    return seen;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        API_RATE_LIMIT: String(PLANS.mega.apiRequestsPerMinute),
      },
    });
    token = (await signedInUser(t)).idToken;
    // Eleven codes: titles repeat (three "b"), one has none; every third is off.
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/qrcodes',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          mode: 'redirect',
          target: `https://example.com/${i}`,
          slug: `sort-${String((i * 7) % 11).padStart(2, '0')}`,
          ...(i === 5 ? {} : { title: ['b', 'A', 'c', 'b', 'd'][i % 5] }),
          enabled: i % 3 !== 0,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      codes.push(response.json() as Code);
    }
    workspace = ((await get('/api/v1/workspaces')).body.data as Array<{ id: string }>)[0]?.id as string;
    // Scans: code i gets i % 4 counted scans (ties), plus a bot scan that does not count.
    for (const [i, code] of codes.entries()) {
      for (let n = 0; n < i % 4; n++) {
        await t.app.scans.record(
          sampleScan(code.id, workspace, new Date(Date.now() - n * 1000).toISOString()),
        );
      }
      await t.app.scans.record(sampleScan(code.id, workspace, new Date().toISOString(), { bot: true }));
    }
    await t.app.scans.settled();
  });
  afterAll(async () => {
    await t?.close();
  });

  const byIdAsc = (a: Code, b: Code) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const ordered = (key: (code: Code) => string | number, descending: boolean) =>
    [...codes].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const byKey = x < y ? -1 : x > y ? 1 : byIdAsc(a, b);
      return descending ? -byKey : byKey;
    });
  const ids = (list: Code[]) => list.map((code) => code.id);

  it('pages through every sort in order, each code once, ties split by id', async () => {
    const keys: Record<string, (code: Code) => string | number> = {
      slug: (code) => code.slug,
      title: (code) => (code.title ?? '').toLowerCase(),
      scans: (code) => codes.indexOf(code) % 4,
      createdAt: (code) => code.id,
    };
    for (const [field, key] of Object.entries(keys)) {
      expect(ids(await all(`sort=${field}`)), field).toEqual(ids(ordered(key, false)));
      expect(ids(await all(`sort=-${field}`)), `-${field}`).toEqual(ids(ordered(key, true)));
    }
    const byScans = await all('sort=-scans', 100);
    expect(byScans.map((code) => code.scans.total)).toEqual([3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0]);
  });

  it('sorts by the time of the last change', async () => {
    const touched = codes[4] as Code;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/qrcodes/${touched.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'touched' },
    });
    expect(response.statusCode).toBe(200);
    const newest = await all('sort=-updatedAt', 3);
    expect(newest[0]?.id).toBe(touched.id);
    expect(new Set(ids(newest)).size).toBe(codes.length);
    expect((await all('sort=updatedAt', 5)).at(-1)?.id).toBe(touched.id);
  });

  it('filters by enabled and counts with the same filters', async () => {
    const off = codes.filter((code) => !code.enabled);
    expect(ids(await all('enabled=false&sort=createdAt'))).toEqual(ids(off));
    expect((await get('/api/v1/qrcodes/count?enabled=false')).body).toEqual({ total: off.length });
    expect((await get('/api/v1/qrcodes/count?enabled=true')).body).toEqual({
      total: codes.length - off.length,
    });
    expect((await get('/api/v1/qrcodes/count')).body).toEqual({ total: codes.length });
    const b = codes.filter((code) => code.title === 'b' && code.enabled);
    expect((await get('/api/v1/qrcodes/count?q=b&enabled=true')).body).toEqual({ total: b.length });
    expect(ids(await all('q=b&enabled=true&sort=-slug', 1))).toEqual(
      ids(b.sort((x, y) => (x.slug < y.slug ? 1 : -1))),
    );
  });

  it('refuses a cursor of another sort and an unknown sort as 400 problems naming the field', async () => {
    const page = await get('/api/v1/qrcodes?sort=slug&limit=2');
    const cursor = encodeURIComponent(page.body.nextCursor as string);
    const other = await get(`/api/v1/qrcodes?sort=-slug&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([{ path: '/query/cursor', message: expect.any(String) }]);
    const unsorted = await get(`/api/v1/qrcodes?cursor=${cursor}`);
    expect(unsorted.status).toBe(400);
    const unknown = await get('/api/v1/qrcodes?sort=target');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.errors)).toContain('/query/sort');
  });
});
