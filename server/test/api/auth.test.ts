import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { canUseAccount, permission } from '../../src/plugins/permissions.js';
import { createApiKey, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines, openTestDatabase } from '../helpers/engines.js';
import { decodeTokenPayload, emulatorHost, signUp } from '../helpers/firebase.js';

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}

function expectProblem(response: Answer, status: number, code: string): Record<string, unknown> {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json() as Record<string, unknown>;
  expect(body.code).toBe(code);
  return body;
}

/** A route behind a scope, as other modules write them. */
function addScopedRoute(app: FastifyInstance): void {
  app.get(
    '/api/v1/test/rules-write',
    {
      onRequest: app.authenticate(permission('canTestRulesWrite', { role: 'editor', scope: 'rules:write' })),
    },
    async (request) => ({ account: request.workspace.id, kind: request.principal.kind }),
  );
}

describe.each(engines)('sign-in and API keys on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), MARKETPLACE_PROXY_SECRET: 'mp-secret-123' },
      extend: addScopedRoute,
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('Firebase ID tokens from the emulator', () => {
    it('creates the account on first use and answers GET /me with it', async () => {
      const user = await signUp({ displayName: 'Ada Lovelace', photoURL: 'https://example.com/ada.png' });
      const headers = { authorization: `Bearer ${user.idToken}` };
      const first = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
      expect(first.statusCode, first.body).toBe(200);
      const me = first.json() as Record<string, unknown>;
      expect(me).toMatchObject({
        uid: user.uid,
        email: user.email,
        displayName: 'Ada Lovelace',
        photoURL: 'https://example.com/ada.png',
      });
      expect(me.id).toMatch(/^acct_/);
      expect(Date.parse(me.createdAt as string)).not.toBeNaN();

      const again = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
      expect(again.json()).toEqual(me);
      const rows = await t.database.handle.db
        .selectFrom('accounts')
        .select('id')
        .where('firebase_uid', '=', user.uid)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a request without credentials with 401 and WWW-Authenticate', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
      expectProblem(response, 401, 'unauthorized');
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });

    it.each([
      ['a malformed JSON body', 'application/json', '{"name": "ci",'],
      ['a text/plain body', 'text/plain', 'hello'],
      ['a body that breaks the schema', 'application/json', '{"nope": 1}'],
    ])('answers 401 before looking at %s', async (_what, contentType, payload) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { 'content-type': contentType },
        payload,
      });
      expectProblem(response, 401, 'unauthorized');
    });

    it('refuses garbage and malformed credentials with 401', async () => {
      for (const authorization of ['Bearer garbage', 'Bearer a.b.c', 'Basic dXNlcjpwdw==', 'Bearer']) {
        const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
        expectProblem(response, 401, 'unauthorized');
      }
    });

    it('refuses a token of another Firebase project with 401', async () => {
      const stranger = await signUp({ projectId: 'demo-other' });
      expect(decodeTokenPayload(stranger.idToken).aud).toBe('demo-other');
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${stranger.idToken}` },
      });
      const body = expectProblem(response, 401, 'unauthorized');
      expect(body.detail).toMatch(/aud/);
    });

    it('refuses a token once its hour is over with 401', async () => {
      // A real emulator token; the clock (Date only) moves past its own exp claim.
      const user = await signUp();
      const headers = { authorization: `Bearer ${user.idToken}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers })).statusCode).toBe(200);
      const exp = decodeTokenPayload(user.idToken).exp as number;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(exp * 1000 + 60_000);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
      const body = expectProblem(response, 401, 'unauthorized');
      expect(body.detail).toMatch(/expired/);
    });
  });

  describe('API keys', () => {
    it('shows the key once, stores only its SHA-256, and accepts it as Bearer and X-API-Key', async () => {
      const user = await signedInUser(t);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: user.headers,
        payload: { name: 'deploys', scopes: ['qrcodes:read', 'rules:write'] },
      });
      expect(created.statusCode).toBe(201);
      const body = created.json() as Record<string, unknown>;
      const key = body.key as string;
      expect(key).toMatch(/^rq_[A-Za-z0-9_-]{43}$/); // 256 random bits
      expect(body).toMatchObject({
        name: 'deploys',
        prefix: key.slice(0, 7),
        scopes: ['qrcodes:read', 'rules:write'],
        lastUsedAt: null,
        expiresAt: null,
      });

      const row = await t.database.handle.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', body.id as string)
        .executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(key.slice(7));

      for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }]) {
        const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
        expect(me.statusCode).toBe(200);
        expect((me.json() as { id: string }).id).toBe(user.workspaceId);
      }
      const scoped = await t.app.inject({
        method: 'GET',
        url: '/api/v1/test/rules-write',
        headers: { 'x-api-key': key },
      });
      expect(scoped.json()).toEqual({ account: user.workspaceId, kind: 'apiKey' });

      const listed = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: user.headers });
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(key);
      expect((listed.json() as { data: { id: string }[] }).data.map((k) => k.id)).toEqual([body.id]);
    });

    it('answers 403 naming the missing scope', async () => {
      const user = await signedInUser(t);
      const key = await createApiKey(t, user, ['rules:read']);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/test/rules-write',
        headers: key.headers,
      });
      const body = expectProblem(response, 403, 'insufficient_scope');
      expect(body.detail).toContain('rules:write');
      expect(body.scope).toBe('rules:write');
      // A signed-in user holds every scope.
      const asUser = await t.app.inject({
        method: 'GET',
        url: '/api/v1/test/rules-write',
        headers: user.headers,
      });
      expect(asUser.json()).toEqual({ account: user.workspaceId, kind: 'firebase' });
    });

    it('never lets a key create, list, read or revoke keys', async () => {
      const user = await signedInUser(t);
      const key = await createApiKey(t, user, ['qrcodes:read', 'qrcodes:write']);
      const attempts = [
        {
          method: 'POST' as const,
          url: '/api/v1/api-keys',
          payload: { name: 'x', scopes: ['qrcodes:read'] },
        },
        { method: 'GET' as const, url: '/api/v1/api-keys' },
        { method: 'GET' as const, url: `/api/v1/api-keys/${key.id}` },
        { method: 'DELETE' as const, url: `/api/v1/api-keys/${key.id}` },
      ];
      for (const attempt of attempts) {
        for (const headers of [key.headers, { 'x-api-key': key.key }]) {
          const response = await t.app.inject({ ...attempt, headers });
          expectProblem(response, 403, 'forbidden');
        }
      }
    });

    it('refuses an unknown or malformed key with 401', async () => {
      for (const credential of [`rq_${'A'.repeat(43)}`, 'rq_short', 'rq_']) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/v1/me',
          headers: { 'x-api-key': credential },
        });
        expectProblem(response, 401, 'unauthorized');
      }
    });

    it('refuses a revoked key with 401; revoking twice or someone else’s key is 404', async () => {
      const user = await signedInUser(t);
      const other = await signedInUser(t);
      const key = await createApiKey(t, user, ['qrcodes:read']);
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/api-keys/${key.id}`,
        headers: other.headers,
      });
      expectProblem(foreign, 404, 'not_found');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers })).statusCode,
      ).toBe(200);

      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/api-keys/${key.id}`,
        headers: user.headers,
      });
      expect(revoked.statusCode).toBe(204);
      const after = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers });
      expect(expectProblem(after, 401, 'unauthorized').detail).toMatch(/revoked/);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/api-keys/${key.id}`,
        headers: user.headers,
      });
      expectProblem(again, 404, 'not_found');
      const listed = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: user.headers });
      expect((listed.json() as { data: unknown[] }).data).toEqual([]);
    });

    it('refuses an expired key with 401 and an expiry in the past with 400', async () => {
      const user = await signedInUser(t);
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const key = await createApiKey(t, user, ['qrcodes:read'], { expiresAt });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers })).statusCode,
      ).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.parse(expiresAt) + 1000);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers });
      expect(expectProblem(response, 401, 'unauthorized').detail).toMatch(/expired/);
      vi.useRealTimers();

      const past = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: user.headers,
        payload: { name: 'old', scopes: ['qrcodes:read'], expiresAt: '2020-01-01T00:00:00Z' },
      });
      const body = expectProblem(past, 400, 'validation_failed');
      expect(body.errors).toEqual([{ path: '/body/expiresAt', message: 'must be a time in the future' }]);
    });

    it('writes the last-used time at most once a minute per key', async () => {
      const user = await signedInUser(t);
      const key = await createApiKey(t, user, ['qrcodes:read']);
      const lastUsed = async () =>
        (
          await t.database.handle.db
            .selectFrom('api_keys')
            .select('last_used_at')
            .where('id', '=', key.id)
            .executeTakeFirstOrThrow()
        ).last_used_at;
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers });
      expect(await lastUsed()).toBe(start);
      vi.setSystemTime(start + 59_000);
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers });
      expect(await lastUsed()).toBe(start);
      vi.setSystemTime(start + 61_000);
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: key.headers });
      expect(await lastUsed()).toBe(start + 61_000);
      const shown = await t.app.inject({
        method: 'GET',
        url: `/api/v1/api-keys/${key.id}`,
        headers: user.headers,
      });
      expect((shown.json() as { lastUsedAt: string }).lastUsedAt).toBe(
        new Date(start + 61_000).toISOString(),
      );
    });

    it('lists keys newest first in pages of ?limit= with nextCursor', async () => {
      const user = await signedInUser(t);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await createApiKey(t, user, ['qrcodes:read'], { name: `k${i}` })).id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/v1/api-keys?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await t.app.inject({ method: 'GET', url, headers: user.headers });
        expect(page.statusCode).toBe(200);
        const body = page.json() as { data: { id: string }[]; nextCursor: string | null };
        expect(body.data.length).toBeLessThanOrEqual(2);
        seen.push(...body.data.map((k) => k.id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/v1/api-keys?cursor=nonsense',
        headers: user.headers,
      });
      expectProblem(bad, 400, 'validation_failed');
      const tooMany = await t.app.inject({
        method: 'GET',
        url: '/api/v1/api-keys?limit=101',
        headers: user.headers,
      });
      expectProblem(tooMany, 400, 'validation_failed');
    });

    it('answers a repeated Idempotency-Key with the first answer, and refuses it for another body', async () => {
      const user = await signedInUser(t);
      const headers = { ...user.headers, 'idempotency-key': 'create-ci-key-1' };
      const payload = { name: 'ci', scopes: ['qrcodes:read'] };
      const first = await t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers, payload });
      const second = await t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers, payload });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');
      const listed = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: user.headers });
      expect((listed.json() as { data: unknown[] }).data).toHaveLength(1);

      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers,
        payload: { ...payload, name: 'other' },
      });
      expect(expectProblem(changed, 409, 'conflict').detail).toMatch(/different request/);
      // Keys are per account: another user's same key creates their own.
      const other = await signedInUser(t);
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { ...other.headers, 'idempotency-key': 'create-ci-key-1' },
        payload,
      });
      expect(theirs.statusCode).toBe(201);
      expect((theirs.json() as { id: string }).id).not.toBe((first.json() as { id: string }).id);
      // A failed first attempt does not hold the key.
      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { ...user.headers, 'idempotency-key': 'k2' },
        payload: { name: 'x', scopes: ['qrcodes:read'], expiresAt: '2020-01-01T00:00:00Z' },
      });
      expect(invalid.statusCode).toBe(400);
      const retried = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { ...user.headers, 'idempotency-key': 'k2' },
        payload: { name: 'x', scopes: ['qrcodes:read'] },
      });
      expect(retried.statusCode).toBe(201);
    });

    it('replays for 24 hours only', async () => {
      const user = await signedInUser(t);
      const headers = { ...user.headers, 'idempotency-key': 'day-key' };
      const payload = { name: 'daily', scopes: ['qrcodes:read'] };
      const first = await t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers, payload });
      // An ID token lives an hour, so instead of moving the clock a day, the record is made a day old.
      await t.database.handle.db
        .updateTable('idempotency_keys')
        .set({ created_at: Date.now() - 24 * 3_600_000 - 1000 })
        .where('account_id', '=', user.workspaceId)
        .where('key', '=', 'day-key')
        .execute();
      const later = await t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers, payload });
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect((later.json() as { id: string }).id).not.toBe((first.json() as { id: string }).id);
    });
  });

  describe('the signing secret', () => {
    it('is shown masked, shown in full once on rotation, and usable by the server', async () => {
      const user = await signedInUser(t);
      const masked = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/signing-secret',
        headers: user.headers,
      });
      expect(masked.statusCode).toBe(200);
      const initial = await t.app.accounts.getSigningSecret(user.workspaceId);
      expect(initial).toMatch(/^rqsig_[A-Za-z0-9_-]{43}$/);
      expect((masked.json() as { secret: string }).secret).toBe(`rqsig_••••••••${initial.slice(-4)}`);

      const rotated = await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/signing-secret/rotate',
        headers: user.headers,
      });
      expect(rotated.statusCode).toBe(200);
      const secret = (rotated.json() as { secret: string }).secret;
      expect(secret).not.toBe(initial);
      expect(await t.app.accounts.getSigningSecret(user.workspaceId)).toBe(secret);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/signing-secret',
        headers: user.headers,
      });
      expect((after.json() as { secret: string }).secret).toBe(`rqsig_••••••••${secret.slice(-4)}`);

      const key = await createApiKey(t, user, ['qrcodes:write']);
      const byKey = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/signing-secret',
        headers: key.headers,
      });
      expectProblem(byKey, 403, 'forbidden');
    });
  });

  describe('the API marketplace', () => {
    const secret = { 'x-rapidapi-proxy-secret': 'mp-secret-123' };

    it('maps X-RapidAPI-User to an account, created on first use', async () => {
      const headers = { ...secret, 'x-rapidapi-user': 'grace' };
      const first = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
      expect(first.statusCode, first.body).toBe(200);
      const me = first.json() as Record<string, unknown>;
      expect(me).toMatchObject({ uid: null, displayName: 'grace' });
      const again = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
      expect((again.json() as { id: string }).id).toBe(me.id);
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { ...secret, 'x-rapidapi-user': 'alan' },
      });
      expect((other.json() as { id: string }).id).not.toBe(me.id);
      const scoped = await t.app.inject({ method: 'GET', url: '/api/v1/test/rules-write', headers });
      expect(scoped.json()).toEqual({ account: me.id, kind: 'marketplace' });
      const keys = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers });
      expectProblem(keys, 403, 'forbidden');
    });

    it('ignores the marketplace headers without the matching secret', async () => {
      for (const given of ['wrong', 'mp-secret-1234', '']) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/v1/me',
          headers: { 'x-rapidapi-proxy-secret': given, 'x-rapidapi-user': 'mallory' },
        });
        expectProblem(response, 401, 'unauthorized');
      }
      const count = await t.database.handle.db
        .selectFrom('accounts')
        .select('id')
        .where('marketplace_user', '=', 'mallory')
        .execute();
      expect(count).toEqual([]);
      // With the secret and a signed-in user's token, the marketplace wins only with a user header.
      const noUser = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: secret });
      expectProblem(noUser, 401, 'unauthorized');
    });
  });
});

describe('the marketplace without a configured secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' }, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
  });
  afterAll(() => t.close());

  it('ignores the marketplace headers entirely', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { 'x-rapidapi-proxy-secret': '', 'x-rapidapi-user': 'grace' },
    });
    expectProblem(response, 401, 'unauthorized');
    const user = await signUp();
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: {
        authorization: `Bearer ${user.idToken}`,
        'x-rapidapi-proxy-secret': 'x',
        'x-rapidapi-user': 'grace',
      },
    });
    expect((withToken.json() as { uid: string }).uid).toBe(user.uid);
  });
});

describe('where the auth hook runs', () => {
  // Any later than onRequest, a stranger's body would be read, parsed and validated before the 401.
  it.each(['preValidation', 'preHandler'] as const)(
    'refuses to start with app.authenticate() as a %s hook',
    async (stage) => {
      const database = await openTestDatabase({ name: 'sqlite' });
      const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), {
        database: database.handle,
        migrate: false,
        serveWeb: false,
      });
      try {
        const start = async () => {
          app.post('/api/v1/test/late-auth', { [stage]: app.authenticate(canUseAccount) }, async () => ({}));
          await app.ready();
        };
        await expect(start()).rejects.toThrow(
          `POST /api/v1/test/late-auth: app.authenticate() is a ${stage} hook`,
        );
      } finally {
        await app.close().catch(() => undefined);
        await database.close();
      }
    },
  );
});
