import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedKey, createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { bodyExample } from '../helpers/openapi-examples.js';

/** A rule body with a name and an action unless the test gives its own. */
function rule(fields: {
  name?: string;
  enabled?: boolean;
  when?: unknown;
  action?: unknown;
  [key: string]: unknown;
}) {
  const { action, ...rest } = fields;
  return { name: 'A rule', ...rest, then: action ?? { redirect: 'https://example.com/{slug}' } };
}

interface RuleBody {
  id: string;
  name: string;
  enabled: boolean;
  when: unknown;
  then: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

describe.each(engines)('rules API on $name', (engine) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let readOnly: CreatedKey;
  let writer: CreatedKey;
  const changed: string[] = [];
  const deleted: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    t.app.changes.subscribe('rule.changed', ({ id }) => {
      changed.push(id);
    });
    t.app.changes.subscribe('rule.deleted', ({ id }) => {
      deleted.push(id);
    });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
    readOnly = await createApiKey(t, alice, ['rules:read']);
    writer = await createApiKey(t, alice, ['rules:read', 'rules:write']);
  });
  afterAll(() => t.close());

  const create = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/rules', headers, payload: payload as object });
  const createOk = async (headers: Record<string, string>, payload: unknown): Promise<RuleBody> => {
    const response = await create(headers, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const errorPaths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

  it('creates, reads, changes and deletes a rule', async () => {
    const payload = rule({
      name: 'iPhones to the App Store',
      when: { all: [{ os: ['ios'] }, { not: { country: ['CN'] } }] },
      action: { redirect: 'https://apps.apple.com/app/id1?c={country}', status: 302, passQuery: true },
    });
    const response = await create(alice.headers, payload);
    expect(response.statusCode).toBe(201);
    const created = response.json() as RuleBody;
    expect(created.id).toMatch(/^rule_[0-9a-z]{26}$/);
    expect(response.headers.location).toBe(`/api/v1/rules/${created.id}`);
    expect(created).toMatchObject({ ...payload, enabled: true });
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(created.updatedAt).toBe(created.createdAt);

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rules/${created.id}`,
      headers: alice.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/rules/${created.id}`,
      headers: { ...alice.headers, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify(rule({ name: 'Renamed', action: { status: 307, passQuery: null } })),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Renamed',
      enabled: true,
      when: payload.when,
      then: { redirect: 'https://apps.apple.com/app/id1?c={country}', status: 307 },
    });
    expect(patched.json().then).not.toHaveProperty('passQuery');
    expect(changed).toContain(created.id);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rules/${created.id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(deleted).toContain(created.id);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rules/${created.id}`,
      headers: alice.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('not_found');
  });

  it('says "all day on weekdays" with days alone or with 00:00 to 24:00', async () => {
    const daysOnly = await createOk(
      alice.headers,
      rule({ when: { time: { days: [1, 2, 3, 4, 5], timeZone: 'UTC' } } }),
    );
    expect(daysOnly.when).toEqual({ time: { days: [1, 2, 3, 4, 5], timeZone: 'UTC' } });
    const wholeDay = { time: { from: '00:00', to: '24:00', days: [1, 2, 3, 4, 5], timeZone: 'UTC' } };
    expect((await createOk(alice.headers, rule({ when: wholeDay }))).when).toEqual(wholeDay);
    const empty = await create(
      alice.headers,
      rule({ when: { time: { from: '09:00', to: '09:00', timeZone: 'UTC' } } }),
    );
    expect(empty.statusCode).toBe(400);
    expect(errorPaths(empty.json())).toEqual(['/body/when/time/to']);
  });

  it('stores no condition as null and defaults enabled to true', async () => {
    const created = await createOk(
      alice.headers,
      rule({ action: { split: [{ url: 'https://a.example', weight: 100 }] } }),
    );
    expect(created.when).toBeNull();
    expect(created.enabled).toBe(true);
    const off = await createOk(alice.headers, rule({ enabled: false }));
    expect(off.enabled).toBe(false);
  });

  it('merges patches key by key, and null removes', async () => {
    const created = await createOk(alice.headers, rule({ when: { all: [{ bot: false }] } }));
    const patch = (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/rules/${created.id}`,
        headers: alice.headers,
        payload: payload as object,
      });
    // Switching combinator: remove `all`, add `any`.
    const switched = await patch({ when: { all: null, any: [{ bot: true }, { device: ['tablet'] }] } });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().when).toEqual({ any: [{ bot: true }, { device: ['tablet'] }] });
    // Merging a second key into the node makes two keys: refused with the node's path.
    const twoKeys = await patch({ when: { all: [{ bot: false }] } });
    expect(twoKeys.statusCode).toBe(400);
    expect(errorPaths(twoKeys.json())).toEqual(['/body/when']);
    // From redirect to split: remove redirect, add split; the merged action is checked.
    const toSplit = await patch({
      then: {
        redirect: null,
        split: [
          { url: 'https://a.example', weight: 30 },
          { url: 'https://b.example', weight: 70 },
        ],
        sticky: true,
      },
    });
    expect(toSplit.statusCode, toSplit.body).toBe(200);
    // Stored in WHATWG form: a bare origin gets its path, "/".
    expect(toSplit.json().then).toEqual({
      split: [
        { url: 'https://a.example/', weight: 30 },
        { url: 'https://b.example/', weight: 70 },
      ],
      sticky: true,
    });
    const cleared = await patch({ when: null, enabled: false });
    expect(cleared.json()).toMatchObject({ when: null, enabled: false });
    const badMerge = await patch({ then: { split: [{ url: 'https://a.example', weight: 50 }] } });
    expect(badMerge.statusCode).toBe(400);
    expect(badMerge.json().errors).toEqual([
      { path: '/body/then/split', message: 'weights must sum to 100 (they sum to 50)' },
    ]);
    const unknown = await patch({ then: { colour: 'red' } });
    expect(errorPaths(unknown.json())).toEqual(['/body/then/colour']);
    const readOnlyField = await patch({ id: 'rule_x' });
    expect(errorPaths(readOnlyField.json())).toEqual(['/body/id']);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rules/${created.id}`,
      headers: alice.headers,
    });
    expect(unchanged.json()).toMatchObject({ when: null, enabled: false });
  });

  it('takes the documented PATCH example on a rule made with the documented POST example', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const rule = await createOk(alice.headers, bodyExample(document.paths['/api/v1/rules'].post));
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/rules/${rule.id}`,
      headers: alice.headers,
      payload: bodyExample(document.paths['/api/v1/rules/{id}'].patch) as object,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(Object.keys(patched.json().when)).toEqual(['time']);
  });

  it('refuses bad rules with a field path for every problem', async () => {
    const response = await create(
      alice.headers,
      rule({
        when: {
          all: [
            { ip: ['10.0.0.0/8', '10.0.0.0/33', '2001:db8::/200'] },
            { time: { from: '09:00', to: '17:00', timeZone: 'Europe/Atlantis' } },
            { country: ['de'] },
          ],
        },
        action: {
          split: [
            { url: 'ftp://a.example', weight: 50 },
            { url: 'https://b.example/{nope}', weight: 40 },
          ],
        },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(errorPaths(body)).toEqual([
      '/body/when/all/0/ip/1',
      '/body/when/all/0/ip/2',
      '/body/when/all/1/time/timeZone',
      '/body/when/all/2/country/0',
      '/body/then/split/0/url',
      '/body/then/split/1/url',
      '/body/then/split',
    ]);
  });

  it('refuses unknown fields and bad enums through the schema, with paths', async () => {
    const unknownLeaf = await create(alice.headers, rule({ when: { any: [{ planet: ['mars'] }] } }));
    expect(unknownLeaf.statusCode).toBe(400);
    expect(errorPaths(unknownLeaf.json())).toEqual(['/body/when/any/0/planet']);
    const badEnum = await create(alice.headers, rule({ when: { browser: ['netscape'] } }));
    expect(errorPaths(badEnum.json())).toEqual(['/body/when/browser/0']);
    const extra = await create(alice.headers, { ...rule({}), owner: 'acct_x' });
    expect(errorPaths(extra.json())).toEqual(['/body/owner']);
  });

  it('refuses a body nested too deep without walking it', async () => {
    const deep = `${'{"not":'.repeat(5000)}{"bot":true}${'}'.repeat(5000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rules',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: `{"name":"deep","then":{"redirect":"https://a.example"},"when":${deep}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    let nine: unknown = { bot: true };
    for (let i = 0; i < 8; i++) nine = { not: nine };
    const tooDeep = await create(alice.headers, rule({ when: nine }));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().errors[0].message).toContain('nests too deep');
  });

  it('lists newest first, a page at a time', async () => {
    const carol = await signedInUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createOk(carol.headers, rule({ name: `rule ${i}` }))).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/rules?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await t.app.inject({ method: 'GET', url, headers: carol.headers });
      expect(page.statusCode).toBe(200);
      const body = page.json() as { data: RuleBody[]; nextCursor: string | null };
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((r) => r.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/rules', headers: carol.headers });
    expect(all.json()).toMatchObject({ nextCursor: null });
    expect(all.json().data).toHaveLength(5);
  });

  it('checks list parameters', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=ten',
      'limit=1e309',
      'limit=2.5',
      'cursor=not-a-cursor',
      'colour=red',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/rules?${query}`,
        headers: alice.headers,
      });
      expect(response.statusCode, query).toBe(400);
      // The errors plugin names the query part "querystring" (Fastify's word); the cursor check says "query".
      expect(response.json().errors[0].path, query).toMatch(/^\/query(string)?\/(limit|cursor|colour)$/);
    }
  });

  it("never shows or changes another account's rules: 404, not 403", async () => {
    const mine = await createOk(alice.headers, rule({ name: "Alice's" }));
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/v1/rules/${mine.id}`,
        headers: bob.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    const bobsList = await t.app.inject({ method: 'GET', url: '/api/v1/rules', headers: bob.headers });
    expect(bobsList.json().data.map((r: RuleBody) => r.id)).not.toContain(mine.id);
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rules/${mine.id}`,
      headers: alice.headers,
    });
    expect(still.json().name).toBe("Alice's");
    expect(deleted).not.toContain(mine.id);
  });

  it('answers 404 for ids that do not exist', async () => {
    for (const id of ['rule_00000000000000000000000000', 'nope', 'qr_01jdxxxxxxxxxxxxxxxxxxxxxx']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/rules/${id}`,
        headers: alice.headers,
      });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('takes API keys by scope', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/rules', headers: readOnly.headers });
    expect(listed.statusCode).toBe(200);
    const refused = await create(readOnly.headers, rule({}));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('insufficient_scope');
    const made = await create(writer.headers, rule({ name: 'by key' }));
    expect(made.statusCode).toBe(201);
    const withoutAuth = await t.app.inject({ method: 'GET', url: '/api/v1/rules' });
    expect(withoutAuth.statusCode).toBe(401);
  });

  it("gives the other modules the account's rules by id, in the order asked", async () => {
    const a = await createOk(alice.headers, rule({ name: 'a' }));
    const b = await createOk(alice.headers, rule({ name: 'b' }));
    const foreign = await createOk(bob.headers, rule({ name: 'bob' }));
    const found = await t.app.rules.getManyForAccount(alice.workspaceId, [
      b.id,
      foreign.id,
      a.id,
      'rule_missing',
      b.id,
    ]);
    expect(found.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(await t.app.rules.getManyForAccount(alice.workspaceId, [])).toEqual([]);
  });

  it('removes a deleted rule from every code that had it', async () => {
    const dana = await signedInUser(t);
    const first = await createOk(dana.headers, rule({ name: 'first' }));
    const second = await createOk(dana.headers, rule({ name: 'second' }));
    const codes: string[] = [];
    for (const slug of ['rules-del-a', 'rules-del-b']) {
      const code = await t.app.inject({
        method: 'POST',
        url: '/api/v1/qrcodes',
        headers: dana.headers,
        payload: { slug: `${slug}-${engine.name}`, mode: 'redirect', target: 'https://example.com/' },
      });
      expect(code.statusCode, code.body).toBe(201);
      const id = (code.json() as { id: string }).id;
      codes.push(id);
      const assigned = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/qrcodes/${id}/rules`,
        headers: dana.headers,
        payload: { rules: [first.id, second.id] },
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rules/${first.id}`,
      headers: dana.headers,
    });
    expect(removed.statusCode).toBe(204);
    for (const id of codes) {
      const rules = await t.app.inject({
        method: 'GET',
        url: `/api/v1/qrcodes/${id}/rules`,
        headers: dana.headers,
      });
      expect(rules.json()).toEqual({ rules: [second.id] });
    }
    // Another account's rule id cannot be assigned: to that account it does not exist.
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/qrcodes/${codes[0]}/rules`,
      headers: dana.headers,
      payload: { rules: [(await createOk(bob.headers, rule({}))).id] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorPaths(foreign.json())).toEqual(['/body/rules/0']);
  });

  it('never answers 5xx to mangled rules', async () => {
    const valid = rule({
      when: { all: [{ time: { from: '09:00', to: '17:00', days: [1], timeZone: 'UTC' } }, { ip: ['::1'] }] },
      action: { split: [{ url: 'https://a.example', weight: 100 }], sticky: true },
    });
    const junk: unknown[] = [
      null,
      true,
      0,
      -1,
      1e308,
      '',
      'x'.repeat(3000),
      [],
      {},
      [null],
      { '': 1 },
      '__proto__',
    ];
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const mangle = (value: unknown): unknown => {
      if (random() < 0.15) return junk[Math.floor(random() * junk.length)];
      if (Array.isArray(value)) return value.map(mangle);
      if (value && typeof value === 'object') {
        return Object.fromEntries(
          Object.entries(value).map(([k, v]) => [random() < 0.05 ? `${k}x` : k, mangle(v)]),
        );
      }
      return value;
    };
    // Each account may send 60 requests a minute: one fuzzes POST, the other PATCH.
    const poster = await signedInUser(t);
    const patcher = await signedInUser(t);
    const target = await createOk(patcher.headers, valid);
    for (let i = 0; i < 100; i++) {
      const payload = mangle(valid);
      const post = i % 2 === 0;
      const response = await t.app.inject({
        method: post ? 'POST' : 'PATCH',
        url: post ? '/api/v1/rules' : `/api/v1/rules/${target.id}`,
        headers: { ...(post ? poster : patcher).headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(response.statusCode, response.body).not.toBe(429);
    }
  });
});

describe('the rules API in the OpenAPI document', () => {
  it('documents every route, with the recursive condition as one component', async () => {
    const t = await buildTestApp({ name: 'sqlite' });
    try {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect((await new Validator().validate(document)).valid).toBe(true);
      expect(Object.keys(document.paths['/api/v1/rules']).sort()).toEqual(['get', 'post']);
      expect(Object.keys(document.paths['/api/v1/rules/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
      const schemas = Object.values(document.components.schemas) as { title?: string }[];
      expect(schemas.filter((schema) => schema.title === 'RuleCondition')).toHaveLength(1);
      expect(document.paths['/api/v1/rules'].post.tags).toEqual(['rules']);
    } finally {
      await t.close();
    }
  });
});
