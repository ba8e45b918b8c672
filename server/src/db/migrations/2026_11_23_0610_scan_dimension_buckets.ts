import { type Kysely, sql } from 'kysely';

/**
 * Per quarter hour, dimension and value, for the whole account: a breakdown's partial days at
 * either end of a range read these instead of the quarter-hour facts, whose rows grow with the
 * scans (docs/adr/2026-11-23-analytics-rollups.md). Filled from the facts.
 */
const DIMENSION_COLUMNS: Record<string, string> = {
  country: 'country',
  region: 'region',
  device: 'device',
  os: 'os',
  browser: 'browser',
  language: 'language',
  referrer: 'referrer_host',
  hostname: 'hostname',
  rule: 'rule_id',
  qrcode: 'qrcode_id',
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_dimension_buckets')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('scans', 'bigint', (c) => c.notNull())
    .addColumn('bots', 'bigint', (c) => c.notNull())
    .addColumn('visitors', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_dimension_buckets_pk', [
      'account_id',
      'dimension',
      'bucket',
      'key',
    ] as never)
    .execute();
  for (const [dimension, column] of Object.entries(DIMENSION_COLUMNS)) {
    // The account's `qrcode` rows count each code's own visitors, as the daily rows do.
    const visitors = dimension === 'qrcode' ? sql`code_visitors` : sql`visitors`;
    await sql`insert into scan_dimension_buckets (account_id, dimension, bucket, key, scans, bots, visitors)
      select account_id, ${sql.lit(dimension)}, bucket, ${sql.ref(column)}, sum(scans), sum(bots), sum(${visitors})
      from scan_rollups group by account_id, bucket, ${sql.ref(column)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_dimension_buckets').execute();
}
