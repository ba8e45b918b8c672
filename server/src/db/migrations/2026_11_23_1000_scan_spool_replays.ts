import type { Kysely } from 'kysely';

/**
 * The spool files already replayed, each marked in the transaction that wrote its scans: a crash
 * between that commit and removing the file, or two instances replaying one shared spool, cannot
 * count the scans twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_spool_replays')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('replayed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_spool_replays').execute();
}
