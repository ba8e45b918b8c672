import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/** Bulk create, update and delete of GS1 items, as the codes' bulk answers; each change in the audit log. */

const item = (value: string, href = `https://example.com/${value}`) => ({
  primaryKey: { ai: '01', value },
  defaultLinkType: 'gs1:pip',
  links: [{ linkType: 'gs1:pip', href, title: 'Product' }],
});

describe.each(engines)('GS1 items in bulk on $name', (engine) => {
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    owner = await signedInUser(t);
    other = await signedInUser(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, who = owner) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });
  const scan = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });
  const count = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/gs1/items', headers: owner.headers })).json().data
      .length as number;

  it('with atomic=true checks every item first and writes nothing when one fails', async () => {
    const answer = await post('/api/v1/gs1/items/bulk?atomic=true', {
      items: [
        item('09506000134352'),
        item('09506000134353'),
        { primaryKey: { ai: '01' } },
        item('09506000134352'),
      ],
    });
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().errors.map((e: { path: string }) => e.path)).toEqual([
      '/body/items/1/primaryKey/value',
      '/body/items/2/links',
      '/body/items/2/primaryKey/value',
      '/body/items/3/primaryKey',
    ]);
    expect(answer.json().items.map((i: { index: number; status: number }) => [i.index, i.status])).toEqual([
      [1, 400],
      [2, 400],
      [3, 409],
    ]);
    expect(await count()).toBe(0);
  });

  it('creates what it can, one result per item, and the edge resolves them', async () => {
    const answer = await post('/api/v1/gs1/items/bulk', {
      items: [item('09506000134352'), item('09506000134353'), item('09506000134376')],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json().data as Array<{ index: number; status: number; id?: string }>;
    expect(results.map((r) => r.status)).toEqual([201, 400, 201]);
    expect((await scan('/01/09506000134376')).headers.location).toBe('https://example.com/09506000134376');
    const events = await t.app.inject({
      method: 'GET',
      url: '/api/v1/events?type=gs1_item.created',
      headers: owner.headers,
    });
    expect(events.json().data).toHaveLength(2);
  });

  it("changes and deletes by ids; another workspace's id is that item's 404", async () => {
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/v1/gs1/items', headers: owner.headers })
    ).json().data as Array<{ id: string }>;
    const ids = listed.map((i) => i.id);
    const foreign = (await post('/api/v1/gs1/items', item('09506000134369'), other)).json().id as string;

    const refused = await post('/api/v1/gs1/items/bulk-update?atomic=true', {
      ids: [...ids, foreign],
      patch: { itemDescription: 'Bulk' },
    });
    expect(refused.statusCode).toBe(422);
    const changed = await post('/api/v1/gs1/items/bulk-update', {
      ids: [...ids, foreign],
      patch: { itemDescription: 'Bulk', controls: { expiresAt: '2020-01-01T00:00:00Z' } },
    });
    expect(changed.json().data.map((r: { status: number }) => r.status)).toEqual([200, 200, 404]);
    expect(changed.json().data[0].item.itemDescription).toBe('Bulk');
    expect((await scan('/01/09506000134376')).statusCode).toBe(410);
    const badPatch = await post('/api/v1/gs1/items/bulk-update', {
      ids,
      patch: { links: [{ linkType: 'gs1:pip', href: 'ftp://x', title: 'X' }] },
    });
    expect(badPatch.json().data[0].problem.errors[0].path).toBe('/body/patch/links/0/href');

    const deleted = await post('/api/v1/gs1/items/bulk-delete', { ids: [ids[0], foreign] });
    expect(deleted.json().data.map((r: { status: number }) => r.status)).toEqual([204, 404]);
    expect(await count()).toBe(1);
    const viewer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/gs1/items/${foreign}`,
      headers: other.headers,
    });
    expect(viewer.statusCode).toBe(200);
    const events = await t.app.inject({
      method: 'GET',
      url: '/api/v1/events?type=gs1_item.deleted',
      headers: owner.headers,
    });
    expect(events.json().data).toHaveLength(1);
  });
  it('exports the items as a bulk create body that restores them, rules and controls included', async () => {
    const made = await post('/api/v1/gs1/items', {
      ...item('09506000134383'),
      levels: [
        {
          qualifiers: [{ ai: '10', value: '{lotnumber}' }],
          links: [{ linkType: 'gs1:pip', href: 'https://example.com/lot/{lotnumber}', title: 'Lot' }],
          defaultLinkType: 'gs1:pip',
        },
      ],
      rules: [{ when: { os: ['ios'] }, href: 'https://example.com/09506000134383' }],
      controls: { maxScans: 1000 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/gs1/items/export.json',
      headers: owner.headers,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const { items } = exported.json() as { items: Array<Record<string, unknown>> };
    expect(items.length).toBe(await count());
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/v1/gs1/items', headers: owner.headers })
    ).json().data as Array<{ id: string }>;
    await post('/api/v1/gs1/items/bulk-delete', { ids: listed.map((i) => i.id) });
    expect(await count()).toBe(0);
    const restored = await post('/api/v1/gs1/items/bulk?atomic=true', { items });
    expect(restored.statusCode, restored.body).toBe(200);
    const again = (
      await t.app.inject({ method: 'GET', url: '/api/v1/gs1/items/export.json', headers: owner.headers })
    ).json();
    // Newest first: the restored items come back in the reverse order of the bulk call.
    const byKey = (list: Array<Record<string, unknown>>) =>
      [...list].sort((a, b) => JSON.stringify(a.primaryKey).localeCompare(JSON.stringify(b.primaryKey)));
    expect(byKey(again.items)).toEqual(byKey(items));
    expect((await scan('/01/09506000134383/10/X1')).headers.location).toBe('https://example.com/lot/X1');
  });
});
