import type SQLite from 'better-sqlite3';
import { Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Pool, PoolClient } from 'pg';
import { loadOnUse } from '../shared/load-on-use.js';
import type { Database, Dialect } from './database.js';
import { SearchPathPostgresDialect } from './postgres-introspector.js';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';
import { attachSideFiles, openSqlite } from './sqlite-file.js';
import { markUnavailable } from './unavailable.js';

let pgModule: typeof import('pg') | undefined;

/** The PostgreSQL driver, loaded with the first PostgreSQL URL: an instance on SQLite never holds it. */
function loadPg(): typeof import('pg') {
  if (!pgModule) {
    pgModule = loadOnUse('pg') as typeof import('pg');
    // PostgreSQL returns BIGINT (our epoch-ms columns) and COUNT(*) as strings; they fit in a double.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (value) => Number(value));
    pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, (value) => Number(value));
  }
  return pgModule;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite connection, for the few hot paths that need prepared statements. */
  sqlite?: SQLite.Database;
  /** SQLite's file (':memory:' in tests): a thread that needs a connection of its own opens it. */
  sqliteFile?: string;
  /** The PostgreSQL schema in use when it is not the default one. */
  schema?: string | undefined;
  /** The PostgreSQL URL: a thread that needs a connection of its own opens it (the scan shipper). */
  url?: string;
  /** PostgreSQL's pool under `db`, for the edge's read of codes (a named, prepared statement). */
  pgPool?: Pool;
  /** A cheap round trip, used by /readyz. */
  ping(): Promise<void>;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... for PostgreSQL; otherwise SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for tests. */
  sqliteFile?: string;
  /** PostgreSQL schema to use instead of public (tests isolate themselves this way). */
  pgSchema?: string;
  pgPoolSize?: number;
  /**
   * A job thread's own connection to the server's database: no checkpointer thread of its own
   * (the server's checkpoints the file).
   */
  jobThread?: boolean;
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options);
  return createSqlite(options.sqliteFile ?? ':memory:', options.jobThread === true);
}

function createSqlite(file: string, jobThread: boolean): DatabaseHandle {
  const sqlite = openSqlite(file);
  attachSideFiles(sqlite, file);
  const checkpointer = file === ':memory:' || jobThread ? undefined : SqliteCheckpointer.start(sqlite, file);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, jobThread) }),
  });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    sqliteFile: file,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async destroy() {
      await checkpointer?.stop();
      // The file is closed under Kysely rather than through db.destroy(): a query still running
      // then fails with our code (withStatementCache), not Kysely's message "driver destroyed".
      if (sqlite.open) sqlite.close();
    },
  };
}

/** Distinct SQL texts kept prepared; queries are built from a fixed set of shapes, so few are in use. */
const PREPARED_STATEMENTS = 500;

/**
 * The connection as Kysely sees it, with prepared statements reused by SQL text: Kysely prepares
 * every query it runs, and on the edge's cache misses (a code, its rules, its counter) preparing
 * cost more than running. A statement still being iterated (a streamed query) is not shared.
 *
 * A job thread's transactions take the main file's write lock at their start: with the server
 * writing all the time, a transaction that read first would otherwise often fail to take it later
 * (SQLITE_BUSY_SNAPSHOT, which waits for nothing). Only the main file's: `begin immediate` would
 * take every attached file's as well, and a bulk import would then hold the scans' file for
 * seconds, refusing every scan the edge appends meanwhile. The side files' locks are taken by
 * the writes to them, for as long as those take. The server's own transactions stay deferred, so
 * a transaction that only reads never waits for a job's lock on the thread that answers scans.
 */
function withStatementCache(sqlite: SQLite.Database, lockMainAtBegin: boolean): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: PREPARED_STATEMENTS });
  const begin = lockMainAtBegin ? beginWithMainWriteLock(sqlite) : undefined;
  return {
    close: () => sqlite.close(),
    prepare(text) {
      if (!sqlite.open) throw markUnavailable(new Error('The SQLite database is closed.'));
      if (begin && text === 'begin') return begin;
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * `begin`, then a write to the main file that changes nothing: it takes main's write lock (as
 * `begin immediate` would) and no attached file's. Prepared at the first transaction: the table
 * is Kysely's migration log, there once the database is migrated.
 */
function beginWithMainWriteLock(sqlite: SQLite.Database): SqliteStatement {
  let lockMain: SQLite.Statement | undefined;
  const begin = sqlite.prepare('begin');
  return {
    reader: false,
    run() {
      lockMain ??= sqlite.prepare('delete from main.kysely_migration where 0');
      begin.run();
      try {
        lockMain.run();
      } catch (error) {
        sqlite.prepare('rollback').run();
        throw error;
      }
      return { changes: 0, lastInsertRowid: 0 };
    },
    all: () => [],
    iterate: () => [][Symbol.iterator](),
  };
}

function createPostgres(connectionString: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new (loadPg().Pool)({
    connectionString,
    max: options.pgPoolSize ?? 10,
    connectionTimeoutMillis: 3000,
    options: [
      // Our reads are index range scans of thousands of rows, where starting parallel workers
      // costs more than it saves: the 30-day dashboard's breakdown by code read its parts in 11 ms
      // without them and 21 ms with (10M scans, 2 cores; docs/adr/2026-11-30-conversions-and-experiments.md).
      '-c max_parallel_workers_per_gather=0',
      ...(options.pgSchema ? [`-c search_path=${options.pgSchema}`] : []),
    ].join(' '),
  });
  // A client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  pool.on('connect', codeLostConnection);
  codeConnectFailures(pool);
  const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
  let ended: Promise<void> | undefined; // a second destroy must not end the pool again
  return {
    db,
    dialect: 'postgres',
    schema: options.pgSchema,
    url: connectionString,
    pgPool: pool,
    async ping() {
      const client = await pool.connect();
      try {
        await client.query('select 1');
      } finally {
        client.release();
      }
    },
    // The pool is ended under Kysely rather than through db.destroy(): a query still running then
    // fails to connect with our code (codeConnectFailures), not Kysely's message "driver destroyed".
    destroy: () => {
      ended ??= pool.end();
      return ended;
    },
  };
}

type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, done: () => void) => void;

/**
 * node-postgres fails a connect without a code when its pool times out or has ended: each failure
 * to connect gets ours (unavailable.ts), for Kysely's connects and the pool's own queries alike.
 */
function codeConnectFailures(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<PoolClient> | undefined;
  Object.assign(pool, {
    connect(callback?: ConnectCallback) {
      if (callback) return connect((error, client, done) => callback(markUnavailable(error), client, done));
      return connect()?.catch((error: unknown) => Promise.reject(markUnavailable(error)));
    },
  });
}

/**
 * A lost connection's error has no code either: node-postgres emits it on the client before it
 * fails the running queries with that same object, and fails every later query on the client
 * ("not queryable", Kysely's rollback) with a new one.
 */
function codeLostConnection(client: PoolClient): void {
  let lost = false;
  client.on('error', (error) => {
    lost = true;
    markUnavailable(error);
  });
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query(...args: unknown[]) {
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => Promise.reject(lost ? markUnavailable(error) : error));
    },
  });
}
