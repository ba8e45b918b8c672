import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_WINDOW_MS, sweepExpiredIdempotencyKeys } from '../../src/plugins/idempotency.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/** Idempotency-Key on a real create route (POST /api/v1/qrcodes), on every storage engine. */
describe.each(engines)('Idempotency-Key on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const create = (key: string, payload: string, url = '/api/v1/qrcodes') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...user.headers, 'idempotency-key': key, 'content-type': 'application/json' },
      payload,
    });

  const codeCount = async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/qrcodes', headers: user.headers });
    return (list.json() as { data: unknown[] }).data.length;
  };

  it('replays a body whose keys come in another order', async () => {
    const before = await codeCount();
    const first = await create('order-1', '{"mode":"redirect","target":"https://example.com/a","title":"A"}');
    const again = await create('order-1', '{"title":"A","target":"https://example.com/a","mode":"redirect"}');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await codeCount()).toBe(before + 1);
  });

  it('forgets answers older than 24 hours when the hourly sweep runs, and keeps the recent ones', async () => {
    const payload = '{"mode":"redirect","target":"https://example.com/sweep"}';
    expect((await create('sweep-old', payload)).statusCode).toBe(201);
    expect((await create('sweep-new', payload)).statusCode).toBe(201);
    const db = t.app.database.db;
    await db
      .updateTable('idempotency_keys')
      .set({ created_at: Date.now() - IDEMPOTENCY_WINDOW_MS - 1 })
      .where('key', '=', 'sweep-old')
      .execute();

    expect(await sweepExpiredIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'like', 'sweep-%')
      .execute();
    expect(left.map((row) => row.key)).toEqual(['sweep-new']);
    // The recent key still replays; the swept one creates anew.
    expect((await create('sweep-new', payload)).headers['idempotent-replayed']).toBe('true');
    expect((await create('sweep-old', payload)).headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 409 for the same key with another body', async () => {
    await create('body-1', '{"mode":"redirect","target":"https://example.com/b"}');
    const changed = await create('body-1', '{"mode":"redirect","target":"https://example.com/c"}');
    expect(changed.statusCode).toBe(409);
    expect(changed.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(changed.json()).toMatchObject({ code: 'conflict' });
  });

  it('counts the query string: a replay without ?format=png is not answered with the PNG', async () => {
    const payload = '{"mode":"redirect","target":"https://example.com/png"}';
    const png = await create('query-1', payload, '/api/v1/qrcodes?format=png');
    expect(png.statusCode, png.body).toBe(201);
    expect(png.headers['content-type']).toBe('image/png');

    const withoutQuery = await create('query-1', payload);
    expect(withoutQuery.statusCode).toBe(409);
    expect(withoutQuery.json()).toMatchObject({ code: 'conflict' });

    const sameQuery = await create('query-1', payload, '/api/v1/qrcodes?format=png');
    expect(sameQuery.statusCode).toBe(201);
    expect(sameQuery.headers['content-type']).toBe('image/png');
    expect(sameQuery.headers['idempotent-replayed']).toBe('true');
    expect(sameQuery.rawPayload.equals(png.rawPayload)).toBe(true);
  });
});
