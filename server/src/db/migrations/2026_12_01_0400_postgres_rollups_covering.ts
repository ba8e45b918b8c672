import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * On PostgreSQL, the rollups the dashboard reads get primary keys that carry their counts
 * (`include`), so a range of them is an index-only scan. Their heap rows lie in the order the
 * folds wrote them, one page apart: the workspace's 30 days of quarter-hour totals (2,875 rows)
 * touched 2,902 pages, and the 30-day breakdown by code 20,945. SQLite's tables are clustered on
 * their keys already (2026_11_23_1010_sqlite_rollups_clustered and
 * 2026_12_01_0310_sqlite_conversion_rollups_clustered), which is what this gives PostgreSQL.
 * Rebuilding each key locks its table for as long as the index takes to build.
 */
const TABLES: Record<string, { key: string[]; counts: string[] }> = {
  scan_totals: { key: ['account_id', 'qrcode_id', 'bucket'], counts: ['scans', 'bots', 'visitors'] },
  scan_daily_rollups: {
    key: ['account_id', 'qrcode_id', 'dimension', 'day', 'key'],
    counts: ['scans', 'bots', 'visitors'],
  },
  scan_weekly_rollups: {
    key: ['account_id', 'dimension', 'week', 'key'],
    counts: ['scans', 'bots', 'visitors'],
  },
  scan_dimension_buckets: {
    key: ['account_id', 'dimension', 'bucket', 'key'],
    counts: ['scans', 'bots', 'visitors'],
  },
  conversion_totals: {
    key: ['account_id', 'qrcode_id', 'bucket', 'currency'],
    counts: ['conversions', 'revenue'],
  },
  conversion_daily: {
    key: ['account_id', 'qrcode_id', 'dimension', 'day', 'key', 'currency'],
    counts: ['conversions', 'revenue'],
  },
};

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function rebuildKeys(db: Kysely<any>, covering: boolean): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, { key, counts }] of Object.entries(TABLES)) {
    const include = covering ? sql` include (${sql.join(counts.map((c) => sql.ref(c)))})` : sql``;
    await sql`alter table ${sql.table(table)}
      drop constraint ${sql.ref(`${table}_pk`)},
      add constraint ${sql.ref(`${table}_pk`)} primary key (${sql.join(key.map((c) => sql.ref(c)))})${include}`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildKeys(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildKeys(db, false);
}
