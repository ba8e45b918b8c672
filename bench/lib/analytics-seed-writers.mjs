// How the analytics bench stores its seed (lib/analytics-seed.mjs makes the rows): a writer per
// engine, { insert(table, rows), batch(run), finish() }, made for a bulk load of a database of its
// own. Apart from the rows, so that a faster writer keeps the cached seed (the cache is keyed by
// the code that makes the rows); checkSeedAgainstProduct proves each writer on a sample.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { TABLE_KEYS, TABLES } from './analytics-seed.mjs';

const { sql } = await import('kysely');

/** Orders rows by `columns` as SQLite's BINARY collation and PostgreSQL's "C" order do ASCII keys. */
function byColumns(columns) {
  return (a, b) => {
    for (const column of columns) {
      const x = a[column];
      const y = b[column];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
}
const ORDERS = Object.fromEntries(Object.entries(TABLE_KEYS).map(([table, key]) => [table, byColumns(key)]));

// ---------------------------------------------------------------------------------------------
// SQLite

/** The indexes of `tables` that can be dropped and made again after the load (not the primary keys). */
function sqliteIndexes(sqlite, tables) {
  return sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(', ')})`,
    )
    .all(...tables);
}

/**
 * SQLite: the scans' and conversions' secondary indexes are built after the load (one sort each,
 * not a random b-tree insert per row); each batch's rollup rows are inserted in the order of their
 * primary key (the rollups are clustered on it: a week's rows then land in runs of neighbouring
 * pages, not on a random page of a table larger than the cache); a big page cache, and a journal in
 * memory and no fsync while the cache is made (an interrupted seed leaves no seed record, so it is
 * made anew).
 */
export function sqliteWriter(sqlite) {
  const deferred = sqliteIndexes(sqlite, ['scans', 'conversions']);
  for (const index of deferred) sqlite.prepare(`drop index ${index.name}`).run();
  const schemas = ['main', 'rollups'];
  const memory = sqlite.name === ':memory:';
  sqlite.pragma('temp_store = MEMORY');
  for (const schema of schemas) {
    sqlite.pragma(`${schema}.synchronous = OFF`);
    sqlite.pragma(`${schema}.cache_size = -1500000`);
    // Out of WAL (each page written twice, a week's transaction held in the log): better-sqlite3's
    // defensive mode refuses OFF, and MEMORY journals only the pages a transaction changes that
    // existed before it (few, for a load that appends).
    if (!memory) sqlite.pragma(`${schema}.journal_mode = MEMORY`);
  }
  const statements = new Map();
  const ROWS = 128;
  const statement = (table, rows) => {
    const key = `${table}:${rows}`;
    let prepared = statements.get(key);
    if (!prepared) {
      const columns = TABLES[table];
      const row = `(${columns.map(() => '?').join(', ')})`;
      prepared = sqlite.prepare(
        `insert into ${table} (${columns.join(', ')}) values ${Array(rows).fill(row).join(', ')}`,
      );
      statements.set(key, prepared);
    }
    return prepared;
  };
  return {
    insert(table, rows) {
      const columns = TABLES[table];
      const order = ORDERS[table];
      const sorted = order ? [...rows].sort(order) : rows;
      const values = [];
      for (let i = 0; i < sorted.length; i += ROWS) {
        const end = Math.min(sorted.length, i + ROWS);
        values.length = 0;
        for (let r = i; r < end; r++) for (const column of columns) values.push(sorted[r][column] ?? null);
        statement(table, end - i).run(values);
      }
    },
    async batch(run) {
      sqlite.prepare('begin').run();
      try {
        await run();
        sqlite.prepare('commit').run();
      } catch (error) {
        sqlite.prepare('rollback').run();
        throw error;
      }
    },
    async finish() {
      for (const index of deferred) sqlite.prepare(index.sql).run();
      // The fold cursor at the last scan: every scan's rollups are written.
      sqlite
        .prepare(
          'update scan_rollup_cursor set through_rowid = (select coalesce(max(rowid), 0) from scans) where id = 1',
        )
        .run();
      // Back to the server's own journal (db/sqlite-file.ts opens every file in WAL mode too).
      if (!memory) for (const schema of schemas) sqlite.pragma(`${schema}.journal_mode = WAL`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const ESCAPES = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format: \N for null, a backslash before what would end a field or a row. */
function copyValue(value) {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : text;
}

/** Rows as COPY text, about a megabyte a chunk. */
function* copyChunks(rows, columns) {
  let chunk = '';
  for (const row of rows) {
    let line = '';
    for (let c = 0; c < columns.length; c++) line += (c === 0 ? '' : '\t') + copyValue(row[columns[c]]);
    chunk += `${line}\n`;
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * PostgreSQL: every table's keys and indexes are built after the load (a repeated key then fails
 * the primary key's creation), rows go in with COPY (text format), a batch's tables side by side on
 * the pool's connections, in the order they are made (time order, as the product appends them:
 * the heap is not clustered on the key, as a real database's is not).
 */
export async function postgresWriter({ db, pgPool }) {
  const tables = Object.keys(TABLES);
  const { rows: constraints } =
    await sql`select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and c.contype in ('p', 'u') and t.relname in (${sql.join(tables)})`.execute(
      db,
    );
  const { rows: indexes } = await sql`select indexname as name, indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename in (${sql.join(tables)})
    and indexname not in (select conname from pg_constraint)`.execute(db);
  for (const c of constraints)
    await sql`alter table ${sql.table(c.table)} drop constraint ${sql.ref(c.name)}`.execute(db);
  for (const i of indexes) await sql`drop index ${sql.ref(i.name)}`.execute(db);
  let pending = [];
  const CHUNK = 250_000;
  // COPYs in flight at once: PostgreSQL's backends on both cores while this thread makes the text.
  const PARALLEL = 3;
  const copy = async (table, rows) => {
    const columns = TABLES[table];
    const client = await pgPool.connect();
    try {
      await client.query('set synchronous_commit = off');
      const target = client.query(
        copyFrom(`copy ${table} (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`),
      );
      await pipeline(Readable.from(copyChunks(rows, columns)), target);
    } finally {
      client.release();
    }
  };
  return {
    insert(table, rows) {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        pending.push(() => copy(table, chunk));
      }
    },
    async batch(run) {
      await run();
      const writes = pending;
      pending = [];
      const next = async () => {
        for (let write = writes.shift(); write; write = writes.shift()) await write();
      };
      await Promise.all(Array.from({ length: PARALLEL }, next));
    },
    async finish() {
      // One connection, with the memory to sort each index in one pass.
      await db.connection().execute(async (conn) => {
        await sql`set maintenance_work_mem = '1GB'`.execute(conn);
        for (const c of constraints)
          await sql`alter table ${sql.table(c.table)} add constraint ${sql.ref(c.name)} ${sql.raw(c.def)}`.execute(
            conn,
          );
        for (const i of indexes) await sql.raw(i.def).execute(conn);
      });
      // Autovacuum's steady state: statistics for the planner and an up-to-date visibility map.
      for (const table of tables) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
    },
  };
}
