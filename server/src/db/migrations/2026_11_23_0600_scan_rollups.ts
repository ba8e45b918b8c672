import { type Kysely, sql } from 'kysely';

/**
 * Analytics rollups (docs/adr/2026-11-23-analytics-rollups.md): quarter-hour facts with every
 * dimension, quarter-hour totals and daily per-dimension rows, per account and per code, plus the
 * day's visitor sets. Filled from the scans already stored; from now on the recorder keeps them
 * in the scans' own transaction. Raw scans lose their per-code index (nothing reads them by code
 * any more) and gain one by account and time (export, retention).
 */
const BUCKET_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

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

const counts = (table: ReturnType<Kysely<any>['schema']['createTable']>) =>
  table
    .addColumn('scans', 'bigint', (c) => c.notNull())
    .addColumn('bots', 'bigint', (c) => c.notNull())
    .addColumn('visitors', 'bigint', (c) => c.notNull());

export async function up(db: Kysely<any>): Promise<void> {
  let facts = db.schema
    .createTable('scan_rollups')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('bucket', 'bigint', (c) => c.notNull());
  for (const column of [
    'qrcode_id',
    'hostname',
    'rule_id',
    'country',
    'region',
    'device',
    'os',
    'browser',
    'language',
    'referrer_host',
  ]) {
    facts = facts.addColumn(column, 'text', (c) => c.notNull());
  }
  await counts(facts)
    .addColumn('code_visitors', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_rollups_pk', [
      'account_id',
      'bucket',
      'qrcode_id',
      'hostname',
      'rule_id',
      'country',
      'region',
      'device',
      'os',
      'browser',
      'language',
      'referrer_host',
    ] as never)
    .execute();

  await counts(
    db.schema
      .createTable('scan_totals')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('qrcode_id', 'text', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('scan_totals_pk', ['account_id', 'qrcode_id', 'bucket'] as never)
    .execute();

  await counts(
    db.schema
      .createTable('scan_daily_rollups')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('qrcode_id', 'text', (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('scan_daily_rollups_pk', [
      'account_id',
      'qrcode_id',
      'dimension',
      'day',
      'key',
    ] as never)
    .execute();

  await db.schema
    .createTable('scan_visitors')
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_visitors_pk', ['day', 'scope', 'visitor_hash'] as never)
    .execute();

  await db.schema.dropIndex('scans_code_at').execute();
  await db.schema.createIndex('scans_account_at').on('scans').columns(['account_id', 'at']).execute();

  await backfill(db);
}

/** The stored scans with their buckets and first-visit marks (a visitor's first scan of the UTC day). */
const marked = sql`(select s.*,
    (s.at / ${sql.lit(BUCKET_MS)}) * ${sql.lit(BUCKET_MS)} as bucket,
    (s.at / ${sql.lit(DAY_MS)}) * ${sql.lit(DAY_MS)} as day,
    case when s.bot = 0 and row_number() over (
      partition by s.account_id, s.at / ${sql.lit(DAY_MS)}, s.visitor_hash, s.bot order by s.at) = 1
      then 1 else 0 end as first_in_account,
    case when s.bot = 0 and row_number() over (
      partition by s.qrcode_id, s.at / ${sql.lit(DAY_MS)}, s.visitor_hash, s.bot order by s.at) = 1
      then 1 else 0 end as first_on_code
  from scans s) m`;

const humans = sql`sum(case when m.bot = 0 then 1 else 0 end)`;

async function backfill(db: Kysely<any>): Promise<void> {
  await sql`insert into scan_rollups (account_id, bucket, qrcode_id, hostname, rule_id, country, region,
      device, os, browser, language, referrer_host, scans, bots, visitors, code_visitors)
    select m.account_id, m.bucket, m.qrcode_id, m.hostname, coalesce(m.rule_id, ''), coalesce(m.country, ''),
      coalesce(m.region, ''), coalesce(m.device, ''), coalesce(m.os, ''), coalesce(m.browser, ''),
      coalesce(m.language, ''), coalesce(m.referrer_host, ''), ${humans}, sum(m.bot),
      sum(m.first_in_account), sum(m.first_on_code)
    from ${marked}
    group by m.account_id, m.bucket, m.qrcode_id, m.hostname, coalesce(m.rule_id, ''), coalesce(m.country, ''),
      coalesce(m.region, ''), coalesce(m.device, ''), coalesce(m.os, ''), coalesce(m.browser, ''),
      coalesce(m.language, ''), coalesce(m.referrer_host, '')`.execute(db);

  await sql`insert into scan_totals (account_id, qrcode_id, bucket, scans, bots, visitors)
    select m.account_id, '', m.bucket, ${humans}, sum(m.bot), sum(m.first_in_account)
    from ${marked} group by m.account_id, m.bucket`.execute(db);
  await sql`insert into scan_totals (account_id, qrcode_id, bucket, scans, bots, visitors)
    select m.account_id, m.qrcode_id, m.bucket, ${humans}, sum(m.bot), sum(m.first_on_code)
    from ${marked} group by m.account_id, m.qrcode_id, m.bucket`.execute(db);

  for (const [dimension, column] of Object.entries(DIMENSION_COLUMNS)) {
    const value = sql`coalesce(m.${sql.ref(column)}, '')`;
    const accountVisitors = dimension === 'qrcode' ? sql`m.first_on_code` : sql`m.first_in_account`;
    await sql`insert into scan_daily_rollups (account_id, qrcode_id, dimension, day, key, scans, bots, visitors)
      select m.account_id, '', ${sql.lit(dimension)}, m.day, ${value}, ${humans}, sum(m.bot), sum(${accountVisitors})
      from ${marked} group by m.account_id, m.day, ${value}`.execute(db);
    if (dimension === 'qrcode') continue;
    await sql`insert into scan_daily_rollups (account_id, qrcode_id, dimension, day, key, scans, bots, visitors)
      select m.account_id, m.qrcode_id, ${sql.lit(dimension)}, m.day, ${value}, ${humans}, sum(m.bot), sum(m.first_on_code)
      from ${marked} group by m.account_id, m.qrcode_id, m.day, ${value}`.execute(db);
  }

  // Today's and yesterday's visitors, so scans after the upgrade are not first visits again.
  const since = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  for (const scope of ['account_id', 'qrcode_id']) {
    await sql`insert into scan_visitors (day, scope, visitor_hash)
      select distinct (s.at / ${sql.lit(DAY_MS)}) * ${sql.lit(DAY_MS)}, s.${sql.ref(scope)}, s.visitor_hash
      from scans s where s.bot = 0 and s.at >= ${since}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scans_account_at').execute();
  await db.schema.createIndex('scans_code_at').on('scans').columns(['qrcode_id', 'at']).execute();
  for (const table of ['scan_visitors', 'scan_daily_rollups', 'scan_totals', 'scan_rollups']) {
    await db.schema.dropTable(table).execute();
  }
}
