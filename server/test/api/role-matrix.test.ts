import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../../src/modules/gs1/gs1.syntax.js';
import { ROLES, type Role, roleAtLeast } from '../../src/plugins/permissions.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import {
  bodyExample,
  createdWithExample as createdWith,
  type OperationWithBody,
} from '../helpers/openapi-examples.js';

/**
 * The role matrix, read from the OpenAPI document: for every operation that names its permission
 * (`x-rq-permission`), a member of each role calls it in a team workspace of their own, on an
 * object of that workspace. A role at least the one named is let through (neither 403 nor, for
 * an object that exists, 404); a weaker one gets 403 `forbidden` naming the role needed, and the
 * object is as it was. The same member asking for another workspace's object gets 404 (or the
 * same 403, before anything is read). A new route is covered without editing this file; one whose
 * object, path parameter or body this test cannot make fails it loudly (add a maker below, as in
 * tenancy.test.ts).
 */

interface Permission {
  name: string;
  role: Role;
  scope?: string;
  session?: boolean;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  example?: unknown;
  schema?: { examples?: unknown[]; default?: unknown; enum?: unknown[] };
}
interface Operation extends OperationWithBody {
  parameters?: Parameter[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
  'x-rq-permission'?: Permission;
}
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];
type PathItem = Partial<Record<Method, Operation>>;
interface OpenApiDocument {
  paths: Record<string, PathItem>;
}

/** A value for each required query parameter: its example, default or first allowed value. */
function requiredQuery(operation: Operation, label: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    const { schema } = parameter;
    const value = parameter.example ?? schema?.examples?.[0] ?? schema?.default ?? schema?.enum?.[0];
    if (value === undefined) {
      throw new Error(`${label}: give the required query parameter ${parameter.name} an example`);
    }
    query[parameter.name] = String(value);
  }
  return query;
}

// Webhook deliveries are left unsent: an attempt between two reads would change the object read.
const env = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), WEBHOOK_WORKER: 'false' };

/** What a case works with: the app, the workspace objects are made in, and its owner, who makes them. */
interface Context {
  t: TestApp & { base: string };
  owner: SignedInUser;
  workspaceId: string;
  /** The member whose role the case is about. */
  caller: SignedInUser;
  /** A member of the case's workspace who is neither the caller nor the owner (a `{uid}` to act on). */
  bystander: SignedInUser;
}

/** The owner's headers in a workspace. */
const ownerHeaders = (c: Context, workspaceId = c.workspaceId) => ({
  ...c.owner.headers,
  'rq-workspace': workspaceId,
});

/** Made through the API, as the workspace's owner, with the create route's body example. */
const createdWithExample = (c: Context, collection: string, example: unknown) =>
  createdWith(c.t, ownerHeaders(c), collection, example);

/** The name of every workspace this test makes. */
const WORKSPACE_NAME = 'Role matrix';

let made = 0;
/** A name no other case has used, for objects whose names are unique across workspaces. */
const unique = (prefix: string) => `${prefix}${++made}-${process.pid}`;
/** A GTIN no other case has used: a key is registered once on our hosts, whoever registers it. */
const uniqueGtin = () => {
  const digits = `${process.pid % 100_000}`.padStart(5, '0') + `${++made}`.padStart(8, '0');
  return `${digits}${gs1CheckDigit(digits)}`;
};
const gs1ItemBody = () => ({
  ...(bodyExample(document.paths['/api/v1/gs1/items']?.post) as object),
  primaryKey: { ai: '01', value: uniqueGtin() },
});

/**
 * Objects whose POST needs a party this test does not run, or that are not made by a POST of the
 * example on their collection: a subscription is made the operator's way (a grant), a hostname is
 * unique across workspaces, and a workspace's `{id}` is the case's workspace itself.
 */
