import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../server/test/helpers/accounts.js';
import { type CreatedKey, createApiKey } from '../../../server/test/helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../../../server/test/helpers/app.js';
import { engines } from '../../../server/test/helpers/engines.js';
import { emulatorHost } from '../../../server/test/helpers/firebase.js';
import { createWorkspace, verifiedUser } from '../../../server/test/helpers/workspaces.js';
import { createClient, RqApiError } from '../src/index.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What a request a test sends through the client got: the real server's statuses, in order. */
function recordingFetch(statuses: number[]) {
  return async (request: Request) => {
    const response = await fetch(request);
    statuses.push(response.status);
    return response;
  };
}

/** The client against the real server (over HTTP), on every storage engine. */
describe.each(engines)('@rq/client against a real server on $name', (engine) => {
  let t: TestApp & { base: string };
  let user: SignedInUser;
  let key: CreatedKey;
  beforeAll(async () => {
    t = await listeningTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await verifiedUser(t);
    key = await createApiKey(t, user, ['qrcodes:read', 'qrcodes:write']);
  });
  afterAll(() => t.close());

  const keyClient = () => createClient({ baseUrl: t.base, apiKey: key.key });

  it('signs in with an API key or an ID token, and says 401 as a typed error without either', async () => {
    const created = await keyClient().post('/api/v1/qrcodes', {
      body: { mode: 'redirect', target: 'https://example.com/auth', title: 'by key' },
    });
    const byToken = createClient({ baseUrl: t.base, getToken: async () => user.idToken });
    const read = await byToken.get('/api/v1/qrcodes/{id}', { params: { path: { id: created.id } } });
    expect(read.title).toBe('by key');

    const signedOut = createClient({ baseUrl: t.base, getToken: () => null });
    const error = await signedOut.get('/api/v1/qrcodes').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RqApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('works in the workspace it names (RQ-Workspace)', async () => {
    const team = await createWorkspace(t, user, 'Client team');
    const inTeam = createClient({ baseUrl: t.base, getToken: () => user.idToken, workspace: team });
    const personal = createClient({ baseUrl: t.base, getToken: () => user.idToken });
    const code = await inTeam.post('/api/v1/qrcodes', {
      body: { mode: 'redirect', target: 'https://example.com/team' },
    });
    const teamIds = (await inTeam.get('/api/v1/qrcodes')).data.map((c) => c.id);
    const personalIds = (await personal.get('/api/v1/qrcodes')).data.map((c) => c.id);
    expect(teamIds).toContain(code.id);
    expect(personalIds).not.toContain(code.id);
  });

  it('creates once when a create is sent again after its answer was lost (Idempotency-Key)', async () => {
    const before = (await keyClient().get('/api/v1/qrcodes', { params: { query: { limit: 100 } } })).data
      .length;
    // The first answer is lost on the way back (the server did create): the client sends the create again.
    let lost = false;
    const losingFetch = async (request: Request) => {
      const response = await fetch(request);
      if (lost) return response;
      lost = true;
      await response.body?.cancel();
      throw new TypeError('fetch failed: the connection was reset');
    };
    const rq = createClient({
      baseUrl: t.base,
      apiKey: key.key,
      fetch: losingFetch,
      retry: { baseDelayMs: 10 },
    });
    const created = await rq.post('/api/v1/qrcodes', {
      body: { mode: 'redirect', target: 'https://example.com/once' },
    });
    expect(lost).toBe(true);
    const after = (await keyClient().get('/api/v1/qrcodes', { params: { query: { limit: 100 } } })).data;
    expect(after.length).toBe(before + 1);
    expect(after.map((c) => c.id)).toContain(created.id);
  });

  it('iterates a list across its pages (nextCursor)', async () => {
    const rq = createClient({ baseUrl: t.base, getToken: () => user.idToken });
    const tag = `page-${engine.name}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const code = await rq.post('/api/v1/qrcodes', {
        body: { mode: 'redirect', target: `https://example.com/p${i}`, tags: [tag] },
      });
      made.push(code.id);
    }
    const pages = [];
    for await (const page of rq.pages('/api/v1/qrcodes', { params: { query: { tag, limit: 2 } } }))
      pages.push(page.data.length);
    expect(pages).toEqual([2, 2, 1]);
    const ids = [];
    for await (const code of rq.list('/api/v1/qrcodes', { params: { query: { tag, limit: 2 } } }))
      ids.push(code.id);
    expect(ids.sort()).toEqual(made.sort());
  });

  it('throws problem answers as RqApiError with the code, detail and field paths', async () => {
    const error = await keyClient()
      .post('/api/v1/qrcodes', { body: { mode: 'redirect', target: 'not a url' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RqApiError);
    const problem = error as RqApiError;
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('validation_failed');
    expect(problem.detail).toBeTruthy();
    expect(problem.errors.map((e) => e.path)).toContain('/body/target');
    expect(problem.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(problem.problem.requestId).toBe(problem.requestId);

    const missing = await keyClient()
      .get('/api/v1/qrcodes/{id}', { params: { path: { id: 'qr_01jdx0m6r4c5zk2d9w1v8t7q3n' } } })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('downloads a code image as bytes and as a stream', async () => {
    const rq = keyClient();
    const code = await rq.post('/api/v1/qrcodes', {
      body: { mode: 'redirect', target: 'https://example.com/image' },
    });
    const bytes = await rq.image(code.id, { size: 200 });
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const stream = await rq.imageStream(code.id, { size: 200 });
    const streamed = new Uint8Array(await new Response(stream).arrayBuffer());
    expect(streamed).toEqual(bytes);
    const svg = new TextDecoder().decode(await rq.image(code.id, { format: 'svg' }));
    expect(svg).toMatch(/<svg[\s>]/);
  });
});

/** The rate limit is the server's own; storage does not matter, so SQLite only. */
describe('@rq/client and a real 429', () => {
  let t: TestApp & { base: string };
  let key: CreatedKey;
  beforeAll(async () => {
    // Two requests a second per key: the third in a burst is a 429 with Retry-After: 1.
    t = await listeningTestApp(
      { name: 'sqlite' },
      {
        env: {
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
          API_RATE_LIMIT: '2',
          RATE_LIMIT_WINDOW_MS: '1000',
        },
      },
    );
    key = await createApiKey(t, await verifiedUser(t), ['qrcodes:read']);
  });
  afterAll(() => t.close());

  it('waits as Retry-After says and succeeds; without retries the 429 is a typed error', async () => {
    const statuses: number[] = [];
    const rq = createClient({ baseUrl: t.base, apiKey: key.key, fetch: recordingFetch(statuses) });
    for (let i = 0; i < 3; i++) await rq.get('/api/v1/qrcodes');
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);

    const impatient = createClient({ baseUrl: t.base, apiKey: key.key, retry: false });
    const error = await Promise.all([1, 2, 3].map(() => impatient.get('/api/v1/qrcodes'))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RqApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((error as RqApiError).retryAfter).toBeGreaterThanOrEqual(1);

    // A bounded wait: a client that may wait less than the server asks gives up at once.
    const hurried = createClient({ baseUrl: t.base, apiKey: key.key, retry: { maxWaitMs: 100 } });
    const burst = await Promise.allSettled([1, 2, 3].map(() => hurried.get('/api/v1/qrcodes')));
    expect(burst.some((r) => r.status === 'rejected' && (r.reason as RqApiError).status === 429)).toBe(true);
  });
});
