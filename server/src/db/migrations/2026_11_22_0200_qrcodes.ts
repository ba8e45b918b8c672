import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('qrcodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('host_key', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('data_json', 'text')
    .addColumn('exec_json', 'text')
    .addColumn('style_json', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('tags_json', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('qrcodes_host_key_slug_unique', ['host_key', 'slug'])
    .execute();
  await db.schema.createIndex('qrcodes_account_id_id').on('qrcodes').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('qrcode_rules')
    .addColumn('qrcode_id', 'text', (c) => c.notNull().references('qrcodes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('qrcode_rules_pk', ['qrcode_id', 'position'])
    .execute();
  await db.schema.createIndex('qrcode_rules_rule_id').on('qrcode_rules').column('rule_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('qrcode_rules').execute();
  await db.schema.dropTable('qrcodes').execute();
}
