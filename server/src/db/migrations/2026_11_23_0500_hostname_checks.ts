import type { Kysely } from 'kysely';

/**
 * The background re-check of hostnames: when each is due (`next_check_at`), how many automatic
 * checks a pending name has had (its backoff step), and since when a verified name's re-check
 * fails (`failing_since`; the grace period runs from it). Existing names are due at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hostnames').addColumn('next_check_at', 'bigint').execute();
  await db.schema
    .alterTable('hostnames')
    .addColumn('check_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('hostnames').addColumn('failing_since', 'bigint').execute();
  await db.updateTable('hostnames').set({ next_check_at: 0 }).execute();
  await db.schema.createIndex('hostnames_next_check_at').on('hostnames').column('next_check_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('hostnames_next_check_at').execute();
  await db.schema.alterTable('hostnames').dropColumn('failing_since').execute();
  await db.schema.alterTable('hostnames').dropColumn('check_attempts').execute();
  await db.schema.alterTable('hostnames').dropColumn('next_check_at').execute();
}
