import type { Kysely } from 'kysely';

/**
 * API keys (found by the SHA-256 of the key, never stored in clear), the marketplace user an
 * account may belong to, and the account's signing secret for exec calls and webhooks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('api_keys_account_id_id')
    .on('api_keys')
    .columns(['account_id', 'id'])
    .execute();

  await db.schema.alterTable('accounts').addColumn('marketplace_user', 'text').execute();
  await db.schema
    .createIndex('accounts_marketplace_user')
    .on('accounts')
    .column('marketplace_user')
    .unique()
    .execute();
  await db.schema.alterTable('accounts').addColumn('signing_secret', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('signing_secret_created_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('accounts_marketplace_user').execute();
  await db.schema.alterTable('accounts').dropColumn('signing_secret_created_at').execute();
  await db.schema.alterTable('accounts').dropColumn('signing_secret').execute();
  await db.schema.alterTable('accounts').dropColumn('marketplace_user').execute();
  await db.schema.dropTable('api_keys').execute();
}
