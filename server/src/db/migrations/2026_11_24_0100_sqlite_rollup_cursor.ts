import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * On SQLite, raw scans commit before their counters and rollups, which follow in bulk
 * (scans.sqlite-writer.ts). The cursor is the rowid of the last scan rolled up, moved in the
 * rollups' own transaction: scans past it after a crash are rolled up at the next start. Every scan
 * already stored was rolled up with it. PostgreSQL writes scans and rollups together: no cursor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table scan_rollup_cursor (
    id integer primary key check (id = 1),
    through_rowid integer not null
  )`.execute(db);
  await sql`insert into scan_rollup_cursor (id, through_rowid)
    select 1, coalesce(max(rowid), 0) from scans`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table scan_rollup_cursor`.execute(db);
}
