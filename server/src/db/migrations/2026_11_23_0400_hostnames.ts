import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hostnames')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_json', 'text')
    .addColumn('root_redirect', 'text')
    .addColumn('not_found_redirect', 'text')
    .addColumn('verified_at', 'bigint')
    .addColumn('last_checked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One account per name, enforced by the database even when two claims race.
  await db.schema.createIndex('hostnames_hostname').on('hostnames').column('hostname').unique().execute();
  await db.schema
    .createIndex('hostnames_account_id_id')
    .on('hostnames')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hostnames').execute();
}