const makers: Record<string, (c: Context) => Promise<string>> = {
  '/api/v1/subscriptions': async (c) =>
    (await c.t.app.plans.grants.grant(c.workspaceId, 'hostnames', null)).id,
  '/api/v1/hostnames': (c) =>
    createdWithExample(c, '/api/v1/hostnames', { hostname: `${unique('matrix')}.example.com` }),
  '/api/v1/workspaces': async (c) => c.workspaceId,
  '/api/v1/slugs': async () => unique('matrix-slug-'),
  '/api/v1/gs1/items': (c) => createdWithExample(c, '/api/v1/gs1/items', gs1ItemBody()),
  // A split rule: a rule of any kind for /rules/{id}, and an experiment for /rules/{id}/experiment.
  '/api/v1/rules': (c) =>
    createdWithExample(c, '/api/v1/rules', {
      name: 'A/B',
      then: {
        split: [
          { url: 'https://example.com/a', weight: 50 },
          { url: 'https://example.com/b', weight: 50 },
        ],
      },
    }),
};

/**
 * Collections whose path parameter names no object of a workspace: another workspace's value is
 * not a 404 there (a slug's availability is a question about every workspace's codes).
 */
const notWorkspaceObjects = new Set(['/api/v1/slugs']);

/**
 * Path parameters after the object's own (`/workspaces/{id}/members/{uid}`), by name, or by
 * `METHOD path {name}` for one operation: removing a member names the caller, since leaving is
 * what every role may do (removing someone else needs admin, which the workspaces tests cover).
 */
