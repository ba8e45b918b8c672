import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The covering index the redirect edge reads a code from by (host, slug) alone
 * (docs/adr/2026-11-26-cold-code-read.md) as it stood at one point in history: its name, and every
 * other column the edge reads (server/src/modules/qrcodes/edge-fields.ts). A migration passes the
 * index as it was at its point in history, never the live one: replaying it on an empty database
 * must make the index it made then.
 */
export interface EdgeCoveringIndex {
  name: string;
  covered: readonly string[];
}

/**
 * PostgreSQL keeps the covered columns as INCLUDE (an index-only scan once the table is vacuumed);
 * SQLite has no INCLUDE, so they are trailing key columns.
 */
export async function createEdgeIndex(db: Kysely<any>, index: EdgeCoveringIndex): Promise<void> {
  const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));
  const key = ['host_key', 'slug'];
  const name = sql.id(index.name);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index ${name} on qrcodes (${columns(key)}) include (${columns(index.covered)})`.execute(
      db,
    );
  } else {
    await sql`create index ${name} on qrcodes (${columns([...key, ...index.covered])})`.execute(db);
  }
}

export async function dropEdgeIndex(db: Kysely<any>, index: EdgeCoveringIndex): Promise<void> {
  await db.schema.dropIndex(index.name).execute();
}

/** The index under a new name. PostgreSQL renames it in place; SQLite cannot, so it is made again. */
export async function renameEdgeIndex(db: Kysely<any>, from: EdgeCoveringIndex, to: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter index ${sql.id(from.name)} rename to ${sql.id(to)}`.execute(db);
    return;
  }
  await dropEdgeIndex(db, from);
  await createEdgeIndex(db, { ...from, name: to });
}

/** The index with one more column after those it covered: what an edge field's migration makes. */
export function withEdgeColumn(index: EdgeCoveringIndex, column: string): EdgeCoveringIndex {
  return { ...index, covered: [...index.covered, column] };
}

/** A migration that adds a column the edge reads: the column, then the index remade to cover it. */
export async function addEdgeColumn(
  db: Kysely<any>,
  before: EdgeCoveringIndex,
  column: { name: string; sqlType: 'text' | 'bigint' | 'integer' },
): Promise<void> {
  await db.schema.alterTable('qrcodes').addColumn(column.name, column.sqlType).execute();
  await dropEdgeIndex(db, before);
  await createEdgeIndex(db, withEdgeColumn(before, column.name));
}

/** The `down` of `addEdgeColumn`. */
export async function dropEdgeColumn(
  db: Kysely<any>,
  before: EdgeCoveringIndex,
  name: string,
): Promise<void> {
  await dropEdgeIndex(db, before);
  await db.schema.alterTable('qrcodes').dropColumn(name).execute();
  await createEdgeIndex(db, before);
}
