import { type Kysely, PostgresAdapter } from 'kysely';
import { moveSqliteTables } from './sqlite-move-tables.js';

/**
 * SQLite: the scans' rollups, counters, visitor sets and fold cursor move to the rollups' own
 * file, attached to every connection as `rollups` (db/sqlite-file.ts, docs/adr/2026-11-26-cold-scans.md),
 * with their rows (sqlite-move-tables.ts): the thread that folds scans into them then never
 * holds the main file's write lock.
 * PostgreSQL is one database already: nothing to do.
 */
const TABLES = [
  'scan_rollup_cursor',
  'scan_counters',
  'scan_visitors',
  'scan_rollups',
  'scan_totals',
  'scan_daily_rollups',
  'scan_dimension_buckets',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await moveSqliteTables(db, TABLES, 'main', 'rollups');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await moveSqliteTables(db, TABLES, 'rollups', 'main');
}
