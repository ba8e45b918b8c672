import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-db.js';
import { EventsService } from '../../src/modules/events/events.service.js';
import {
  claimDueDeliveries,
  insertWebhook,
  recordAttempt,
} from '../../src/modules/webhooks/webhooks.repository.js';
import { type WebhookMessage, WebhooksService } from '../../src/modules/webhooks/webhooks.service.js';
import { AddressPolicy } from '../../src/shared/address-policy.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * The outbox on each engine: deliveries are written with the change or not at all, workers
 * claim disjoint sets (FOR UPDATE SKIP LOCKED on PostgreSQL), a killed worker's claims come back
 * once its lease runs out, and a worker whose lease ran out cannot overwrite the one that took over.
 */

const settings = loadConfig({}).webhooks;

async function withEndpoint(handle: DatabaseHandle, workspaceId: string, events: string[]): Promise<string> {
  const id = `wh_${workspaceId.slice(-8)}${Math.random().toString(36).slice(2, 10)}`;
  await insertWebhook(handle.db, {
    id,
    workspace_id: workspaceId,
    url: 'https://example.com/hook',
    description: '',
    events_json: JSON.stringify(events),
    enabled: 1,
    disabled_reason: null,
    secret: 'whsec_AAAA',
    previous_secret: null,
    previous_secret_until: null,
    failing_since: null,
    created_at: 0,
    updated_at: 0,
  });
  return id;
}

