// The analytics bench's data, stored fast and as the product stores it: raw scans, their counters,
// rollups and visitor sets, conversions and their rollups. The rows are the product's own: the
// rollups come from its pure functions (scan-rollups.js's rollupsOf, countersOf, visitorKeysOf;
// conversions.rollups.js's rollupsOf), fed one week of scans at a time (the rollups' own weeks,
// scan-rollups.js weekOf). Every rollup row is keyed by a quarter hour, a day or a week of its scan,
// so no two batches share a row: each batch's rows are plain bulk inserts (a repeated key is an
// error, never a silent sum), with no per-row upsert. The visitor set
// holds yesterday and today only (the server prunes older days), and the fold cursor stands at the
// last scan, as after the folder caught up. `checkSeedAgainstProduct` seeds a sample both this way
// and through the product's write path (appendScans, insertConversions) and compares every table.
// The writers that store the rows (SQLite, PostgreSQL) are lib/analytics-seed-writers.mjs.
import path from 'node:path';
import { benchScans } from './scan-rows.mjs';

const dist = path.resolve(import.meta.dirname, '../../server/dist');
const { SCAN_COLUMNS } = await import(path.join(dist, 'modules/scans/scans.table.js'));
const scanRollups = await import(path.join(dist, 'modules/scans/scan-rollups.js'));
const conversionRollups = await import(path.join(dist, 'modules/conversions/conversions.rollups.js'));
const { newScanId } = await import(path.join(dist, 'modules/scans/scan-id.js'));
const scansRepository = await import(path.join(dist, 'modules/scans/scans.repository.js'));
const { appendScans } = scansRepository;
const { insertConversions } = await import(path.join(dist, 'modules/conversions/conversions.repository.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { sql } = await import('kysely');

const DAY = 86_400_000;
/** A batch of the seed: one of the rollups' weeks, so that no rollup row spans two batches. */
const batchOf = scanRollups.weekOf;
export const SEED_DAYS = 90;
const CODES = Array.from({ length: 2000 }, (_, i) => `qr_bench${String(i).padStart(5, '0')}`);
const CURRENCIES = ['EUR', 'USD', 'GBP'];

const CONVERSION_COLUMNS = [
  'id',
  'account_id',
  'external_id',
  'scan_id',
  'qrcode_id',
  'rule_id',
  'variant',
  'hostname',
  'country',
  'region',
  'device',
  'os',
  'browser',
  'language',
  'referrer_host',
  'scan_at',
  'occurred_at',
  'type',
  'amount',
  'currency',
  'customer_hash',
  'body_hash',
  'created_at',
];
const CONVERSION_TOTALS_COLUMNS = ['account_id', 'qrcode_id', 'bucket', 'currency', 'conversions', 'revenue'];
const CONVERSION_DAILY_COLUMNS = [
  'account_id',
  'qrcode_id',
  'dimension',
  'day',
  'key',
  'currency',
  'conversions',
  'revenue',
];
const VISITOR_COLUMNS = ['day', 'scope', 'visitor_hash'];
const COUNTER_COLUMNS = ['qrcode_id', 'total', 'bots', 'last_at'];

/** Every table the seed writes, with its columns (the rollups' from the product's own list). */
export const TABLES = {
  scans: SCAN_COLUMNS,
  ...Object.fromEntries(
    Object.values(scanRollups.ROLLUP_TABLES).map((t) => [t.name, [...t.key, ...t.counts]]),
  ),
  scan_visitors: VISITOR_COLUMNS,
  scan_counters: COUNTER_COLUMNS,
  conversions: CONVERSION_COLUMNS,
  conversion_totals: CONVERSION_TOTALS_COLUMNS,
  conversion_daily: CONVERSION_DAILY_COLUMNS,
};

/**
 * The primary key of each table a writer stores in key order (a rollup's from the product's own
 * list; the conversions' rollups: every column but the two counts). Scans and conversions are made
 * in the order of their rowid and id already.
 */
export const TABLE_KEYS = {
  ...Object.fromEntries(Object.values(scanRollups.ROLLUP_TABLES).map((t) => [t.name, t.key])),
  scan_visitors: VISITOR_COLUMNS,
  scan_counters: ['qrcode_id'],
  conversion_totals: CONVERSION_TOTALS_COLUMNS.slice(0, -2),
  conversion_daily: CONVERSION_DAILY_COLUMNS.slice(0, -2),
};

/** The conversion of the n-th converting scan: a lead, or (one in three) a sale in one of three currencies. */
function conversionOf(scan, n) {
  const sale = n % 3 === 0;
  return {
    id: `cnv_bench${String(n).padStart(19, '0')}`,
    account_id: scan.account_id,
    external_id: `order-${n}`,
    scan_id: scan.scan_id,
    qrcode_id: scan.qrcode_id,
    rule_id: scan.rule_id,
    variant: scan.variant,
    hostname: scan.hostname,
    country: scan.country,
    region: scan.region,
    device: scan.device,
    os: scan.os,
    browser: scan.browser,
    language: scan.language,
    referrer_host: scan.referrer_host,
    scan_at: scan.at,
    occurred_at: scan.at + 600_000,
    type: sale ? 'sale' : 'lead',
    amount: sale ? 500 + (n % 97) * 100 : null,
    currency: sale ? CURRENCIES[Math.floor(n / 3) % CURRENCIES.length] : null,
    customer_hash: null,
    body_hash: 'bench',
    created_at: scan.at + 600_000,
  };
}

/**
 * `count` scans of `workspaceId` over the SEED_DAYS days before `end` (benchScans: 2,000 codes, a
 * realistic spread of dimensions), each handed an `rq_id` by the product's own id maker, and every
 * `convertEvery`-th scan's conversion (always a human's), one week (batchOf) at a time.
 */
export function* seedBatches({ count, workspaceId, end, convertEvery }) {
  const from = end - SEED_DAYS * DAY;
  let batch;
  let scans = [];
  let conversions = [];
  let converted = 0;
  let seen = 0;
  for (const scan of benchScans(count, { codes: CODES, workspaceId, from, days: SEED_DAYS })) {
    scan.scan_id = newScanId(scan.at);
    scan.variant = null;
    const scanBatch = batchOf(scan.at);
    if (scanBatch !== batch && scans.length > 0) {
      yield { scans, conversions };
      scans = [];
      conversions = [];
    }
    batch = scanBatch;
    scans.push(scan);
    seen++;
    if (!scan.bot && converted < Math.floor(seen / convertEvery))
      conversions.push(conversionOf(scan, converted++));
  }
  if (scans.length > 0) yield { scans, conversions };
}

/** What the dashboard must answer, per quarter hour of the seed: human scans and conversions. */
export class Expected {
  constructor(start) {
    this.start = scanRollups.bucketOf(start);
    this.scans = [];
    this.conversions = [];
  }
  add({ scans, conversions }) {
    const index = (at) => (scanRollups.bucketOf(at) - this.start) / scanRollups.BUCKET_MS;
    for (const scan of scans)
      if (!scan.bot) this.scans[index(scan.at)] = (this.scans[index(scan.at)] ?? 0) + 1;
    for (const c of conversions)
      this.conversions[index(c.scan_at)] = (this.conversions[index(c.scan_at)] ?? 0) + 1;
  }
  /** Human scans and conversions of the scans in [from, to) (quarter-hour bounds). */
  static within({ start, scans, conversions }, from, to) {
    let total = 0;
    let converted = 0;
    for (let i = 0; i < Math.max(scans.length, conversions.length); i++) {
      const at = start + i * scanRollups.BUCKET_MS;
      if (at < from || at >= to) continue;
      total += scans[i] ?? 0;
      converted += conversions[i] ?? 0;
    }
    return { total, conversions: converted };
  }
  toJSON() {
    return {
      start: this.start,
      scans: [...this.scans].map((n) => n ?? 0),
      conversions: [...this.conversions].map((n) => n ?? 0),
    };
  }
}

/**
 * The rollups of a batch of fresh days (every visitor's first scan of a day is in it), equal to
 * the product's `rollupsOf(scans, every visitor key)` row for row (checkSeedAgainstProduct proves
 * it on a sample), made fast enough for 10M scans: the product's function builds a string key for
 * each of the ~25 rows every scan touches (about 2 µs each, 8 minutes over 10M scans), this one
 * numbers each dimension's values once and keys the derived rows by number. Facts and the
 * definitions (which dimensions, which columns, whose visitors) are the product's own constants.
 */
const values = new Map();
/** A dimension's value as a small number, the same for the whole seed. */
function valueNumber(dimension, value) {
  let numbers = values.get(dimension);
  if (!numbers) {
    numbers = { of: new Map(), list: [] };
    values.set(dimension, numbers);
  }
  let n = numbers.of.get(value);
  if (n === undefined) {
    n = numbers.list.length;
    numbers.of.set(value, n);
    numbers.list.push(value);
  }
  return n;
}
const numberedValue = (dimension, n) => values.get(dimension).list[n];

function fastRollups(scans) {
  const { DIMENSIONS, DIMENSION_COLUMN, FACT_KEY_COLUMNS, BUCKET_MS, dayOf, weekOf } = scanRollups;
  const gs1 = scanRollups.GS1_DIMENSIONS ?? new Set();
  const facts = new Map();
  const firstOfDay = new Set();
  for (const scan of scans) {
    const at = Number(scan.at);
    const bucket = Math.floor(at / BUCKET_MS) * BUCKET_MS;
    let key = String(bucket);
    for (const column of FACT_KEY_COLUMNS) key += `\u001f${scan[column] ?? ''}`;
    let fact = facts.get(key);
    if (!fact) {
      fact = { ...Object.fromEntries(FACT_KEY_COLUMNS.map((c) => [c, scan[c] ?? ''])), bucket };
      Object.assign(fact, { scans: 0, bots: 0, visitors: 0, code_visitors: 0 });
      facts.set(key, fact);
    }
    if (scan.bot) {
      fact.bots += 1;
      continue;
    }
    fact.scans += 1;
    const day = dayOf(at);
    const inAccount = `${day}\u001f${scan.account_id}\u001f${scan.visitor_hash}`;
    const onCode = `${day}\u001f${scan.qrcode_id}\u001f${scan.visitor_hash}`;
    if (!firstOfDay.has(inAccount)) {
      firstOfDay.add(inAccount);
      fact.visitors += 1;
    }
    if (!firstOfDay.has(onCode)) {
      firstOfDay.add(onCode);
      fact.code_visitors += 1;
    }
  }
  // Derived rows keyed by numbers: the batch's first quarter hour, day and week are their origin.
  const list = [...facts.values()];
  let origin = Number.POSITIVE_INFINITY;
  for (const fact of list) origin = Math.min(origin, fact.bucket);
  const firstDay = dayOf(origin);
  const totals = new Map();
  const daily = new Map();
  const buckets = new Map();
  const weekly = new Map();
  const bump = (map, key, make, fact, visitors) => {
    let row = map.get(key);
    if (!row) {
      row = make();
      row.scans = 0;
      row.bots = 0;
      row.visitors = 0;
      map.set(key, row);
    }
    row.scans += fact.scans;
    row.bots += fact.bots;
    row.visitors += visitors;
  };
  const dims = DIMENSIONS.map((dimension, d) => ({ dimension, d, column: DIMENSION_COLUMN[dimension] }));
  for (const fact of list) {
    const account = fact.account_id;
    const code = fact.qrcode_id;
    const codeNumber = valueNumber('qrcode', code) + 1;
    const q = (fact.bucket - origin) / BUCKET_MS;
    const day = dayOf(fact.bucket);
    const dayIndex = (day - firstDay) / 86_400_000;
    const week = weekOf(fact.bucket);
    for (const [scope, scopeNumber, visitors] of [
      ['', 0, fact.visitors],
      [code, codeNumber, fact.code_visitors],
    ]) {
      bump(
        totals,
        q * 4096 + scopeNumber,
        () => ({ account_id: account, qrcode_id: scope, bucket: fact.bucket }),
        fact,
        visitors,
      );
      for (const { dimension, d, column } of dims) {
        if (dimension === 'qrcode' && scope !== '') continue;
        const key = fact[column];
        if (key === '' && gs1.has(dimension)) continue;
        const v = valueNumber(dimension, key);
        const counted = dimension === 'qrcode' ? fact.code_visitors : visitors;
        bump(
          daily,
          ((dayIndex * 4096 + scopeNumber) * 32 + d) * 65_536 + v,
          () => ({ account_id: account, qrcode_id: scope, dimension, day, key: numberedValue(dimension, v) }),
          fact,
          counted,
        );
        if (scope !== '') continue;
        bump(
          buckets,
          (q * 32 + d) * 65_536 + v,
          () => ({ account_id: account, dimension, bucket: fact.bucket, key }),
          fact,
          counted,
        );
        bump(
          weekly,
          (((week - weekOf(origin)) / (7 * 86_400_000)) * 32 + d) * 65_536 + v,
          () => ({ account_id: account, dimension, week, key }),
          fact,
          counted,
        );
      }
    }
  }
  return {
    facts: list,
    totals: [...totals.values()],
    daily: [...daily.values()],
    buckets: [...buckets.values()],
    weekly: [...weekly.values()],
  };
}

/**
 * Stores the seed through `writer` ({ insert(table, rows), batch(run), finish() }); answers the
 * expected counts and how many conversions were made. `keepVisitorsFrom`: the first day whose
 * visitor set is kept (the server prunes the older ones).
 */
export async function writeSeed(writer, batches, { keepVisitorsFrom, start, onBatch }) {
  const counters = new Map();
  const expected = new Expected(start);
  let conversions = 0;
  for (const batch of batches) {
    const keys = scanRollups.visitorKeysOf(batch.scans);
    const rollups = fastRollups(batch.scans);
    const sold = conversionRollups.rollupsOf(batch.conversions);
    await writer.batch(async () => {
      await writer.insert('scans', batch.scans);
      for (const [name, table] of Object.entries(scanRollups.ROLLUP_TABLES))
        await writer.insert(table.name, rollups[name]);
      await writer.insert(
        'scan_visitors',
        keys.filter((key) => key.day >= keepVisitorsFrom),
      );
      await writer.insert('conversions', batch.conversions);
      await writer.insert('conversion_totals', sold.totals);
      await writer.insert('conversion_daily', sold.daily);
    });
    for (const [code, c] of scanRollups.countersOf(batch.scans)) {
      const sum = counters.get(code) ?? { qrcode_id: code, total: 0, bots: 0, last_at: 0 };
      sum.total += c.total;
      sum.bots += c.bots;
      sum.last_at = Math.max(sum.last_at, c.last_at);
      counters.set(code, sum);
    }
    expected.add(batch);
    conversions += batch.conversions.length;
    onBatch?.(batch);
  }
  await writer.batch(() => writer.insert('scan_counters', [...counters.values()]));
  await writer.finish();
  return { expected, conversions };
}

// ---------------------------------------------------------------------------------------------
// The check: a sample stored both ways must leave every table the same

/** A table's rows in one order (every column), for comparing two databases. */
async function tableRows(db, table, columns, where = sql`true`) {
  const { rows } = await sql`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}
    where ${where} order by ${sql.join(columns.map((_, i) => sql.raw(String(i + 1))))}`.execute(db);
  return rows.map((row) => JSON.stringify(columns.map((c) => (row[c] === null ? null : String(row[c])))));
}

/**
 * Seeds `count` scans into `bulk` with the bulk writer and into `product` through the product's
 * write path (appendScans and insertConversions, 5,000 a batch, as the old seed did), both
 * migrated here, and throws unless every table holds the same rows (the visitor set: the days the
 * bulk seed keeps). Answers the number of rows compared.
 */
export async function checkSeedAgainstProduct({ bulk, product, makeWriter, count, end, workspaceId }) {
  await migrateDatabase(bulk);
  await migrateDatabase(product);
  const batches = [...seedBatches({ count, workspaceId, end, convertEvery: 20 })];
  const keepVisitorsFrom = scanRollups.dayOf(end) - DAY;
  await writeSeed(await makeWriter(bulk), batches, { keepVisitorsFrom, start: end - SEED_DAYS * DAY });
  const scans = batches.flatMap((b) => b.scans);
  const conversions = batches.flatMap((b) => b.conversions);
  for (let i = 0; i < scans.length; i += 5000) await appendScans(product, scans.slice(i, i + 5000));
  for (let i = 0; i < conversions.length; i += 5000)
    await product.db.transaction().execute((trx) => insertConversions(trx, conversions.slice(i, i + 5000)));
  let compared = 0;
  for (const [table, columns] of Object.entries(TABLES)) {
    const where = table === 'scan_visitors' ? sql`day >= ${keepVisitorsFrom}` : sql`true`;
    const [a, b] = await Promise.all([
      tableRows(bulk.db, table, columns, where),
      tableRows(product.db, table, columns, where),
    ]);
    const differs = a.length !== b.length || a.some((row, i) => row !== b[i]);
    if (differs || a.length === 0)
      throw new Error(
        `the bulk seed's ${table} differs from the product's (${a.length} rows against ${b.length})`,
      );
    compared += a.length;
  }
  if (bulk.sqlite) {
    const cursor = (h) => h.sqlite.prepare('select through_rowid from scan_rollup_cursor').pluck().get();
    if (cursor(bulk) !== cursor(product)) throw new Error('the bulk seed left the fold cursor elsewhere');
  }
  return compared;
}
