import type { Insertable, Selectable } from 'kysely';

/** One counted visit of a dynamic code's URL. Raw IP addresses are never stored. */
export interface ScansTable {
  qrcode_id: string;
  account_id: string;
  at: number;
  hostname: string;
  rule_id: string | null;
  target: string;
  country: string | null;
  region: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  language: string | null;
  referrer_host: string | null;
  bot: number;
  /** sha256(salt of the UTC day, ip, user agent): counts uniques without keeping who. */
  visitor_hash: string;
}

/** Running totals per code, kept in the same transaction as the scans they count. */
export interface ScanCountersTable {
  qrcode_id: string;
  /** Human scans (bots are recorded but not counted here). */
  total: number;
  bots: number;
  last_at: number;
}

export type ScanRow = Selectable<ScansTable>;
export type NewScanRow = Insertable<ScansTable>;
export type ScanCounterRow = Selectable<ScanCountersTable>;
