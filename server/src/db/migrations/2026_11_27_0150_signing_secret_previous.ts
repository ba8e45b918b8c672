import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Two things, in the one migration name this change was given:
 *
 * - The signing secret a rotation replaced, and until when it still signs exec calls beside the
 *   new one: receivers get a day to switch secrets without refusing a single scan.
 * - What `scan.created` webhooks need to read stored scans in order after a cursor
 *   (modules/webhooks/webhooks.scan-feed.ts): on SQLite the scans' rowid is that order already
 *   (one writer); on PostgreSQL, where shipments from several instances commit in any order, each
 *   scan keeps the id of the transaction that wrote it, and only transactions older than every
 *   running one are read, so none commits behind the cursor. Scans stored before this migration
 *   have none and are never sent. The cursor itself is one row, moved in the transaction that
 *   writes the deliveries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('signing_secret_previous', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('signing_secret_previous_until', 'bigint').execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    // Added without a default, then given one, so the existing rows are not rewritten.
    await sql`alter table scans add column feed_tx xid8`.execute(db);
    await sql`alter table scans alter column feed_tx set default pg_current_xact_id()`.execute(db);
    await sql`create index scans_feed_tx on scans (feed_tx)`.execute(db);
  }
  await db.schema
    .createTable('webhook_scan_feed')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('cursor', 'text', (c) => c.notNull())
    .execute();
  // SQLite: the last rowid sent (the scans already stored are not sent); PostgreSQL: every
  // transaction below it is sent (0: from the first scan written with an id).
  await (postgres
    ? sql`insert into webhook_scan_feed (id, cursor) values (1, '0')`
    : sql`insert into webhook_scan_feed (id, cursor) select 1, cast(coalesce(max(rowid), 0) as text) from scans`
  ).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_scan_feed').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index scans_feed_tx`.execute(db);
    await sql`alter table scans drop column feed_tx`.execute(db);
  }
  await db.schema.alterTable('accounts').dropColumn('signing_secret_previous_until').execute();
  await db.schema.alterTable('accounts').dropColumn('signing_secret_previous').execute();
}
