import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * On SQLite, the rollups the dashboard reads become WITHOUT ROWID tables: clustered on their
 * primary key, so a range of days or quarter hours is read in one pass instead of an index walk
 * plus a lookup per row (the 30-day breakdown by code read 56,000 rows that way), and each upsert
 * writes one b-tree instead of two. PostgreSQL keeps its tables as they are.
 */
const TABLES = ['scan_daily_rollups', 'scan_dimension_buckets', 'scan_totals'];

async function rebuild(db: Kysely<any>, clustered: boolean): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of TABLES) {
    const { rows } = await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
    const ddl = rows[0]?.sql;
    if (!ddl) throw new Error(`table ${table} is missing`);
    const body = ddl.slice(ddl.indexOf('(')).replace(/\s+without rowid\s*$/i, '');
    const rebuilt = `${table}__rebuilt`;
    await sql.raw(`create table "${rebuilt}" ${body}${clustered ? ' without rowid' : ''}`).execute(db);
    await sql.raw(`insert into "${rebuilt}" select * from "${table}"`).execute(db);
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, false);
}
