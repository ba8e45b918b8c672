import type { Kysely } from 'kysely';
import { clusterSqliteTables } from './sqlite-clustering.js';

/**
 * On SQLite, the two tables every scan batch writes besides the raw scans, the facts
 * (scan_rollups, keyed on twelve columns) and the day's visitor set, become WITHOUT ROWID too:
 * a rowid table keeps such a key twice, in the table and in its primary-key index, so each
 * upsert wrote two b-trees and the commit twice the pages.
 */
const TABLES = ['scan_rollups', 'scan_visitors'];

export async function up(db: Kysely<any>): Promise<void> {
  await clusterSqliteTables(db, TABLES, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await clusterSqliteTables(db, TABLES, false);
}
