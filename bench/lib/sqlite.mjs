// A bench's own connection to a server's SQLite database: the main file with its side files (the
// rollups', the raw scans') attached as the server attaches them, so tables are found by name.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

const { attachSideFiles } = await import(
  pathToFileURL(path.resolve(import.meta.dirname, '../../server/dist/db/sqlite-file.js')).href
);

/**
 * Opens `<dataDir>/rq.sqlite` with the side files attached.
 * @param {string} dataDir
 * @param {{ readonly?: boolean }} [options]
 */
export function openServerSqlite(dataDir, options = {}) {
  const file = path.join(dataDir, 'rq.sqlite');
  const db = new Database(file, options);
  attachSideFiles(db, file);
  return db;
}
