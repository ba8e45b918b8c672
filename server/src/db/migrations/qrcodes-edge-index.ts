import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The covering index the redirect edge reads a code from by (host, slug) alone
 * (docs/adr/2026-11-26-cold-code-read.md): the key, then every other column the edge reads
 * (server/src/modules/qrcodes/edge-fields.ts). PostgreSQL keeps those as INCLUDE (an index-only
 * scan once the table is vacuumed); SQLite has no INCLUDE, so they are trailing key columns.
 * A migration passes the columns as they are at its point in history, never the live list:
 * replaying it on an empty database must make the index it made then.
 */
export async function createEdgeIndex(db: Kysely<any>, covered: readonly string[]): Promise<void> {
  const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));
  const key = ['host_key', 'slug'];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index qrcodes_edge on qrcodes (${columns(key)}) include (${columns(covered)})`.execute(
      db,
    );
  } else {
    await sql`create index qrcodes_edge on qrcodes (${columns([...key, ...covered])})`.execute(db);
  }
}

export async function dropEdgeIndex(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('qrcodes_edge').execute();
}

/** A migration that adds a column the edge reads: the column, then the index remade to cover it. */
export async function addEdgeColumn(
  db: Kysely<any>,
  column: { name: string; sqlType: 'text' | 'bigint' | 'integer' },
  coveredBefore: readonly string[],
): Promise<void> {
  await db.schema.alterTable('qrcodes').addColumn(column.name, column.sqlType).execute();
  await dropEdgeIndex(db);
  await createEdgeIndex(db, [...coveredBefore, column.name]);
}

/** The `down` of `addEdgeColumn`. */
export async function dropEdgeColumn(
  db: Kysely<any>,
  name: string,
  coveredBefore: readonly string[],
): Promise<void> {
  await dropEdgeIndex(db);
  await db.schema.alterTable('qrcodes').dropColumn(name).execute();
  await createEdgeIndex(db, coveredBefore);
}
