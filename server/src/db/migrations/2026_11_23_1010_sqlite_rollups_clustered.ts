import type { Kysely } from 'kysely';
import { clusterSqliteTables } from './sqlite-clustering.js';

/**
 * On SQLite, the rollups the dashboard reads become WITHOUT ROWID tables: clustered on their
 * primary key, so a range of days or quarter hours is read in one pass instead of an index walk
 * plus a lookup per row (the 30-day breakdown by code read 56,000 rows that way), and each upsert
 * writes one b-tree instead of two. PostgreSQL keeps its tables as they are.
 */
const TABLES = ['scan_daily_rollups', 'scan_dimension_buckets', 'scan_totals'];

export async function up(db: Kysely<any>): Promise<void> {
  await clusterSqliteTables(db, TABLES, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await clusterSqliteTables(db, TABLES, false);
}
