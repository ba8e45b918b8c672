import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL's shipped scans waiting for their rollups (docs/adr/2026-11-26-cold-scans.md,
 * "PostgreSQL: a fold queue"): a shipment inserts each raw scan into `scans` and a copy here in one statement, and
 * the fold thread later deletes a batch from here and writes its counters, visitor sets and
 * rollups in that transaction (exactly once, however many instances fold). `id` orders the folds.
 * SQLite folds behind its rollup cursor instead and has no such table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table scan_fold_queue (
    id bigint generated always as identity primary key,
    qrcode_id text not null,
    account_id text not null,
    at bigint not null,
    hostname text not null,
    rule_id text,
    target text not null,
    country text,
    region text,
    device text,
    os text,
    browser text,
    language text,
    referrer_host text,
    bot integer not null,
    visitor_hash text not null
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_fold_queue').ifExists().execute();
}
