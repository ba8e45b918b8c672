import { type Kysely, PostgresAdapter } from 'kysely';
import { moveSqliteTables } from './sqlite-move-tables.js';

/**
 * SQLite: the raw scans, and the marks of the journal files written into them (marked in the
 * same transaction, so they share a file), move to the scans' own file, attached to every
 * connection as `scan_log` (db/sqlite-file.ts), with their rows and rowids (the rollup fold's and
 * the webhook feed's cursors point at them). A job thread's transaction on the codes then holds
 * only the main file's write lock, and the edge's appends never meet it
 * (docs/adr/2026-11-28-job-threads.md). PostgreSQL has no file locks: nothing to do.
 */
const TABLES = ['scans', 'scan_spool_replays'] as const;
/** db/sqlite-file.ts's SCAN_LOG_SCHEMA when this was written (a migration never imports app code). */
const SCAN_LOG_SCHEMA = 'scan_log';

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await moveSqliteTables(db, TABLES, 'main', SCAN_LOG_SCHEMA);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await moveSqliteTables(db, TABLES, SCAN_LOG_SCHEMA, 'main');
}
