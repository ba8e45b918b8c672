import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Rebuilds SQLite tables as WITHOUT ROWID (clustered on their primary key) or back, keeping their
 * rows; PostgreSQL is left as it is. The tables must have no secondary index (none is rebuilt).
 */
export async function clusterSqliteTables(
  db: Kysely<any>,
  tables: string[],
  clustered: boolean,
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of tables) {
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
