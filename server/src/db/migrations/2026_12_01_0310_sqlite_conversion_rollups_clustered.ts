import type { Kysely } from 'kysely';
import { clusterSqliteTables } from './sqlite-clustering.js';

/**
 * On SQLite, the conversions' rollups become WITHOUT ROWID tables, as the scans' did
 * (2026_11_23_1010_sqlite_rollups_clustered): clustered on their primary key, so the dashboard's
 * range of quarter hours or days is read in one pass instead of an index walk plus a row lookup
 * each (a 30-day summary read 23,000 quarter-hour rows that way, the series 11,500 more).
 * PostgreSQL keeps its tables as they are.
 */
const TABLES = ['conversion_totals', 'conversion_daily'];

export async function up(db: Kysely<any>): Promise<void> {
  await clusterSqliteTables(db, TABLES, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await clusterSqliteTables(db, TABLES, false);
}
