import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * SQLite: the scans' rollups, counters, visitor sets and fold cursor move to the rollups' own
 * file, attached to every connection as `rollups` (db/sqlite-file.ts, docs/adr/2026-11-26-cold-scans.md),
 * with their rows: the thread that folds scans into them then never holds the main file's write
 * lock. Each table is created there from its own DDL (keys, WITHOUT ROWID and indexes alike),
 * filled, and dropped from `main`; queries name the tables unqualified and find them there.
 * A copy left in the rollups' file by an earlier try (or beside a database made anew) is replaced.
 * PostgreSQL is one database already: nothing to do.
 */
const TABLES = [
  'scan_rollup_cursor',
  'scan_counters',
  'scan_visitors',
  'scan_rollups',
  'scan_totals',
  'scan_daily_rollups',
  'scan_dimension_buckets',
] as const;

interface SchemaRow {
  type: string;
  name: string;
  sql: string;
}

async function move(db: Kysely<any>, from: 'main' | 'rollups', to: 'main' | 'rollups'): Promise<void> {
  const { rows: attached } = await sql<{
    name: string;
  }>`select name from pragma_database_list where name = 'rollups'`.execute(db);
  if (attached.length === 0)
    throw new Error('the rollups database is not attached (open SQLite with createDatabase)');
  for (const table of TABLES) {
    const { rows } = await sql<SchemaRow>`select type, name, sql from ${sql.raw(from)}.sqlite_master
      where tbl_name = ${table} and sql is not null order by type = 'table' desc`.execute(db);
    if (!rows.some((row) => row.type === 'table')) continue;
    await sql`drop table if exists ${sql.raw(to)}.${sql.ref(table)}`.execute(db);
    for (const row of rows) {
      // `create table x` => `create table rollups.x`; an index names its schema on its own name.
      const ddl = row.sql.replace(
        /^(CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX))\s+(?:"?\w+"?\.)?("?)(\w+)\2/i,
        `$1 ${to}."$3"`,
      );
      await sql.raw(ddl).execute(db);
    }
    await sql`insert into ${sql.raw(to)}.${sql.ref(table)} select * from ${sql.raw(from)}.${sql.ref(table)}`.execute(
      db,
    );
    await sql`drop table ${sql.raw(from)}.${sql.ref(table)}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await move(db, 'main', 'rollups');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await move(db, 'rollups', 'main');
}
