import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../../src/modules/gs1/gs1.syntax.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import {
  bodyExample,
  createdWithExample as createdWith,
  type OperationWithBody,
} from '../helpers/openapi-examples.js';

/**
 * Tenancy, for every route that takes an id, read from the OpenAPI document: account A creates
 * the object (POST on the collection path, with the create route's first body example), and
 * account B gets 404 for every method on it. A new route is covered without editing this file;
 * a route whose object this test cannot create fails it (see CONTRIBUTING.md, "Create routes").
 */

interface Operation extends OperationWithBody {
  security?: unknown[];
}
type PathItem = Partial<Record<'get' | 'put' | 'post' | 'patch' | 'delete', Operation>>;
interface OpenApiDocument {
  paths: Record<string, PathItem>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

const env = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() };

const SPLIT_RULE = {
  name: 'A/B',
  then: {
    split: [
      { url: 'https://example.com/a', weight: 50 },
      { url: 'https://example.com/b', weight: 50 },
    ],
  },
};

/**
 * Objects whose POST needs a party this test does not run: a subscription is created once PayPal
 * confirms it, so here it is made the operator's way (a grant), which lists and cancels alike.
 */
const makers: Record<string, (t: TestApp, owner: SignedInUser) => Promise<string>> = {
  '/api/v1/subscriptions': async (t, owner) =>
    (await t.app.plans.grants.grant(owner.workspaceId, 'hostnames', null)).id,
  // A split rule: a rule of any kind for /rules/{id}, and an experiment for /rules/{id}/experiment.
  '/api/v1/rules': (t, owner) => createdWith(t, owner.headers, '/api/v1/rules', SPLIT_RULE),
  // A GTIN of its own for each route: a key is registered once on our hosts, whoever registers it.
  '/api/v1/gs1/items': (t, owner) =>
    createdWith(t, owner.headers, '/api/v1/gs1/items', {
      ...(bodyExample(document.paths['/api/v1/gs1/items']?.post) as object),
      primaryKey: { ai: '01', value: uniqueGtin() },
    }),
};

let gtins = 0;
const uniqueGtin = () => {
  const digits = `${process.pid % 100_000}`.padStart(5, '0') + `${++gtins}`.padStart(8, '0');
  return `${digits}${gs1CheckDigit(digits)}`;
};

/**
 * Parameters after {id} (an object inside A's object): filled with one of A's values, or any
 * value when the route must refuse B before looking at it (B is no member of A's workspace).
 */
const innerParams: Record<
  string,
  (owner: SignedInUser, t: TestApp, objectId: string) => string | Promise<string>
> = {
  uid: (owner) => owner.uid,
  invId: () => 'inv_0000000000000000000000000',
  // A's own delivery: the test event of A's webhook.
  deliveryId: async (owner, t, webhookId) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${webhookId}/test`,
      headers: owner.headers,
    });
    return (answer.json() as { id: string }).id;
  },
};

// The document is read once up front, so each {id} route becomes a test of its own.
const probe = await buildTestApp({ name: 'sqlite' }, { env });
const document = (
  await probe.app.inject({ method: 'GET', url: '/api/openapi.json' })
).json() as OpenApiDocument;
await probe.close();
const idPaths = Object.keys(document.paths)
  .filter((path) => path.includes('{id}'))
  .sort();

describe.each(engines)('tenancy on $name: another account gets 404 for every object', (engine) => {
  let t: TestApp;
  let a: SignedInUser;
  let b: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env });
    a = await signedInUser(t);
    b = await signedInUser(t);
  });
  afterAll(() => t.close());

  it('finds routes with ids in the OpenAPI document', () => {
    expect(idPaths).toContain('/api/v1/api-keys/{id}');
    expect(idPaths).toEqual(expect.arrayContaining(['/api/v1/designs/{id}', '/api/v1/designs/{id}/apply']));
  });

  const createdWithExample = (collection: string, example: unknown) =>
    createdWith(t, a.headers, collection, example);

  it.each(idPaths)('%s', async (idPath) => {
    const params = [...idPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    expect(params[0], `${idPath}: {id} comes first`).toBe('id');
    const unknown = params.slice(1).filter((param) => !(param in innerParams));
    expect(unknown, `${idPath}: give these parameters a value in innerParams`).toEqual([]);
    const collection = idPath.slice(0, idPath.indexOf('/{id}'));
    const create = document.paths[collection]?.post;
    if (!create) throw new Error(`${idPath}: no POST ${collection} to create the object with`);
    const example = bodyExample(create);
    if (example === undefined) {
      throw new Error(
        `POST ${collection} has no body example: give its body schema examples: [{...}] (CONTRIBUTING.md)`,
      );
    }
    const maker = makers[collection];
    const id = maker ? await maker(t, a) : await createdWithExample(collection, example);
    let url = idPath.replace('{id}', encodeURIComponent(id));
    for (const param of params.slice(1)) {
      url = url.replace(`{${param}}`, encodeURIComponent((await innerParams[param]?.(a, t, id)) ?? ''));
    }
    const item = document.paths[idPath] ?? {};

    if (item.get) {
      const own = await t.app.inject({ method: 'GET', url, headers: a.headers });
      expect(own.statusCode, `A reads its own ${url}: ${own.body}`).toBeLessThan(400);
    }
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const body = operation.requestBody ? (bodyExample(operation) ?? example) : undefined;
      const response = await t.app.inject({
        method: method.toUpperCase() as Uppercase<typeof method>,
        url,
        headers: b.headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(
        response.statusCode,
        `${method.toUpperCase()} ${idPath} as another account: ${response.body}`,
      ).toBe(404);
      // A workspace's own routes say the caller is not its member, whether it exists or not.
      const refusal = idPath.startsWith('/api/v1/workspaces/{id}') ? 'not_a_member' : 'not_found';
      expect((response.json() as { code: string }).code, `${method.toUpperCase()} ${idPath}`).toBe(refusal);
    }
    if (item.get) {
      const still = await t.app.inject({ method: 'GET', url, headers: a.headers });
      expect(still.statusCode, `A's ${url} survives B's attempts`).toBeLessThan(400);
    }
  });
});
