import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * SQLite: attributed scans' ids move from an index on the raw scans (`scans_scan_id`, an insert
 * on the thread that answers scans for each attributed scan) to `scan_ids` in the rollups' file,
 * which the fold writes with the scans' rollups (scans.table.ts `ScanIdsTable`). Filled from the
 * scans stored so far; a scan the fold has not reached yet is written again by it, and kept once.
 * PostgreSQL keeps its index: its scans are inserted on the shipper's thread.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table rollups.scan_ids (
    scan_id text not null primary key,
    account_id text not null,
    qrcode_id text not null,
    at integer not null
  ) without rowid`.execute(db);
  // Pruning past the retention deletes by time (a workspace's erasure, rare, reads them all).
  await sql`create index rollups.scan_ids_at on scan_ids (at)`.execute(db);
  await sql`insert into rollups.scan_ids (scan_id, account_id, qrcode_id, at)
    select scan_id, account_id, qrcode_id, at from main.scans where scan_id is not null
    on conflict do nothing`.execute(db);
  await sql`drop index if exists main.scans_scan_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create index main.scans_scan_id on scans (scan_id) where scan_id is not null`.execute(db);
  await sql`drop table rollups.scan_ids`.execute(db);
}
