import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { hashApiKey } from '../../src/modules/apikeys/apikeys.service.js';
import { newId } from '../../src/shared/ids.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { type EmulatorUser, emulatorHost, signUp } from '../helpers/firebase.js';
import {
  appliedMigrations,
  migrateTestDatabaseTo,
  migrationBefore,
  migrationNames,
} from '../helpers/migrations.js';

/**
 * An installation from before workspaces: its rows were written when an account was a Firebase
 * user and nothing more. After the workspaces migration and a restart, every short URL, key and
 * plan works as before, and the user finds their account as their personal workspace.
 */

const WORKSPACES = '2026_11_26_0100_workspaces';
const before = migrationBefore(WORKSPACES);

describe.each(engines)('an installation from before workspaces, on $name', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let user: EmulatorUser;
  let executedBefore: string[] = [];
  const workspaceId = newId('acct');
  const codeId = newId('qr');
  const subscriptionId = newId('sub');
  const key = `rq_${randomBytes(32).toString('base64url')}`;
  const slug = `old-${randomBytes(4).toString('hex')}`;
  const target = 'https://example.com/from-before-workspaces';

  beforeAll(async () => {
    database = await openTestDatabase(engine, { migrate: false });
    await migrateTestDatabaseTo(database, before);
    executedBefore = await appliedMigrations(database);

    // The rows as the code before workspaces wrote them.
    user = await signUp({ displayName: 'Ada Early' });
    // The tables as they were then, not as the app's types say they are now.
    const db = database.handle.db as unknown as Kysely<
      Record<string, Record<string, string | number | null>>
    >;
    const now = Date.now() - 86_400_000;
    await db
      .insertInto('accounts')
      .values({
        id: workspaceId,
        firebase_uid: user.uid,
        email: user.email,
        display_name: 'Ada Early',
        photo_url: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('qrcodes')
      .values({
        id: codeId,
        account_id: workspaceId,
        slug,
        host_key: '',
        mode: 'redirect',
        target,
        data_json: null,
        exec_json: null,
        style_json: '{}',
        title: 'Old menu',
        tags_json: '[]',
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('api_keys')
      .values({
        id: newId('key'),
        account_id: workspaceId,
        name: 'old key',
        prefix: key.slice(0, 7),
        key_hash: hashApiKey(key),
        scopes_json: JSON.stringify(['qrcodes:read']),
        created_at: now,
      })
      .execute();
    await db
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        account_id: workspaceId,
        plan: 'hostnames',
        provider: 'operator',
        provider_subscription_id: null,
        provider_plan_id: null,
        status: 'ACTIVE',
        current_period_end: null,
        status_since: now,
        created_at: now,
        updated_at: now,
      })
      .execute();

    // The new version starts on it and migrates it, as a deployment does.
    const config = loadConfig({ LOG_LEVEL: 'silent', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() });
    app = await buildApp(config, { database: database.handle, migrate: true, serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('was built at the migration before workspaces, and is migrated to the last one', async () => {
    expect(executedBefore).toContain(before);
    expect(executedBefore).not.toContain(WORKSPACES);
    expect(await appliedMigrations(database)).toEqual(migrationNames);
  });

  it('still redirects the short URL', async () => {
    const scan = await app.inject({ method: 'GET', url: `/r/${slug}` });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe(target);
  });

  it('still takes the API key, which lists the code', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/qrcodes',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { data: { id: string }[] }).data.map((code) => code.id)).toEqual([codeId]);
  });

  it('signs the user in to the same account, now their personal workspace, which they own', async () => {
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    const body = me.json() as { id: string; workspaces: { id: string; personal: boolean; role: string }[] };
    expect(body.id).toBe(workspaceId);
    expect(body.workspaces).toEqual([
      expect.objectContaining({ id: workspaceId, personal: true, role: 'owner', name: 'Ada Early' }),
    ]);
  });

  it('still counts the subscription', async () => {
    const subscriptions = await app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(subscriptions.statusCode, subscriptions.body).toBe(200);
    const overview = subscriptions.json() as { subscriptions: { id: string }[]; plans: string[] };
    expect(overview.subscriptions.map((s) => s.id)).toEqual([subscriptionId]);
    expect(overview.plans).toContain('hostnames');
  });
});
