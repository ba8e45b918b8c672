import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Weekly rollups (scan-rollups.ts `weekly`): the account's daily rows summed per week of seven UTC
 * days from the epoch, per dimension and key, kept by the recorder with the other rollups. A
 * 30-day breakdown by code read 30 days of 2,000 codes' rows (60,000, the dashboard's slowest
 * read); it now reads three or four weeks of them and the days around. Filled from the daily rows
 * already stored. On SQLite the table lives in the rollups' file and is clustered on its key, as
 * the other rollups are (2026_11_28_0500_sqlite_rollups_file, 2026_11_23_1010_sqlite_rollups_clustered).
 */
const WEEK_MS = 7 * 86_400_000;

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = !isPostgres(db);
  await sql`create table ${sql.raw(sqlite ? 'rollups.' : '')}scan_weekly_rollups (
    account_id text not null,
    dimension text not null,
    week bigint not null,
    key text not null,
    scans bigint not null,
    bots bigint not null,
    visitors bigint not null,
    constraint scan_weekly_rollups_pk primary key (account_id, dimension, week, key)
  )${sql.raw(sqlite ? ' without rowid' : '')}`.execute(db);
  const week = sql`day - (day % ${sql.lit(WEEK_MS)})`;
  await sql`insert into scan_weekly_rollups (account_id, dimension, week, key, scans, bots, visitors)
    select account_id, dimension, ${week}, key, sum(scans), sum(bots), sum(visitors)
    from scan_daily_rollups where qrcode_id = ''
    group by account_id, dimension, ${week}, key`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_weekly_rollups').execute();
}
