import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { migrateTestDatabaseTo, migrationBefore } from '../helpers/migrations.js';

/**
 * A database with scans and facts from before GS1's scan dimensions: the migration keeps every
 * fact (its GS1 values '') under the wider key, new facts that differ only by GS1 values are rows
 * of their own, and going back down sums them into one again.
 */

const GS1_DIMENSIONS = '2026_12_01_0200_gs1_scan_dimensions';
const before = migrationBefore(GS1_DIMENSIONS);

const fact = (overrides: Record<string, string | number> = {}) => ({
  account_id: 'acct_before',
  bucket: 1_700_000_100_000,
  qrcode_id: 'qr_before',
  hostname: 'localhost',
  rule_id: '',
  country: 'DE',
  region: '',
  device: 'mobile',
  os: 'ios',
  browser: 'safari',
  language: 'de',
  referrer_host: '',
  scans: 3,
  bots: 1,
  visitors: 2,
  code_visitors: 2,
  ...overrides,
});

describe.each(engines)('GS1 scan dimensions added to a database from before them, on $name', (engine) => {
  let database: TestDatabase;
  let db: Kysely<Record<string, Record<string, string | number | null>>>;

  beforeAll(async () => {
    database = await openTestDatabase(engine, { migrate: false });
    await migrateTestDatabaseTo(database, before);
    db = database.handle.db as unknown as typeof db;
    await db.insertInto('scan_rollups').values(fact()).execute();
    await migrateTestDatabaseTo(database, GS1_DIMENSIONS);
  });
  afterAll(() => database.close());

  it('keeps the facts written before it, with no GS1 values', async () => {
    const rows = await db.selectFrom('scan_rollups').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ qrcode_id: 'qr_before', gs1_link_type: '', gs1_key: '', gs1_level: '' }),
    ]);
    expect(Number(rows[0]?.scans)).toBe(3);
  });

  it('keys facts by their GS1 values too, and sums them into one when migrated down', async () => {
    await db
      .insertInto('scan_rollups')
      .values(fact({ gs1_link_type: 'gs1:pip', gs1_key: '01', gs1_level: 'GTIN', scans: 5 }))
      .execute();
    // The same key with its GS1 values is a second row, not a conflict.
    expect(await db.selectFrom('scan_rollups').select('scans').execute()).toHaveLength(2);
    await expect(db.insertInto('scan_rollups').values(fact()).execute()).rejects.toThrow();
    await migrateTestDatabaseTo(database, before);
    const rows = await db.selectFrom('scan_rollups').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.scans)).toBe(8);
    expect(rows[0]).not.toHaveProperty('gs1_key');
    const columns = await sql<{ n: number }>`select count(*) as n from scans`.execute(database.handle.db);
    expect(Number(columns.rows[0]?.n)).toBe(0);
  });
});