const messages = (count: number, prefix: string): WebhookMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}_${i}`,
    type: 'scan.created',
    at: Date.now(),
    data: { i },
  }));

describe.each(engines)('the webhooks outbox on $name', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let webhooks: WebhooksService;
  let events: EventsService;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    handle = database.handle;
    events = new EventsService(handle.db);
    webhooks = new WebhooksService(handle.db, {
      events,
      settings,
      addressPolicy: new AddressPolicy(),
      resolve: async () => [],
    });
    events.onRecorded(webhooks.onEventRecorded);
  });
  afterAll(() => database.close());

  const count = async (webhookId: string) =>
    (
      await handle.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', webhookId)
        .execute()
    ).length;

  it('writes deliveries in the transaction of the change, for subscribed endpoints only', async () => {
    const scans = await withEndpoint(handle, 'acct_outbox1', ['scan.created']);
    const other = await withEndpoint(handle, 'acct_outbox1', ['qrcode.created']);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await webhooks.enqueue(trx, 'acct_outbox1', messages(3, 'rolled'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count(scans)).toBe(0);

    const made = await handle.db
      .transaction()
      .execute((trx) => webhooks.enqueue(trx, 'acct_outbox1', messages(1200, 'kept')));
    expect(made).toBe(1200);
    expect(await count(scans)).toBe(1200);
    expect(await count(other)).toBe(0);
    expect(
      await handle.db.transaction().execute((trx) => webhooks.enqueue(trx, 'acct_none', messages(5, 'x'))),
    ).toBe(0);

    // An audit event goes out with its change, in its transaction.
    await events.inTransaction(async () => ({
      result: undefined,
      events: [
        {
          type: 'qrcode.created',
          workspaceId: 'acct_outbox1',
          actor: { type: 'system' as const, id: 'test', email: null },
          resource: { type: 'qrcode', id: 'qr_1' },
          data: { object: { id: 'qr_1' } },
        },
      ],
    }));
    expect(await count(other)).toBe(1);
  });

  it('hands each due delivery to one worker, and back to another once a lease runs out', async () => {
    const workspace = 'acct_claims';
    // Only this test's deliveries are due.
    await handle.db.updateTable('webhook_deliveries').set({ status: 'delivered' }).execute();
    const endpoint = await withEndpoint(handle, workspace, ['scan.created']);
    await handle.db.transaction().execute((trx) => webhooks.enqueue(trx, workspace, messages(40, 'claim')));
    const now = Date.now() + 1000;
    const second = engine.name === 'postgres' ? secondPool(database) : handle;
    const claim = (on: DatabaseHandle) =>
      claimDueDeliveries(on.db, engine.name, {
        now,
        leaseUntil: now + 60_000,
        limit: 15,
        skipWebhookIds: [],
      });
    // Concurrent claims skip rows another claim holds (a claim locks what it looks at, up to its
    // lookahead), so one round may leave some for the next: rounds until all are handed out.
    const ids: string[] = [];
    for (let round = 0; round < 10 && ids.length < 40; round++) {
      const claims = await Promise.all([claim(handle), claim(second), claim(handle), claim(second)]);
      ids.push(
        ...claims
          .flat()
          .filter((row) => row.webhook_id === endpoint)
          .map((row) => row.id),
      );
    }
    if (second !== handle) await second.destroy();
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(ids.length);

    // Still leased: nobody else gets them; once the lease has run out, another worker does.
    const before = await claimDueDeliveries(handle.db, engine.name, {
      now: now + 59_000,
      leaseUntil: now + 120_000,
      limit: 100,
      skipWebhookIds: [],
    });
    expect(before.filter((row) => row.webhook_id === endpoint)).toEqual([]);
    const after = await claimDueDeliveries(handle.db, engine.name, {
      now: now + 60_000,
      leaseUntil: now + 200_000,
      limit: 100,
      skipWebhookIds: [],
    });
    const retaken = after.filter((row) => row.webhook_id === endpoint);
    expect(retaken).toHaveLength(40);

    // The first worker's late result is not written over the second's claim.
    const [late] = retaken;
    const written = await recordAttempt(
      handle.db,
      { id: late?.id as string, leaseUntil: now + 60_000 },
      {
        delivery_id: late?.id as string,
        attempt: 1,
        at: now,
        request_headers_json: '{}',
        response_status: 200,
        response_headers_json: '{}',
        response_body: '',
        response_body_truncated: 0,
        duration_ms: 1,
        error: null,
      },
      {
        status: 'delivered',
        attempts: 1,
        next_attempt_at: null,
        last_attempt_at: now,
        response_status: 200,
        duration_ms: 1,
      },
    );
    expect(written).toBe(false);
  });
});

function secondPool(database: TestDatabase): DatabaseHandle {
  return createDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL as string,
    pgSchema: database.schema as string,
    pgPoolSize: 5,
  });
}

describe.runIf(engines.some((e) => e.name === 'postgres'))('two instances on PostgreSQL', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondHandle: DatabaseHandle;
  let receiver: WebhookReceiver;
  const env = {
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    SSRF_ALLOW: '127.0.0.1',
    WEBHOOK_POLL_MS: '20',
    WEBHOOK_CONCURRENCY: '8',
  };

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    first = await buildTestApp({ name: 'postgres' }, { env });
    secondHandle = secondPool(first.database);
    second = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ...env }), {
      database: secondHandle,
      migrate: false,
      serveWeb: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondHandle.destroy();
    await first.close();
    await receiver.close();
  });

  it('deliver each event exactly once when the receiver always answers 2xx', async () => {
    const workspace = 'acct_twoinstances';
    const created = await first.app.webhooks.create(
      { workspaceId: workspace, actor: { type: 'system', id: 'test', email: null } },
      { url: receiver.url('/both'), events: ['scan.created'] },
    );
    receiver.verifyWith('/both', [created.secret]);
    for (let batch = 0; batch < 4; batch++) {
      await first.app.database.db
        .transaction()
        .execute((trx) => first.app.webhooks.enqueue(trx, workspace, messages(50, `both${batch}`)));
    }
    await vi.waitFor(
      async () => {
        const pending = await first.app.database.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('webhook_id', '=', created.id)
          .where('status', '!=', 'delivered')
          .execute();
        expect(pending).toEqual([]);
      },
      { timeout: 30_000, interval: 100 },
    );
    const ids = receiver.of('/both').map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    expect(receiver.of('/both').every((request) => request.verified[0] === true)).toBe(true);
  });
});
