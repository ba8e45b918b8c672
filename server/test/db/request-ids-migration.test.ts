import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { changeEvent, EventsService } from '../../src/modules/events/events.service.js';
import { toDeliveryView } from '../../src/modules/webhooks/webhooks.service.js';
import { newId } from '../../src/shared/ids.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { migrateTestDatabaseTo, migrationBefore } from '../helpers/migrations.js';

/**
 * A database with audit events and webhook deliveries from before request ids: the migration adds
 * the column to both, the old rows read as made by no request (null), and new ones keep theirs.
 */

const REQUEST_IDS = '2026_11_30_0100_request_ids';
const before = migrationBefore(REQUEST_IDS);

describe.each(engines)('request ids added to a database from before them, on $name', (engine) => {
  let database: TestDatabase;
  const workspaceId = newId('acct');
  const eventId = newId('evt');
  const deliveryId = newId('dlv');
  let applied: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine, { migrate: false });
    await migrateTestDatabaseTo(database, before);
    // The rows as the code before this migration wrote them: no request_id column yet.
    const db = database.handle.db as unknown as Kysely<
      Record<string, Record<string, string | number | null>>
    >;
    const at = Date.now() - 60_000;
    await db
      .insertInto('events')
      .values({
        id: eventId,
        workspace_id: workspaceId,
        type: 'qrcode.created',
        at,
        actor_type: 'user',
        actor_id: 'uid-before',
        actor_email: null,
        resource_type: 'qrcode',
        resource_id: 'qr_before',
        data_json: '{"object":{"id":"qr_before"}}',
      })
      .execute();
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: deliveryId,
        webhook_id: 'wh_before',
        workspace_id: workspaceId,
        event_id: eventId,
        event_type: 'qrcode.created',
        body: '{}',
        status: 'delivered',
        attempts: 1,
        next_attempt_at: null,
        lease_until: null,
        last_attempt_at: at,
        response_status: 200,
        duration_ms: 12,
        created_at: at,
      })
      .execute();
    applied = await migrateToLatest(database.handle.db, database.schema);
  });
  afterAll(() => database.close());

  it('applies, and the rows written before it have no request id', async () => {
    expect(applied).toContain(REQUEST_IDS);
    const events = new EventsService(database.handle.db);
    const page = await events.list(workspaceId, { limit: 50 });
    expect(page.data).toEqual([
      expect.objectContaining({
        id: eventId,
        type: 'qrcode.created',
        actor: { type: 'user', id: 'uid-before', email: null },
        data: { object: { id: 'qr_before' } },
        requestId: null,
      }),
    ]);
    const delivery = await database.handle.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(toDeliveryView(delivery)).toMatchObject({ id: deliveryId, eventId, requestId: null });
  });

  it('keeps the request id of events written after it', async () => {
    const events = new EventsService(database.handle.db);
    const actor = { type: 'apiKey' as const, id: 'key_after', email: null };
    await events.record(
      database.handle.db,
      changeEvent(
        'qrcode.updated',
        { workspaceId, actor, requestId: 'req-after-1' },
        { type: 'qrcode', id: 'qr_before' },
        { changes: { title: [null, 'after'] } },
      ),
    );
    const [latest] = (await events.list(workspaceId, { limit: 1 })).data;
    expect(latest).toMatchObject({ type: 'qrcode.updated', actor, requestId: 'req-after-1' });
  });
});
