import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { appendScans, findScanById } from '../../src/modules/scans/scans.repository.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { indexColumns } from '../helpers/indexes.js';
import { migrateTestDatabaseTo, migrationBefore } from '../helpers/migrations.js';
import { sampleScanRow } from '../helpers/scans.js';

/**
 * A SQLite database from before attributed scans' ids left the raw scans' index: the migration
 * keeps the ids of the scans stored (`scan_ids`, in the rollups' file) and drops the index; a
 * conversion still finds every scan, stored before or after it, and `down` gives the index back.
 */

const FOLDED = '2026_12_01_0500_sqlite_scan_ids_folded';
const before = migrationBefore(FOLDED);
const sqlite = engines.filter((engine) => engine.name === 'sqlite');

const scan = (scanId: string, at: number) =>
  sampleScanRow({
    qrcode_id: 'qr_ids',
    account_id: 'acct_ids',
    at,
    visitor_hash: `v-${scanId}`,
    scan_id: scanId,
  });

describe.each(sqlite)(
  'attributed scans’ ids kept by the fold, on a database from before, on $name',
  (engine) => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await openTestDatabase(engine, { migrate: false });
      await migrateTestDatabaseTo(database, before);
      const db = database.handle.db as unknown as Kysely<
        Record<string, Record<string, string | number | null>>
      >;
      await db
        .insertInto('scans')
        .values([scan('id-before-1', 1_000), scan('id-before-2', 2_000)])
        .execute();
    });
    afterAll(() => database.close());

    it('keeps the ids of the scans stored before, and drops the raw scans’ index', async () => {
      const { handle } = database;
      expect(await indexColumns(handle.db, 'sqlite', 'scans_scan_id')).toEqual(['scan_id']);
      await migrateTestDatabaseTo(database, FOLDED);
      expect(await indexColumns(handle.db, 'sqlite', 'scans_scan_id')).toEqual([]);
      expect(await handle.db.selectFrom('scan_ids').select('scan_id').orderBy('scan_id').execute()).toEqual([
        { scan_id: 'id-before-1' },
        { scan_id: 'id-before-2' },
      ]);
      expect(await findScanById(handle, 'id-before-2')).toMatchObject({ scan_id: 'id-before-2', at: 2_000 });
    });

    it('finds a scan stored after it, folded or not yet, and no other', async () => {
      const { handle } = database;
      // Raw only, as the edge appends them: the fold has not reached it.
      await appendScans(handle, [scan('id-after', 3_000)], { rollupsBehind: true });
      expect(
        await handle.db.selectFrom('scan_ids').selectAll().where('scan_id', '=', 'id-after').execute(),
      ).toEqual([]);
      expect(await findScanById(handle, 'id-after')).toMatchObject({ scan_id: 'id-after', at: 3_000 });
      // Written with its rollups: the fold keeps its id.
      await appendScans(handle, [scan('id-folded', 4_000)]);
      expect(
        await handle.db.selectFrom('scan_ids').select('at').where('scan_id', '=', 'id-folded').execute(),
      ).toEqual([{ at: 4_000 }]);
      expect(await findScanById(handle, 'id-folded')).toMatchObject({ scan_id: 'id-folded' });
      expect(await findScanById(handle, 'id-never-made')).toBeUndefined();
    });

    it('gives the index back when migrated down, and up again', async () => {
      const { handle } = database;
      await migrateTestDatabaseTo(database, before);
      expect(await indexColumns(handle.db, 'sqlite', 'scans_scan_id')).toEqual(['scan_id']);
      await migrateToLatest(handle.db, database.schema);
      expect(await findScanById(handle, 'id-before-1')).toMatchObject({ at: 1_000 });
    });
  },
);
