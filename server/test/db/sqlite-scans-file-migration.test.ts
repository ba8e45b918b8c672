import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { SCAN_LOG_SCHEMA } from '../../src/db/sqlite-file.js';
import { appendScans } from '../../src/modules/scans/scans.repository.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { migrateTestDatabaseTo, migrationBefore } from '../helpers/migrations.js';
import { sampleScanRow } from '../helpers/scans.js';

/**
 * A SQLite database from before the raw scans had a file of their own: the migration moves the
 * scans and the journal files' marks to `scan_log` with their rows, rowids (the fold's cursor
 * points at them) and index, the fold and the edge go on from there, and `down` moves them back.
 */

const MOVE = '2026_12_02_0100_sqlite_scans_file';
const before = migrationBefore(MOVE);
const sqlite = engines.filter((engine) => engine.name === 'sqlite');

const scan = (at: number) => sampleScanRow({ qrcode_id: 'qr_moved', account_id: 'acct_moved', at });

describe.each(sqlite)(
  'the raw scans moved to a file of their own, on a database from before, on $name',
  (engine) => {
    let database: TestDatabase;
    const schemaOf = async (table: string) => {
      const { rows } = await sql<{ schema: string }>`select schema from pragma_table_list
      where name = ${table}`.execute(database.handle.db);
      return rows.map((row) => row.schema);
    };
    /** The scans' indexes in `schema`, each with its columns. */
    const indexesOf = async (schema: string) =>
      (
        await sql<{ name: string; columns: string }>`select l.name,
        (select group_concat(i.name) from pragma_index_info(l.name, ${schema}) i) as columns
        from pragma_index_list('scans', ${schema}) l where l.origin = 'c' order by l.name`.execute(
          database.handle.db,
        )
      ).rows;
    const rowidsAndTimes = async () =>
      (
        await sql<{ rowid: number; at: number }>`select rowid, at from scans order by rowid`.execute(
          database.handle.db,
        )
      ).rows;

    beforeAll(async () => {
      database = await openTestDatabase(engine, { migrate: false });
      await migrateTestDatabaseTo(database, before);
      // Rowids with a gap, as pruning leaves them: the copy must keep them, not number them anew.
      await appendScans(database.handle, [scan(1_000), scan(2_000), scan(3_000)]);
      await sql`delete from scans where at = 2000`.execute(database.handle.db);
      await sql`insert into scan_spool_replays (id, replayed_at) values ('scans-1.jsonl', 1)`.execute(
        database.handle.db,
      );
    });
    afterAll(() => database.close());

    it('moves the scans and the journal marks with their rows, rowids and indexes', async () => {
      expect(await schemaOf('scans')).toEqual(['main']);
      const kept = await rowidsAndTimes();
      expect(kept.map((row) => row.at)).toEqual([1_000, 3_000]);
      const indexes = await indexesOf('main');
      expect(indexes).toContainEqual({ name: 'scans_account_at', columns: 'account_id,at' });
      await migrateTestDatabaseTo(database, MOVE);
      expect(await schemaOf('scans')).toEqual([SCAN_LOG_SCHEMA]);
      expect(await schemaOf('scan_spool_replays')).toEqual([SCAN_LOG_SCHEMA]);
      expect(await rowidsAndTimes()).toEqual(kept);
      expect(await indexesOf(SCAN_LOG_SCHEMA)).toEqual(indexes);
      const { rows: marks } = await sql<{ id: string }>`select id from scan_spool_replays`.execute(
        database.handle.db,
      );
      expect(marks).toEqual([{ id: 'scans-1.jsonl' }]);
    });

    it('appends after the last rowid, and the fold counts every scan once', async () => {
      const last = (await rowidsAndTimes()).at(-1)?.rowid ?? 0;
      await appendScans(database.handle, [scan(4_000)]);
      const rows = await rowidsAndTimes();
      expect(rows.at(-1)).toEqual({ rowid: last + 1, at: 4_000 });
      const counter = await database.handle.db
        .selectFrom('scan_counters')
        .select('total')
        .where('qrcode_id', '=', 'qr_moved')
        .executeTakeFirst();
      // Three appended before the move and one after; the one deleted by hand had been counted.
      expect(counter?.total).toBe(4);
    });

    it('moves them back when migrated down, and again when up', async () => {
      const kept = await rowidsAndTimes();
      await migrateTestDatabaseTo(database, before);
      expect(await schemaOf('scans')).toEqual(['main']);
      expect(await rowidsAndTimes()).toEqual(kept);
      await migrateToLatest(database.handle.db, database.schema);
      expect(await schemaOf('scans')).toEqual([SCAN_LOG_SCHEMA]);
      expect(await rowidsAndTimes()).toEqual(kept);
    });
  },
);
