import type { Kysely } from 'kysely';

/**
 * Conversion rollups, kept in the transaction that stores the conversions, so the dashboard reads
 * conversions beside the scans' rollups without reading every conversion of the range:
 * - `conversion_totals`: per quarter hour of the credited scan, for the workspace (qrcode_id '')
 *   and per code, per currency ('' without an amount): the summary and the time series;
 * - `conversion_daily`: per UTC day of the scan and value of each dimension (its column name),
 *   for the workspace and per code (`qrcode_id` only for the workspace): the breakdowns' whole
 *   days (their partial days at a range's edges are read from the conversions themselves).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conversion_totals')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('qrcode_id', 'text', (c) => c.notNull())
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('conversions', 'bigint', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversion_totals_pk', ['account_id', 'qrcode_id', 'bucket', 'currency'])
    .execute();
  await db.schema
    .createTable('conversion_daily')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('qrcode_id', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('conversions', 'bigint', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversion_daily_pk', [
      'account_id',
      'qrcode_id',
      'dimension',
      'day',
      'key',
      'currency',
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conversion_daily').ifExists().execute();
  await db.schema.dropTable('conversion_totals').ifExists().execute();
}
