import type { Kysely } from 'kysely';

/**
 * The signing secret a rotation replaced, and until when it still signs exec calls beside the new
 * one: receivers get a day to switch secrets without refusing a single scan.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('signing_secret_previous', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('signing_secret_previous_until', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('signing_secret_previous_until').execute();
  await db.schema.alterTable('accounts').dropColumn('signing_secret_previous').execute();
}
