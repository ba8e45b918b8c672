import type { Kysely } from 'kysely';

/**
 * The months in which a workspace reached its monthly redirect limit: one row each, so the audit
 * log's `usage.limit_reached` is written once a month however many instances see the count cross.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_limit_reached')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_limit_reached_pk', ['workspace_id', 'month'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usage_limit_reached').execute();
}
