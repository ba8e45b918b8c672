import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/** POST /qrcodes/bulk, bulk-update and bulk-delete on every storage engine. */

interface Result {
  index: number;
  id?: string;
  status: number;
  qrcode?: { id: string; slug: string; title: string | null; tags: string[]; enabled: boolean };
  problem?: { code: string; errors?: Array<{ path: string }> };
}

// API keys get 5 requests a minute here: their items budget is then one full call (1,000 items).
const KEY_RATE = 5;
const CODES_LIMIT = 60;

describe.each(engines)('bulk on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        API_RATE_LIMIT: String(KEY_RATE),
        CODES_LIMIT: String(CODES_LIMIT),
      },
    });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = user.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const results = (response: { json(): unknown }) => (response.json() as { data: Result[] }).data;
  const codeCount = async (headers = user.headers) => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/qrcodes?limit=100', headers });
    return (list.json() as { data: unknown[] }).data.length;
  };
  const eventsOf = async (type: string, headers = user.headers) => {
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/events?type=${type}&limit=100`, headers });
    return (list.json() as { data: Array<{ resource: { id: string } }> }).data.map((e) => e.resource.id);
  };

  it('creates the good items and answers each failing one with its own problem and paths', async () => {
    const before = await codeCount();
    const response = await post('/api/v1/qrcodes/bulk', {
      items: [
        { mode: 'redirect', target: 'https://example.com/1', title: 'One', slug: 'bulk-one' },
        { mode: 'redirect', target: 'not a url' },
        { mode: 'redirect', target: 'https://example.com/2', tags: ['b'] },
        { mode: 'redirect', target: 'https://example.com/3', slug: 'bulk-one' },
        { mode: 'static', data: { kind: 'text', text: 'hello' }, colour: 'red' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = results(response);
    expect(data.map((r) => [r.index, r.status])).toEqual([
      [0, 201],
      [1, 400],
      [2, 201],
      [3, 409],
      [4, 400],
    ]);
    expect(data[0]?.qrcode).toMatchObject({ slug: 'bulk-one', title: 'One', enabled: true });
    expect(data[0]?.qrcode).not.toHaveProperty('image');
    expect(data[1]?.problem?.errors?.[0]?.path).toBe('/body/items/1/target');
    expect(data[3]?.problem).toMatchObject({ code: 'conflict', errors: [{ path: '/body/items/3/slug' }] });
    expect(data[4]?.problem?.errors?.[0]?.path).toBe('/body/items/4/colour');
    expect(await codeCount()).toBe(before + 2);
    // One qrcode.created event per code, written with it.
    const created = await eventsOf('qrcode.created');
    expect(created).toEqual(expect.arrayContaining([data[0]?.qrcode?.id, data[2]?.qrcode?.id]));
    // The short URL redirects at once.
    const scan = await t.app.inject({ method: 'GET', url: '/r/bulk-one' });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe('https://example.com/1');
  });

  it('atomic=true writes nothing and its 422 lists every failing item', async () => {
    const before = await codeCount();
    const response = await post('/api/v1/qrcodes/bulk?atomic=true', {
      items: [
        { mode: 'redirect', target: 'https://example.com/ok' },
        { mode: 'redirect', target: 'ftp://example.com/' },
        { mode: 'redirect', target: 'https://example.com/ok2', slug: 'api' },
      ],
    });
    expect(response.statusCode, response.body).toBe(422);
    const problem = response.json() as { code: string; errors: Array<{ path: string }>; items: Result[] };
    expect(problem.code).toBe('unprocessable');
    expect(problem.errors.map((e) => e.path)).toEqual(['/body/items/1/target', '/body/items/2/slug']);
    expect(problem.items.map((i) => [i.index, i.status])).toEqual([
      [1, 400],
      [2, 409],
    ]);
    expect(await codeCount()).toBe(before);
  });

  it('refuses a call over the codes limit with a 402 that says how many fit, creating nothing', async () => {
    const other = await signedInUser(t);
    const item = { mode: 'redirect', target: 'https://example.com/limit' };
    const first = await post(
      '/api/v1/qrcodes/bulk',
      { items: Array(CODES_LIMIT - 3).fill(item) },
      other.headers,
    );
    expect(first.statusCode, first.body).toBe(200);
    const over = await post('/api/v1/qrcodes/bulk', { items: Array(5).fill(item) }, other.headers);
    expect(over.statusCode, over.body).toBe(402);
    expect(over.json()).toMatchObject({
      code: 'limit_reached',
      limit: 'codes',
      fits: 3,
      allowed: CODES_LIMIT,
    });
    expect((over.json() as { detail: string }).detail).toMatch(/3 fit/);
    expect(await codeCount(other.headers)).toBe(CODES_LIMIT - 3);
    // Failing items take no room: 3 good ones and a bad one fit.
    const fits = await post(
      '/api/v1/qrcodes/bulk',
      { items: [item, item, { mode: 'redirect' }, item] },
      other.headers,
    );
    expect(results(fits).map((r) => r.status)).toEqual([201, 201, 400, 201]);
    // The single route counts against the same limit.
    const single = await post('/api/v1/qrcodes', item, other.headers);
    expect(single.statusCode).toBe(402);
    expect(single.json()).toMatchObject({ limit: 'codes', fits: 0 });
  });

  it('answers the first answer again for the same Idempotency-Key and body', async () => {
    const before = await codeCount();
    const payload = { items: [{ mode: 'redirect', target: 'https://example.com/idem' }] };
    const headers = { ...user.headers, 'idempotency-key': 'bulk-1' };
    const first = await post('/api/v1/qrcodes/bulk', payload, headers);
    const again = await post('/api/v1/qrcodes/bulk', payload, headers);
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await codeCount()).toBe(before + 1);
    const changed = await post(
      '/api/v1/qrcodes/bulk',
      { items: [...payload.items, ...payload.items] },
      headers,
    );
    expect(changed.statusCode).toBe(409);
  });

  it('counts items against the items budget, not as requests, and needs qrcodes:write', async () => {
    const key = await createApiKey(t, user, ['qrcodes:read', 'qrcodes:write']);
    // Ids that are nobody's cost nothing to look up: 600 items, then 600 more, over the 1,000.
    const ids = (from: number) => Array.from({ length: 600 }, (_, i) => `qr_missing${from + i}`);
    const first = await post('/api/v1/qrcodes/bulk-delete', { ids: ids(0) }, key.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['rq-items-remaining']).toBe('400');
    expect(results(first).every((r) => r.status === 404)).toBe(true);
    const second = await post('/api/v1/qrcodes/bulk-delete', { ids: ids(600) }, key.headers);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(second.json()).toMatchObject({
      code: 'rate_limited',
      budget: 'items',
      limit: 1000,
      remaining: 400,
    });
    // The refused call's items were given back: 400 still fit, and the request budget was one each.
    const third = await post('/api/v1/qrcodes/bulk-delete', { ids: ids(0).slice(0, 400) }, key.headers);
    expect(third.statusCode).toBe(200);
    expect(third.headers['ratelimit-remaining']).toBe(String(KEY_RATE - 3));

    const reader = await createApiKey(t, user, ['qrcodes:read']);
    const refused = await post('/api/v1/qrcodes/bulk', { items: [{ mode: 'redirect' }] }, reader.headers);
    expect(refused.statusCode).toBe(403);
  });

  it('updates and deletes in bulk: other workspaces’ ids are 404 items and stay as they were', async () => {
    const stranger = await signedInUser(t);
    const theirs = results(
      await post(
        '/api/v1/qrcodes/bulk',
        { items: [{ mode: 'redirect', target: 'https://example.com/t' }] },
        stranger.headers,
      ),
    )[0]?.qrcode?.id as string;
    const mine = results(
      await post('/api/v1/qrcodes/bulk', {
        items: [
          { mode: 'redirect', target: 'https://example.com/m1' },
          { mode: 'static', data: { kind: 'text', text: 'static' } },
        ],
      }),
    ).map((r) => r.qrcode?.id as string);

    const update = await post('/api/v1/qrcodes/bulk-update', {
      ids: [mine[0], theirs, mine[1]],
      patch: { tags: ['sale'], target: 'https://example.com/new' },
    });
    expect(update.statusCode, update.body).toBe(200);
    const updated = results(update);
    expect(updated.map((r) => [r.id, r.status])).toEqual([
      [mine[0], 200],
      [theirs, 404],
      [mine[1], 400],
    ]);
    expect(updated[0]?.qrcode?.tags).toEqual(['sale']);
    expect(updated[2]?.problem?.errors?.[0]?.path).toBe('/body/patch/target');
    expect(await eventsOf('qrcode.updated')).toContain(mine[0]);

    const tagOnly = await post('/api/v1/qrcodes/bulk-update?atomic=true', {
      ids: mine,
      patch: { enabled: false },
    });
    expect(results(tagOnly).map((r) => r.qrcode?.enabled)).toEqual([false, false]);

    const remove = await post('/api/v1/qrcodes/bulk-delete', { ids: [theirs, ...mine] });
    expect(results(remove).map((r) => r.status)).toEqual([404, 204, 204]);
    expect(await eventsOf('qrcode.deleted')).toEqual(expect.arrayContaining(mine));
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${theirs}`,
      headers: stranger.headers,
    });
    expect(still.statusCode).toBe(200);
    expect((still.json() as { tags: string[] }).tags).toEqual([]);
    expect(await eventsOf('qrcode.updated', stranger.headers)).toEqual([]);
  });

  it("updates and deletes by the list's filter, a page at a time, leaving other workspaces' codes alone", async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const make = async (headers: Record<string, string>, tags: string[], count: number) =>
      results(
        await post(
          '/api/v1/qrcodes/bulk',
          {
            items: Array.from({ length: count }, (_, i) => ({
              mode: 'redirect',
              target: `https://example.com/${i}`,
              tags,
            })),
          },
          headers,
        ),
      ).map((r) => r.qrcode?.id as string);
    const sale = await make(owner.headers, ['sale'], 5);
    const [other] = await make(owner.headers, ['other'], 1);
    const theirs = await make(stranger.headers, ['sale'], 2);
    const kept = sale[2] as string;
    type Answer = { data: Result[]; nextCursor: string | null };
    /** Calls until the filter has no code left; answers each call's results. */
    const everyPage = async (url: string, body: object) => {
      const calls: Result[][] = [];
      let cursor: string | null = null;
      do {
        const response = await post(
          `${url}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          body,
          owner.headers,
        );
        expect(response.statusCode, response.body).toBe(200);
        const answer = response.json() as Answer;
        calls.push(answer.data);
        cursor = answer.nextCursor;
      } while (cursor !== null && calls.length < 10);
      return calls;
    };
    const codeOf = async (id: string, headers = owner.headers) =>
      t.app.inject({ method: 'GET', url: `/api/v1/qrcodes/${id}`, headers });

    // The filter selects the enabled "sale" codes, and the patch takes each out of it: the next
    // call still finds the rest. One code is left out by `except`.
    const updated = await everyPage('/api/v1/qrcodes/bulk-update', {
      filter: { tag: 'sale', enabled: true },
      except: [kept],
      patch: { enabled: false },
    });
    expect(updated.map((call) => call.length)).toEqual([2, 1, 1]);
    const changed = updated.flat();
    expect(changed.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Newest first, each with its id.
    expect(changed.map((r) => r.id)).toEqual([...sale].reverse().filter((id) => id !== kept));
    expect(changed.every((r) => r.qrcode?.enabled === false)).toBe(true);
    for (const [id, enabled] of [
      [kept, true],
      [other, true],
      [sale[0], false],
    ] as const) {
      expect(((await codeOf(id as string)).json() as { enabled: boolean }).enabled, id).toBe(enabled);
    }
    for (const id of theirs) {
      const code = await codeOf(id, stranger.headers);
      expect((code.json() as { enabled: boolean }).enabled).toBe(true);
    }
    expect(await eventsOf('qrcode.updated', stranger.headers)).toEqual([]);

    // Deleting every "sale" code: five go, the "other" one and the stranger's stay.
    const deleted = await everyPage('/api/v1/qrcodes/bulk-delete', { filter: { tag: 'sale' } });
    expect(deleted.flat().map((r) => [r.id, r.status])).toEqual([...sale].reverse().map((id) => [id, 204]));
    for (const id of sale) expect((await codeOf(id)).statusCode).toBe(404);
    expect((await codeOf(other as string)).statusCode).toBe(200);
    for (const id of theirs) expect((await codeOf(id, stranger.headers)).statusCode).toBe(200);
    expect(await eventsOf('qrcode.deleted', owner.headers)).toEqual(expect.arrayContaining(sale));
    expect(await eventsOf('qrcode.deleted', stranger.headers)).toEqual([]);

    // A filter that selects nothing changes nothing; `{}` selects every code of the workspace.
    const none = await post('/api/v1/qrcodes/bulk-delete', { filter: { tag: 'sale' } }, owner.headers);
    expect(none.json()).toEqual({ data: [], nextCursor: null });
    const all = await post(
      '/api/v1/qrcodes/bulk-update',
      { filter: {}, patch: { title: 'All' } },
      owner.headers,
    );
    expect(results(all).map((r) => [r.id, r.qrcode?.title])).toEqual([[other, 'All']]);
    expect((all.json() as Answer).nextCursor).toBeNull();
  });

  it('refuses a bulk selection that is not exactly one of ids and filter, naming the fields', async () => {
    const bad = async (url: string, payload: object) => {
      const response = await post(url, payload);
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { errors: Array<{ path: string }> }).errors.map((e) => e.path);
    };
    const patch = { enabled: false };
    expect(await bad('/api/v1/qrcodes/bulk-update', { ids: ['qr_x'], filter: {}, patch })).toEqual([
      '/body/filter',
    ]);
    expect(await bad('/api/v1/qrcodes/bulk-update', { patch })).toEqual(['/body/ids']);
    expect(await bad('/api/v1/qrcodes/bulk-delete', { ids: ['qr_x'], except: ['qr_y'] })).toEqual([
      '/body/except',
    ]);
    expect(await bad('/api/v1/qrcodes/bulk-delete?limit=5', { ids: ['qr_x'] })).toEqual(['/query/limit']);
    expect(await bad('/api/v1/qrcodes/bulk-delete?cursor=nonsense', { filter: {} })).toEqual([
      '/query/cursor',
    ]);
    expect(await bad('/api/v1/qrcodes/bulk-delete', { filter: { mode: 'dynamic' } })).toEqual([
      '/body/filter/mode',
    ]);
  });
});
