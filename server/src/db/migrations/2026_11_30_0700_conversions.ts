import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Conversions (issue 47): what a scan led to, reported by the code's owner with the scan's id.
 *
 * - `scans.scan_id`: the id the edge hands the target as `rq_id` (null when attribution is off), and
 *   `scans.variant`: the split target a split rule chose (null otherwise). Partial indexes: only
 *   the scans that carry them pay for them. PostgreSQL's fold queue copies every scan column.
 * - `conversions`: one row per reported conversion, with the scan's dimensions copied in, so
 *   analytics reads conversions beside scans without joining raw scans (which are pruned).
 * - `conversion_settings`: a workspace's attribution default and window (no row: the defaults).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scans').addColumn('scan_id', 'text').execute();
  await db.schema.alterTable('scans').addColumn('variant', 'integer').execute();
  await db.schema
    .createIndex('scans_scan_id')
    .on('scans')
    .column('scan_id')
    .where(sql.ref('scan_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('scans_rule_variant')
    .on('scans')
    .columns(['rule_id', 'variant'])
    .where(sql.ref('variant'), 'is not', null)
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('scan_fold_queue').addColumn('scan_id', 'text').execute();
    await db.schema.alterTable('scan_fold_queue').addColumn('variant', 'integer').execute();
  }

  await db.schema
    .createTable('conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('scan_id', 'text', (c) => c.notNull())
    .addColumn('qrcode_id', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text')
    .addColumn('variant', 'integer')
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('region', 'text')
    .addColumn('device', 'text')
    .addColumn('os', 'text')
    .addColumn('browser', 'text')
    .addColumn('language', 'text')
    .addColumn('referrer_host', 'text')
    .addColumn('scan_at', 'bigint', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('customer_hash', 'text')
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Idempotency: one conversion per external id in a workspace.
  await db.schema
    .createIndex('conversions_account_external_id')
    .on('conversions')
    .columns(['account_id', 'external_id'])
    .unique()
    .where(sql.ref('external_id'), 'is not', null)
    .execute();
  // Analytics: a workspace's conversions by the time of the scan they are credited to.
  await db.schema
    .createIndex('conversions_account_scan_at')
    .on('conversions')
    .columns(['account_id', 'scan_at'])
    .execute();
  // Experiments: a split rule's conversions per variant.
  await db.schema
    .createIndex('conversions_rule_variant')
    .on('conversions')
    .columns(['rule_id', 'variant'])
    .where(sql.ref('variant'), 'is not', null)
    .execute();
  // The list, newest first.
  await db.schema
    .createIndex('conversions_account_id')
    .on('conversions')
    .columns(['account_id', 'id'])
    .execute();

  await db.schema
    .createTable('conversion_settings')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('attribution_enabled', 'integer', (c) => c.notNull())
    .addColumn('attribution_parameter', 'text', (c) => c.notNull())
    .addColumn('window_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conversion_settings').ifExists().execute();
  await db.schema.dropTable('conversions').ifExists().execute();
  await db.schema.dropIndex('scans_rule_variant').ifExists().execute();
  await db.schema.dropIndex('scans_scan_id').ifExists().execute();
  await db.schema.alterTable('scans').dropColumn('variant').execute();
  await db.schema.alterTable('scans').dropColumn('scan_id').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('scan_fold_queue').dropColumn('variant').execute();
    await db.schema.alterTable('scan_fold_queue').dropColumn('scan_id').execute();
  }
}
