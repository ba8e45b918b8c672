import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const PAGE_CACHE_KIB = 4096;

/** Opens a SQLite connection the way every connection of ours to a file is opened. */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one writer commits; NORMAL sync is durable in WAL mode
  // across process crashes (only an OS crash can lose the last commits).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection. The operating system caches
  // the file as well; 4 MB holds what is hot (the tables' newest pages, the upper index levels),
  // and the rest is a system call away, not a disk read. Every MB of resident memory counts here.
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  return sqlite;
}
