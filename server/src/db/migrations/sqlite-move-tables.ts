import { type Kysely, sql } from 'kysely';

interface SchemaRow {
  type: string;
  name: string;
  sql: string;
}

/**
 * Moves SQLite tables with their rows between two schemas of one connection (`main` and an
 * attached side file, db/sqlite-file.ts), for the migrations that give tables a file of their own.
 * Each table is created at `to` from its own DDL (keys, WITHOUT ROWID and indexes alike), filled
 * with its rows (a rowid table's rowids kept: cursors such as the rollup fold's point at them),
 * and dropped from `from`; queries name the tables unqualified and find them there. A copy left
 * at `to` by an earlier try (or beside a database made anew) is replaced.
 */
export async function moveSqliteTables(
  db: Kysely<any>,
  tables: readonly string[],
  from: string,
  to: string,
): Promise<void> {
  const { rows: attached } = await sql<{ name: string }>`select name from pragma_database_list
    where name in (${from}, ${to})`.execute(db);
  if (attached.length < 2)
    throw new Error(`the database ${from} or ${to} is not attached (open SQLite with createDatabase)`);
  for (const table of tables) {
    const { rows } = await sql<SchemaRow>`select type, name, sql from ${sql.raw(from)}.sqlite_master
      where tbl_name = ${table} and sql is not null order by type = 'table' desc`.execute(db);
    const definition = rows.find((row) => row.type === 'table');
    if (!definition) continue;
    await sql`drop table if exists ${sql.raw(to)}.${sql.ref(table)}`.execute(db);
    for (const row of rows) {
      // `create table x` => `create table <to>.x`; an index names its schema on its own name.
      const ddl = row.sql.replace(
        /^(CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX))\s+(?:"?\w+"?\.)?("?)(\w+)\2/i,
        `$1 ${to}."$3"`,
      );
      await sql.raw(ddl).execute(db);
    }
    const { rows: columns } = await sql<{ name: string; type: string; pk: number }>`select name, type, pk
      from pragma_table_info(${table}, ${from})`.execute(db);
    const keys = columns.filter((column) => column.pk > 0);
    // An INTEGER PRIMARY KEY is the rowid already; a WITHOUT ROWID table has none.
    const hasHiddenRowid =
      !/without\s+rowid/i.test(definition.sql) &&
      !(keys.length === 1 && /^integer$/i.test(keys[0]?.type ?? ''));
    const names = [...(hasHiddenRowid ? ['rowid'] : []), ...columns.map((column) => `"${column.name}"`)].join(
      ', ',
    );
    await sql
      .raw(`insert into ${to}."${table}" (${names}) select ${names} from ${from}."${table}"`)
      .execute(db);
    await sql`drop table ${sql.raw(from)}.${sql.ref(table)}`.execute(db);
  }
}
