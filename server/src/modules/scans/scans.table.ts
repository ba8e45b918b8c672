import type { Insertable, Selectable } from 'kysely';
import { SCAN_CONTEXT_COLUMNS, type ScanContextColumns } from '../../shared/scan-context-fields.js';

/** One counted visit of a dynamic code's URL. Raw IP addresses are never stored. */
export interface ScansTable extends ScanContextColumns {
  qrcode_id: string;
  account_id: string;
  at: number;
  hostname: string;
  rule_id: string | null;
  target: string;
  bot: number;
  /** sha256(salt of the UTC day, ip, user agent): counts uniques without keeping who. */
  visitor_hash: string;
  /**
   * The id the edge handed the target as `rq_id` (conversions report it back); null when the
   * code's attribution is off. Random and unguessable: it maps to this scan and nothing else.
   */
  scan_id: string | null;
  /** The split target (its index in the rule's `split`) the deciding rule chose; null otherwise. */
  variant: number | null;
  /** GS1 Digital Link scans (issue 46): the link type followed, the key's AI, the level's title; null otherwise. */
  gs1_link_type: string | null;
  gs1_key: string | null;
  gs1_level: string | null;
}

/** Running totals per code, kept in the same transaction as the scans they count. */
export interface ScanCountersTable {
  qrcode_id: string;
  /** Human scans (bots are recorded but not counted here). */
  total: number;
  bots: number;
  last_at: number;
}

/** A spool file whose scans are in the database (see ScanRecorder): replaying it again adds nothing. */
export interface ScanSpoolReplaysTable {
  id: string;
  replayed_at: number;
}

/** The raw scan columns every scan fills (or may): a plain code's scan binds only these. */
export const SCAN_COMMON_COLUMNS = [
  'qrcode_id',
  'account_id',
  'at',
  'hostname',
  'rule_id',
  'target',
  ...SCAN_CONTEXT_COLUMNS,
  'bot',
  'visitor_hash',
] as const satisfies readonly (keyof NewScanRow)[];

/** The columns only some scans fill: attribution's id, a split's variant, a GS1 link's dimensions. */
export const SCAN_SPARSE_COLUMNS = [
  'scan_id',
  'variant',
  'gs1_link_type',
  'gs1_key',
  'gs1_level',
] as const satisfies readonly (keyof NewScanRow)[];

/** The raw scan row's columns, in the order the writers bind them. */
export const SCAN_COLUMNS = [...SCAN_COMMON_COLUMNS, ...SCAN_SPARSE_COLUMNS] as const;

export type ScanRow = Selectable<ScansTable>;
export type NewScanRow = Insertable<ScansTable>;
export type ScanCounterRow = Selectable<ScanCountersTable>;

/**
 * Every dimension of the scans of one quarter hour, per account and code ('' where a scan had
 * no value): any filter combination reads these. Kept in the scans' own transaction.
 */
export interface ScanRollupsTable {
  account_id: string;
  bucket: number;
  qrcode_id: string;
  hostname: string;
  rule_id: string;
  country: string;
  region: string;
  device: string;
  os: string;
  browser: string;
  language: string;
  referrer_host: string;
  /** A GS1 scan's link type, key AI and level ('' for a code's scan). */
  gs1_link_type: string;
  gs1_key: string;
  gs1_level: string;
  /** Human scans. */
  scans: number;
  bots: number;
  /** Human visitors counted at their first scan of the UTC day in the account. */
  visitors: number;
  /** Human visitors counted at their first scan of the UTC day on this code. */
  code_visitors: number;
}

/** Scans per quarter hour, for the whole account (qrcode_id '') and per code: time series. */
export interface ScanTotalsTable {
  account_id: string;
  qrcode_id: string;
  bucket: number;
  scans: number;
  bots: number;
  /** First scans of the UTC day of a visitor in the account ('' row) or on the code. */
  visitors: number;
}

/** Scans per UTC day and dimension value, for the whole account (qrcode_id '') and per code. */
export interface ScanDailyRollupsTable {
  account_id: string;
  qrcode_id: string;
  dimension: string;
  day: number;
  key: string;
  scans: number;
  bots: number;
  visitors: number;
}

/** Scans per quarter hour and dimension value, for the whole account: a breakdown's partial days. */
export interface ScanDimensionBucketsTable {
  account_id: string;
  dimension: string;
  bucket: number;
  key: string;
  scans: number;
  bots: number;
  visitors: number;
}

/** The account's daily rows summed per week (scan-rollups.ts WEEK_MS): long ranges' breakdowns. */
export interface ScanWeeklyRollupsTable {
  account_id: string;
  dimension: string;
  /** The week's first instant (WEEK_MS runs from the epoch). */
  week: number;
  key: string;
  scans: number;
  bots: number;
  visitors: number;
}

/** The visitors seen on a UTC day, per account and per code: says whether a scan is a first visit. */
export interface ScanVisitorsTable {
  day: number;
  /** An account id or a code id (their prefixes tell them apart). */
  scope: string;
  visitor_hash: string;
}

/**
 * SQLite only, in the rollups' file: each attributed scan's id (`rq_id`) and where its row is (the
 * workspace and time of `scans_account_at`), written by the fold with the scan's rollups. An index on the
 * raw scans' `scan_id` cost the thread that answers scans an index insert a scan (about 7 % of an
 * attributed scan's time); the fold thread pays it instead. PostgreSQL indexes `scans.scan_id`,
 * whose inserts run on the shipper's thread.
 */
export interface ScanIdsTable {
  scan_id: string;
  account_id: string;
  qrcode_id: string;
  at: number;
}

/**
 * SQLite only: the last scan (by rowid) whose rollups are written (scans.sqlite-writer.ts). One
 * row, id 1; scans after it are rolled up at start, and pruning keeps them.
 */
export interface ScanRollupCursorTable {
  id: number;
  through_rowid: number;
}
