import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/create-db.js';
import { FACT_KEY_COLUMNS, ROLLUP_TABLES } from '../../src/modules/scans/scan-rollups.js';

/**
 * The analytics rollups recounted from the raw scans, written out independently of the
 * recorder's code: a visitor's first scan of a UTC day (in recording order: rowid on SQLite,
 * ctid on PostgreSQL, whose scans are only ever appended) counts one unique for the account and
 * one for its code. Answers every rollup table as sorted `key => counts` lines, stored and
 * recounted, so a test compares them with one toEqual.
 */
export async function storedAndRecountedRollups(handle: DatabaseHandle) {
  const order = handle.dialect === 'sqlite' ? sql`rowid` : sql`ctid`;
  const { rows: scans } = await sql<
    Record<string, string | number | null>
  >`select * from scans order by ${order}`.execute(handle.db);
  const facts = new Map<string, number[]>();
  const totals = new Map<string, number[]>();
  const daily = new Map<string, number[]>();
  const buckets = new Map<string, number[]>();
  const weekly = new Map<string, number[]>();
  const visitors = new Set<string>();
  const bump = (map: Map<string, number[]>, key: string, counts: number[]) => {
    const row = map.get(key) ?? counts.map(() => 0);
    map.set(
      key,
      row.map((n, i) => n + (counts[i] as number)),
    );
  };
  const value = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  for (const scan of scans) {
    const at = Number(scan.at);
    const day = at - (at % 86_400_000);
    const bucket = at - (at % 900_000);
    const week = at - (at % (7 * 86_400_000));
    const bot = Number(scan.bot) === 1;
    const accountKey = `${day}|${scan.account_id}|${scan.visitor_hash}`;
    const codeKey = `${day}|${scan.qrcode_id}|${scan.visitor_hash}`;
    const firstInAccount = !bot && !visitors.has(accountKey);
    const firstOnCode = !bot && !visitors.has(codeKey);
    if (!bot) {
      visitors.add(accountKey);
      visitors.add(codeKey);
    }
    const counts = (visitor: boolean) => [bot ? 0 : 1, bot ? 1 : 0, visitor ? 1 : 0];
    const dims = {
      country: scan.country,
      region: scan.region,
      device: scan.device,
      os: scan.os,
      browser: scan.browser,
      language: scan.language,
      referrer: scan.referrer_host,
      hostname: scan.hostname,
      rule: scan.rule_id,
    };
    bump(
      facts,
      FACT_KEY_COLUMNS.map((column) => value(column === 'bucket' ? bucket : scan[column])).join('|'),
      [...counts(firstInAccount), firstOnCode ? 1 : 0],
    );
    bump(totals, `${scan.account_id}||${bucket}`, counts(firstInAccount));
    bump(totals, `${scan.account_id}|${scan.qrcode_id}|${bucket}`, counts(firstOnCode));
    for (const [dimension, v] of Object.entries(dims)) {
      bump(daily, `${scan.account_id}||${dimension}|${day}|${value(v)}`, counts(firstInAccount));
      bump(buckets, `${scan.account_id}|${dimension}|${bucket}|${value(v)}`, counts(firstInAccount));
      bump(weekly, `${scan.account_id}|${dimension}|${week}|${value(v)}`, counts(firstInAccount));
      bump(
        daily,
        `${scan.account_id}|${scan.qrcode_id}|${dimension}|${day}|${value(v)}`,
        counts(firstOnCode),
      );
    }
    bump(daily, `${scan.account_id}||qrcode|${day}|${scan.qrcode_id}`, counts(firstOnCode));
    bump(buckets, `${scan.account_id}|qrcode|${bucket}|${scan.qrcode_id}`, counts(firstOnCode));
    bump(weekly, `${scan.account_id}|qrcode|${week}|${scan.qrcode_id}`, counts(firstOnCode));
  }

  const lines = (map: Map<string, number[]>) => [...map].map(([k, c]) => `${k} => ${c.join(',')}`).sort();
  const read = async (table: string, key: readonly string[], countColumns: readonly string[]) => {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db);
    return rows
      .map(
        (row) =>
          `${key.map((c) => value(row[c])).join('|')} => ${countColumns.map((c) => Number(row[c])).join(',')}`,
      )
      .sort();
  };
  // The stored side reads each rollup table by the product's own column list, so a column the
  // recorder adds and this recount does not count fails the comparison instead of going unread.
  const stored = {} as Record<keyof typeof ROLLUP_TABLES | 'visitors', string[]>;
  for (const [name, table] of Object.entries(ROLLUP_TABLES)) {
    stored[name as keyof typeof ROLLUP_TABLES] = await read(table.name, table.key, table.counts);
  }
  stored.visitors = (await read('scan_visitors', ['day', 'scope', 'visitor_hash'], [])).map((line) =>
    line.replace(/ => $/, ''),
  );
  const recounted = {
    facts: lines(facts),
    totals: lines(totals),
    daily: lines(daily),
    buckets: lines(buckets),
    weekly: lines(weekly),
    visitors: [...visitors].sort(),
  };
  return { stored, recounted, scans: scans.length };
}
