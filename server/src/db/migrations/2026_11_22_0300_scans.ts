import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scans')
    .addColumn('qrcode_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('region', 'text')
    .addColumn('device', 'text')
    .addColumn('os', 'text')
    .addColumn('browser', 'text')
    .addColumn('language', 'text')
    .addColumn('referrer_host', 'text')
    .addColumn('bot', 'integer', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scans_code_at').on('scans').columns(['qrcode_id', 'at']).execute();

  await db.schema
    .createTable('scan_counters')
    .addColumn('qrcode_id', 'text', (c) => c.primaryKey())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('bots', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_counters').execute();
  await db.schema.dropTable('scans').execute();
}
