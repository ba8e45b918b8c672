import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const PAGE_CACHE_KIB = 4096;
/** How long a connection of ours waits for another's write lock (a job thread's transaction) before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/** SQLite refused a write because another connection holds the write lock (not an outage). */
export function isSqliteBusy(error: unknown): boolean {
  return (error as { code?: string }).code === 'SQLITE_BUSY';
}

/** Opens a SQLite connection the way every connection of ours to a file is opened. */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one writer commits; NORMAL sync is durable in WAL mode
  // across process crashes (only an OS crash can lose the last commits).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection. The operating system caches
  // the file as well; 4 MB holds what is hot (the tables' newest pages, the upper index levels),
  // and the rest is a system call away, not a disk read. Every MB of resident memory counts here.
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  return sqlite;
}

/**
 * The schema name of the analytics rollups' own file, attached to every connection of ours
 * (docs/adr/2026-11-26-cold-scans.md): the scans' rollups, counters, visitor sets and fold cursor
 * live there, so the thread that folds scans into them holds that file's write lock, never the
 * main file's, and the edge's raw appends never wait for a fold. Queries name the tables
 * unqualified: SQLite finds a table in an attached database when `main` has none of that name.
 */
export const ROLLUPS_SCHEMA = 'rollups';

/**
 * The schema name of the raw scans' own file (`scans`, and the marks of the journal files they
 * came from): the edge appends there, so a job thread's transaction on the codes (a bulk import
 * holding the main file's write lock for seconds) never refuses a scan
 * (docs/adr/2026-11-28-job-threads.md).
 */
export const SCAN_LOG_SCHEMA = 'scan_log';

/** A file beside the main one, attached to every connection as `schema`. */
export interface SideFile {
  schema: string;
  /** Its path beside a database file (`rq.sqlite` => `rq.<suffix>.sqlite`); in memory for ':memory:'. */
  fileOf(file: string): string;
  /** Each connection's page cache for it, in KiB. */
  pageCacheKib: number;
}

function besideFile(suffix: string): (file: string) => string {
  return (file) => {
    if (file === ':memory:') return file;
    return file.endsWith('.sqlite')
      ? `${file.slice(0, -'.sqlite'.length)}.${suffix}.sqlite`
      : `${file}.${suffix}`;
  };
}

/**
 * Every side file, in the order a backup's read transaction first reads them: the rollups never
 * count a scan the copied scans lack, and the copied codes include every scanned one.
 */
export const SIDE_FILES: readonly SideFile[] = [
  { schema: ROLLUPS_SCHEMA, fileOf: besideFile('rollups'), pageCacheKib: PAGE_CACHE_KIB },
  // Appends touch the table's last pages and an index's few hot ones, and the fold reads what was
  // just appended: 1 MB holds them, and every connection would otherwise fill 4 MB with pages
  // that are never read again.
  { schema: SCAN_LOG_SCHEMA, fileOf: besideFile('scans'), pageCacheKib: 1024 },
];

/** Attaches the side files (created if missing) with the main file's settings. */
export function attachSideFiles(sqlite: SQLite.Database, file: string): void {
  for (const side of SIDE_FILES) {
    sqlite.prepare(`attach database ? as ${side.schema}`).run(side.fileOf(file));
    sqlite.pragma(`${side.schema}.journal_mode = WAL`);
    sqlite.pragma(`${side.schema}.synchronous = NORMAL`);
    sqlite.pragma(`${side.schema}.cache_size = -${side.pageCacheKib}`);
  }
}
