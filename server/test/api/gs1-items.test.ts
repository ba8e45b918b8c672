import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../../src/modules/gs1/gs1.syntax.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { referenceCreateBodies, storeReferenceItems } from '../helpers/gs1-api.js';

interface ItemBody {
  id: string;
  primaryKey: { ai: string; value: string };
  prefix: boolean;
  hostname: string | null;
  uri: string;
  itemDescription: string | null;
  defaultLinkType: string | null;
  links: Array<Record<string, unknown>>;
  levels: Array<{ qualifiers: Array<{ ai: string; value: string }>; links: Array<Record<string, unknown>> }>;
}

/** A GTIN-14 with its check digit, from 13 digits. */
const gtin = (digits: string) => `${digits}${gs1CheckDigit(digits)}`;
const GTIN = gtin('0950600099001');
const body = (value = GTIN, extra: Record<string, unknown> = {}) => ({
  primaryKey: { ai: '01', value },
  defaultLinkType: 'gs1:pip',
  links: [
    { linkType: 'gs1:pip', href: 'https://example.com/pip', title: 'Product information', hreflang: ['en'] },
  ],
  ...extra,
});

describe.each(engines)('GS1 items in the API on $name', (engine) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });
  afterAll(() => t.close());

  const api = (who: { headers: Record<string, string> }, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("stores the reference resolver's test data and reads it back as written", async () => {
    const carol = await signedInUser(t);
    const made = await storeReferenceItems(t, carol.headers);
    expect(made.map((item) => item.primaryKey.value).sort()).toEqual([
      '095060001343',
      '0950600013430000001',
      '09506000134352',
      '09506000134376',
    ]);
    const bodies = referenceCreateBodies();
    for (const [index, item] of made.entries()) {
      const read = await api(carol, 'GET', `/api/v1/gs1/items/${item.id}`);
      expect(read.statusCode).toBe(200);
      const stored = read.json() as ItemBody;
      const written = bodies[index] as { links: unknown[]; levels: Array<{ links: unknown[] }> };
      expect(stored.links).toEqual(written.links);
      expect(stored.levels.map((l) => l.links)).toEqual(written.levels.map((l) => l.links));
      expect(stored.id).toMatch(/^gs1_[0-9a-z]{26}$/);
    }
    // The stored 'und' tag has no form in GS1's linkset schema: the item says what its linkset writes.
    const capsules = made.find((item) => item.primaryKey.value === '09506000134376');
    const notes = (await api(carol, 'GET', `/api/v1/gs1/items/${capsules?.id}`)).json().linksetNotes;
    expect(notes).toContainEqual({
      path: expect.stringMatching(/hreflang$/),
      from: 'und',
      to: null,
      reason: expect.any(String),
    });
    const variable = made.find((item) => item.primaryKey.value === '095060001343');
    expect((await api(carol, 'GET', `/api/v1/gs1/items/${variable?.id}`)).json().prefix).toBe(true);
  });

  it('creates, lists with filters, changes and deletes an item, with audit events', async () => {
    const created = await api(alice, 'POST', '/api/v1/gs1/items', body());
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json() as ItemBody;
    expect(item).toMatchObject({ primaryKey: { ai: '01', value: GTIN }, prefix: false, hostname: null });
    expect(item.uri).toMatch(new RegExp(`/01/${GTIN}$`));
    expect(created.headers.location).toBe(`/api/v1/gs1/items/${item.id}`);

    const other = await api(alice, 'POST', '/api/v1/gs1/items', {
      primaryKey: { ai: '01', value: gtin('0950600099002') },
      links: [],
    });
    expect(other.statusCode, other.body).toBe(201);

    const all = await api(alice, 'GET', '/api/v1/gs1/items?limit=1');
    expect(all.json().data).toHaveLength(1);
    expect(all.json().nextCursor).toEqual(expect.any(String));
    const byValue = await api(alice, 'GET', `/api/v1/gs1/items?value=${GTIN.slice(0, 13)}`);
    expect(byValue.json().data.map((i: ItemBody) => i.id)).toEqual([item.id]);
    const byType = await api(alice, 'GET', '/api/v1/gs1/items?linkType=gs1:pip');
    expect(byType.json().data.map((i: ItemBody) => i.id)).toEqual([item.id]);
    const byAi = await api(alice, 'GET', '/api/v1/gs1/items?ai=8004');
    expect(byAi.json().data).toEqual([]);

    const patched = await api(alice, 'PATCH', `/api/v1/gs1/items/${item.id}`, {
      itemDescription: 'Capsules',
      levels: [
        {
          qualifiers: [{ ai: '10', value: '{lot}' }],
          links: [{ linkType: 'gs1:pip', href: 'https://example.com/lot/{lot}', title: 'This lot' }],
        },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().itemDescription).toBe('Capsules');
    expect(patched.json().links).toEqual(item.links);
    expect(patched.json().levels[0].links[0].href).toBe('https://example.com/lot/{lot}');

    const deleted = await api(alice, 'DELETE', `/api/v1/gs1/items/${item.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await api(alice, 'GET', `/api/v1/gs1/items/${item.id}`)).statusCode).toBe(404);

    const events = await api(alice, 'GET', `/api/v1/events?resource=${item.id}`);
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().data.map((e: { type: string }) => e.type)).toEqual([
      'gs1_item.deleted',
      'gs1_item.updated',
      'gs1_item.created',
    ]);
    const byResourceType = await api(
      alice,
      'GET',
      '/api/v1/events?resourceType=gs1_item&type=gs1_item.created',
    );
    expect(byResourceType.statusCode, byResourceType.body).toBe(200);
  });

  it("answers 404 for another workspace's item, for every method", async () => {
    const created = await api(alice, 'POST', '/api/v1/gs1/items', body(gtin('0950600099003')));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as ItemBody;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { itemDescription: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await api(bob, method, `/api/v1/gs1/items/${id}`, payload);
      expect(answer.statusCode, `${method} ${answer.body}`).toBe(404);
      expect(answer.json().code).toBe('not_found');
    }
    expect((await api(bob, 'GET', '/api/v1/gs1/items')).json().data.map((i: ItemBody) => i.id)).not.toContain(
      id,
    );
  });

  it('refuses bad keys, qualifiers and links with field paths, and a key already registered', async () => {
    const refused = async (payload: unknown) => {
      const answer = await api(alice, 'POST', '/api/v1/gs1/items', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      return (answer.json().errors as Array<{ path: string }>).map((e) => e.path);
    };
    expect(await refused(body(`${GTIN.slice(0, 13)}${(Number(GTIN[13]) + 1) % 10}`))).toEqual([
      '/body/primaryKey/value',
    ]);
    expect(await refused(body(GTIN.slice(1)))).toEqual(['/body/primaryKey/value']);
    expect(await refused({ ...body(), primaryKey: { ai: '10', value: 'LOT' } })).toEqual([
      '/body/primaryKey',
    ]);
    expect(
      await refused(
        body(GTIN, {
          levels: [
            {
              qualifiers: [
                { ai: '21', value: 'S1' },
                { ai: '10', value: 'L1' },
              ],
              links: [],
            },
          ],
        }),
      ),
    ).toEqual(['/body/levels/0/qualifiers']);
    expect(
      await refused(
        body(GTIN, { links: [{ linkType: 'gs1:pip', href: 'ftp://example.com/x', title: 'x' }] }),
      ),
    ).toEqual(['/body/links/0/href']);
    expect(
      await refused(
        body(GTIN, { links: [{ linkType: 'pip', href: 'https://example.com/{lot}', title: 'x' }] }),
      ),
    ).toEqual(['/body/links/0/linkType', '/body/links/0/href', '/body/defaultLinkType']);
    expect(await refused(body(GTIN, { defaultLinkType: 'gs1:epil' }))).toEqual(['/body/defaultLinkType']);
    expect(await refused({ ...body('0950600013', { prefix: true }) })).toEqual(['/body/primaryKey/ai']);
    expect(
      await refused(
        body(GTIN, {
          levels: [
            { qualifiers: [{ ai: '10', value: 'A' }], links: [] },
            { qualifiers: [{ ai: '10', value: 'A' }], links: [] },
          ],
        }),
      ),
    ).toEqual(['/body/levels/1/qualifiers']);

    const first = await api(alice, 'POST', '/api/v1/gs1/items', body(gtin('0950600099004')));
    expect(first.statusCode, first.body).toBe(201);
    // Our hosts are shared, as slugs are: one item per key there, whoever registers it.
    const again = await api(bob, 'POST', '/api/v1/gs1/items', body(gtin('0950600099004')));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ path: '/body/primaryKey', message: expect.any(String) }]);
  });

  it('lets a viewer read and only an editor write; API keys need the codes scopes', async () => {
    const reader = await createApiKey(t, alice, ['qrcodes:read']);
    expect((await api(reader, 'GET', '/api/v1/gs1/items')).statusCode).toBe(200);
    const write = await api(reader, 'POST', '/api/v1/gs1/items', body(gtin('0950600099005')));
    expect(write.statusCode).toBe(403);
    const writer = await createApiKey(t, alice, ['qrcodes:write']);
    expect((await api(writer, 'POST', '/api/v1/gs1/items', body(gtin('0950600099005')))).statusCode).toBe(
      201,
    );
  });
});
