import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { countsIn } from '../../src/modules/scans/scan-rollups.repository.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { indexColumns } from '../helpers/indexes.js';
import { migrateTestDatabaseTo, migrationBefore } from '../helpers/migrations.js';

/**
 * A PostgreSQL database from before the rollups' keys carried their counts: the migration gives
 * each key its counts (an index-only read of the dashboard's ranges), keeps every row, and the
 * folds' upserts still meet the key; `down` gives the plain keys back.
 */

const COVERING = '2026_12_01_0400_postgres_rollups_covering';
const before = migrationBefore(COVERING);
const postgres = engines.filter((engine) => engine.name === 'postgres');
const HOUR = 3_600_000;

describe.each(postgres)(
  'the rollups keys with their counts, on a database from before, on $name',
  (engine) => {
    let database: TestDatabase;
    const workspaceId = 'acct_covering';

    beforeAll(async () => {
      database = await openTestDatabase(engine, { migrate: false });
      await migrateTestDatabaseTo(database, before);
      const db = database.handle.db as unknown as Kysely<Record<string, Record<string, string | number>>>;
      await db
        .insertInto('scan_totals')
        .values(
          Array.from({ length: 24 }, (_, hour) => ({
            account_id: workspaceId,
            qrcode_id: '',
            bucket: hour * HOUR,
            scans: 2,
            bots: 1,
            visitors: 1,
          })),
        )
        .execute();
    });
    afterAll(() => database.close());

    it('gives each key its counts and keeps the rows', async () => {
      const { db } = database.handle;
      expect(await indexColumns(db, 'postgres', 'scan_totals_pk')).toEqual([
        'account_id',
        'qrcode_id',
        'bucket',
      ]);
      await migrateTestDatabaseTo(database, COVERING);
      expect(await indexColumns(db, 'postgres', 'scan_totals_pk')).toEqual([
        'account_id',
        'qrcode_id',
        'bucket',
        'scans',
        'bots',
        'visitors',
      ]);
      expect(await indexColumns(db, 'postgres', 'conversion_daily_pk')).toEqual([
        'account_id',
        'qrcode_id',
        'dimension',
        'day',
        'key',
        'currency',
        'conversions',
        'revenue',
      ]);
      const selection = { workspaceId, codes: undefined, filters: {} };
      expect(await countsIn(db, selection, 0, 24 * HOUR)).toEqual({ scans: 48, bots: 24, visitors: 24 });
    });

    it('reads a range of quarter hours from the key alone, and the folds upsert on it as before', async () => {
      const { db } = database.handle;
      await sql`vacuum analyze scan_totals`.execute(db);
      // In one transaction: the setting and the plan on the same connection. Few rows here, so the
      // planner is told not to read the table whole (on a dashboard's range it never would).
      const rows = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const plan = await sql<{ 'QUERY PLAN': string }>`explain select sum(scans) from scan_totals
        where account_id = ${workspaceId} and qrcode_id = '' and bucket >= 0 and bucket < ${24 * HOUR}`.execute(
          trx,
        );
        return plan.rows;
      });
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
        'Index Only Scan using scan_totals_pk',
      );
      await sql`insert into scan_totals (account_id, qrcode_id, bucket, scans, bots, visitors)
      values (${workspaceId}, '', 0, 1, 0, 1)
      on conflict (account_id, qrcode_id, bucket) do update set scans = scan_totals.scans + excluded.scans`.execute(
        db,
      );
      const selection = { workspaceId, codes: undefined, filters: {} };
      expect((await countsIn(db, selection, 0, HOUR)).scans).toBe(3);
    });

    it('gives the plain keys back when migrated down, and up again', async () => {
      const { db } = database.handle;
      await migrateTestDatabaseTo(database, before);
      expect(await indexColumns(db, 'postgres', 'scan_totals_pk')).toEqual([
        'account_id',
        'qrcode_id',
        'bucket',
      ]);
      await migrateToLatest(db, database.schema);
      expect(await indexColumns(db, 'postgres', 'scan_weekly_rollups_pk')).toContain('visitors');
    });
  },
);
