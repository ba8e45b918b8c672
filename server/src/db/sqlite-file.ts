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

/** The rollups' file beside a database file (`rq.sqlite` => `rq.rollups.sqlite`); in memory for ':memory:'. */
export function rollupsFileOf(file: string): string {
  if (file === ':memory:') return file;
  return file.endsWith('.sqlite') ? `${file.slice(0, -'.sqlite'.length)}.rollups.sqlite` : `${file}.rollups`;
}

/** Attaches the rollups' file (created if missing) with the main file's settings. */
export function attachRollups(sqlite: SQLite.Database, file: string): void {
  sqlite.prepare(`attach database ? as ${ROLLUPS_SCHEMA}`).run(rollupsFileOf(file));
  sqlite.pragma(`${ROLLUPS_SCHEMA}.journal_mode = WAL`);
  sqlite.pragma(`${ROLLUPS_SCHEMA}.synchronous = NORMAL`);
  sqlite.pragma(`${ROLLUPS_SCHEMA}.cache_size = -${PAGE_CACHE_KIB}`);
}
