import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Assets: images (logos) an account uploads once and styles refer to by URL, instead of repeating
 * a data: URL in every code. The bytes live in the row (bytea on PostgreSQL, blob on SQLite); an
 * account's identical uploads are one asset (unique SHA-256 per account).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_length', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assets_account_id_sha256')
    .on('assets')
    .columns(['account_id', 'sha256'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assets').execute();
}