const parameterMakers: Record<string, (c: Context, objectId: string) => Promise<string>> = {
  uid: async (c) => c.bystander.uid,
  'DELETE /api/v1/workspaces/{id}/members/{uid} {uid}': async (c) => c.caller.uid,
  invId: (c) =>
    createdWithExample(
      c,
      `/api/v1/workspaces/${c.workspaceId}/invitations`,
      bodyExample(document.paths['/api/v1/workspaces/{id}/invitations']?.post),
    ),
  // A delivery of the webhook the path names: its test event.
  deliveryId: async (c, webhookId) => {
    const answer = await c.t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${webhookId}/test`,
      headers: ownerHeaders(c),
    });
    expect(answer.statusCode, answer.body).toBe(202);
    return (answer.json() as { id: string }).id;
  },
};

/** Bodies other than the example: unique names, other objects of the workspace (keyed `METHOD path`). */
const bodies: Record<string, (c: Context) => Promise<unknown>> = {
  'POST /api/v1/hostnames': async () => ({ hostname: `${unique('matrix')}.example.com` }),
  'POST /api/v1/gs1/items': async () => gs1ItemBody(),
  'POST /api/v1/workspaces/{id}/transfer': async (c) => ({ uid: c.bystander.uid }),
  // Deleting a workspace asks for its name, so that it is not done by mistake.
  'DELETE /api/v1/workspaces/{id}': async () => ({ confirm: WORKSPACE_NAME }),
  'POST /api/v1/designs/{id}/apply': async (c) => ({
    codes: [
      await createdWithExample(c, '/api/v1/qrcodes', bodyExample(document.paths['/api/v1/qrcodes']?.post)),
    ],
  }),
};

// The document is read once up front, so each operation and role becomes a test of its own.
const probe = await buildTestApp({ name: 'sqlite' }, { env });
const document = (
  await probe.app.inject({ method: 'GET', url: '/api/openapi.json' })
).json() as OpenApiDocument;
await probe.close();

interface Case {
  method: Method;
  path: string;
  operation: Operation;
  permission: Permission;
  role: Role;
  allowed: boolean;
  label: string;
}

const cases: Case[] = Object.entries(document.paths)
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      const permission = operation?.['x-rq-permission'];
      if (!operation || !permission) return [];
      return ROLES.map((role) => {
        const allowed = roleAtLeast(role, permission.role);
        const answer = allowed ? 'let through' : `403 (needs ${permission.role})`;
        const label = `${method.toUpperCase()} ${path} as ${role}: ${answer}`;
        return { method, path, operation, permission, role, allowed, label };
      });
    }),
  );

const pathParameters = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);

/** The path up to its first parameter: where the object is created. */
const collectionOf = (path: string) => (path.includes('/{') ? path.slice(0, path.indexOf('/{')) : path);

/** The nearest path at or above `path` that can be read: how an object is seen to be unchanged. */
function readablePath(path: string): string | undefined {
  for (let p = path; p.includes('/'); p = p.slice(0, p.lastIndexOf('/'))) {
    const get = document.paths[p]?.get;
    if (get && !streams(get)) return p;
  }
  return undefined;
}

/** Server-sent events answer with headers and never end: they are read over a socket. */
const streams = (operation: Operation) =>
  Object.values(operation.responses ?? {}).some((r) => r.content?.['text/event-stream'] !== undefined);

describe.each(engines)('the role matrix on $name', (engine) => {
  let t: TestApp & { base: string };
  let owner: SignedInUser;
  let outsider: SignedInUser;
  let bystander: SignedInUser;
  const members = {} as Record<Role, SignedInUser>;
  beforeAll(async () => {
    t = await listeningTestApp(engine, { env });
    owner = await signedInUser(t);
    bystander = await signedInUser(t);
    outsider = await signedInUser(t);
    members.owner = owner;
    for (const role of ROLES.filter((r) => r !== 'owner')) members[role] = await signedInUser(t);
  });
  afterAll(() => t.close());

  it('finds the operations that name a permission in the OpenAPI document', () => {
    expect(cases.map((c) => c.label)).toEqual(
      expect.arrayContaining([
        'DELETE /api/v1/qrcodes/{id} as viewer: 403 (needs editor)',
        'POST /api/v1/api-keys as admin: let through',
        'GET /api/v1/me as viewer: let through',
      ]),
    );
  });

  /** A team workspace of `creator`'s where `role` is `member`'s role (and the bystander is a viewer). */
  async function workspaceWith(
    member: SignedInUser | undefined,
    role: Role,
    creator: SignedInUser = owner,
  ): Promise<string> {
    const workspace = await t.app.workspaces.create({ uid: creator.uid }, WORKSPACE_NAME);
    if (member && role !== 'owner') await t.app.workspaces.addMember(workspace.id, member.uid, role);
    await t.app.workspaces.addMember(workspace.id, bystander.uid, 'viewer');
    return workspace.id;
  }

  /** The operation's URL on a new object of the context's workspace. */
  async function urlFor(c: Context, method: Method, path: string): Promise<string> {
    let url = path;
    let objectId = '';
    const [first, ...others] = pathParameters(path);
    if (first) {
      const collection = collectionOf(path);
      const maker = makers[collection];
      const example = bodyExample(document.paths[collection]?.post);
      if (!maker && example === undefined) {
        throw new Error(
          `${path}: no POST ${collection} with a body example to create the object with (give its body schema examples, or add a maker here)`,
        );
      }
      objectId = maker ? await maker(c) : await createdWithExample(c, collection, example);
      url = url.replace(`{${first}}`, encodeURIComponent(objectId));
    }
    for (const name of others) {
      const make = parameterMakers[`${method.toUpperCase()} ${path} {${name}}`] ?? parameterMakers[name];
      if (!make) throw new Error(`${path}: add a parameterMaker for {${name}}`);
      url = url.replace(`{${name}}`, encodeURIComponent(await make(c, objectId)));
    }
    return url;
  }

  /** What the owner reads at the nearest readable path: the same text after a refused call. */
  async function snapshot(c: Context, url: string, path: string): Promise<string | undefined> {
    const readable = readablePath(path);
    if (!readable) return undefined;
    const depth = readable.split('/').length;
    const readUrl = url.split('/').slice(0, depth).join('/');
    const answer = await t.app.inject({ method: 'GET', url: readUrl, headers: ownerHeaders(c) });
    return `${answer.statusCode} ${answer.body}`;
  }

  async function call(
    test: Case,
    c: Context,
    url: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    const query = new URLSearchParams(requiredQuery(test.operation, test.label)).toString();
    const target = query ? `${url}?${query}` : url;
    if (streams(test.operation)) {
      // Headers come first; the stream itself is left unread and closed.
      const abort = new AbortController();
      const response = await fetch(`${t.base}${target}`, { headers, signal: abort.signal });
      const body = response.status === 200 ? '' : await response.text();
      abort.abort();
      return { status: response.status, body };
    }
    const key = `${test.method.toUpperCase()} ${test.path}`;
    const made = bodies[key];
    const body = made
      ? await made(c)
      : test.operation.requestBody
        ? (bodyExample(test.operation) ?? bodyExample(document.paths[collectionOf(test.path)]?.post))
        : undefined;
    const response = await t.app.inject({
      method: test.method.toUpperCase() as Uppercase<Method>,
      url: target,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body };
  }

  it.each(cases.map((test) => [test.label, test] as const))('%s', async (_label, test) => {
    const member = members[test.role];
    const c: Context = {
      t,
      owner,
      bystander,
      caller: member,
      workspaceId: await workspaceWith(member, test.role),
    };
    const headers = { ...member.headers, 'rq-workspace': c.workspaceId };
    const hasObject =
      pathParameters(test.path).length > 0 && !notWorkspaceObjects.has(collectionOf(test.path));

    if (hasObject) {
      // Another person's workspace, which the member is not in: its objects are not there.
      const other: Context = {
        ...c,
        owner: outsider,
        workspaceId: await workspaceWith(undefined, 'owner', outsider),
      };
      const foreignUrl = await urlFor(other, test.method, test.path);
      const before = await snapshot(other, foreignUrl, test.path);
      const foreign = await call(test, c, foreignUrl, headers);
      // A role too weak may be refused before anything is read, which tells nothing of the object.
      // A route of the workspace itself (`/workspaces/{id}`) names a workspace the member is not in.
      const missing = test.path.startsWith('/api/v1/workspaces/{id}') ? '404 not_a_member' : '404 not_found';
      const expected = test.allowed ? [missing] : [missing, '403 forbidden'];
      const code = (JSON.parse(foreign.body || '{}') as { code?: string }).code;
      expect(expected, `another workspace's object: ${foreign.body}`).toContain(`${foreign.status} ${code}`);
      expect(await snapshot(other, foreignUrl, test.path), "another workspace's object is unchanged").toBe(
        before,
      );
    }

    const url = await urlFor(c, test.method, test.path);
    const before = test.method === 'get' ? undefined : await snapshot(c, url, test.path);
    const answer = await call(test, c, url, headers);
    if (test.allowed) {
      expect(answer.status, answer.body).not.toBe(403);
      expect(answer.status, answer.body).toBeLessThan(500);
      if (hasObject) expect(answer.status, `the object exists: ${answer.body}`).not.toBe(404);
      return;
    }
    expect(answer.status, answer.body).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'forbidden', role: test.permission.role });
    if (before !== undefined) {
      expect(await snapshot(c, url, test.path), 'the object is unchanged').toBe(before);
    }
  });

  it('lets an API key work in its own workspace, whatever RQ-Workspace says', async () => {
    const c: Context = {
      t,
      owner,
      bystander,
      caller: owner,
      workspaceId: await workspaceWith(owner, 'owner'),
    };
    const codeId = await createdWithExample(
      c,
      '/api/v1/qrcodes',
      bodyExample(document.paths['/api/v1/qrcodes']?.post),
    );
    const key = await createApiKey(t, { headers: ownerHeaders(c) }, ['qrcodes:read']);
    // The owner's personal workspace, where the key does not belong.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/qrcodes',
      headers: { ...key.headers, 'rq-workspace': owner.workspaceId },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { data: { id: string }[] }).data.map((code) => code.id)).toEqual([codeId]);
  });

  it('answers 404 to a signed-in user naming a workspace they are not in', async () => {
    const workspaceId = await workspaceWith(owner, 'owner');
    const stranger = members.viewer;
    for (const url of ['/api/v1/me', '/api/v1/qrcodes']) {
      const answer = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...stranger.headers, 'rq-workspace': workspaceId },
      });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(404);
      expect((answer.json() as { code: string }).code).toBe('not_a_member');
    }
  });
});
