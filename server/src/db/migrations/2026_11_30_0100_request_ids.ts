import type { Kysely } from 'kysely';

/**
 * The id of the API request that made each change (its `x-request-id`), on the audit event and
 * on each webhook delivery of it (sent as `rq-request-id`), so a change, its deliveries and the
 * request's log lines join up. Nullable: the system's own changes and scans have none, and neither
 * do the rows written before this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('request_id').execute();
  await db.schema.alterTable('events').dropColumn('request_id').execute();
}
