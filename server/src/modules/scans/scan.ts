import type { NewScanRow } from './scans.table.js';

/**
 * One scan as the edge records it; how it is stored is the scans module's business. A scan takes
 * a few shapes on its way, each at a boundary: the request (`ScanRequest`, what the rules'
 * context is read from, and `EdgeRequest`, which extends it with where the scan came), what rules
 * read (`ScanContext`, the rules module's), this record (the scans service's), its row
 * (`NewScanRow`: the table and the journal's lines on disk, mapped field by field because the
 * columns are snake_case), the live stream's event (`StoredScan`, this record under the API's
 * names, without the visitor hash) and the exec call's body (`ExecPayload`, a documented public
 * format).
 */
export interface Scan {
  codeId: string;
  /** The workspace; `accountId` because `StoredScan` (this record) rides 'scans.stored' to instances of an older release during a roll (docs/adr/2026-11-29-workspace-id-names.md). */
  accountId: string;
  at: number;
  /** The host the code was scanned on (no port). */
  hostname: string;
  /** The rule that decided the target, or null for the default target or exec. */
  ruleId: string | null;
  target: string;
  country: string | null;
  region: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  language: string | null;
  referrerHost: string | null;
  bot: boolean;
  /** The daily-salted hash of address and user agent; raw addresses are never stored. */
  visitorHash: string;
  /** The id handed to the target as `rq_id` when the code's attribution is on (conversions). */
  scanId?: string | null;
  /** The split target the deciding rule chose (its index), for experiments. */
  variant?: number | null;
  /** A GS1 Digital Link scan (issue 46): the link type followed ('gs1:pip'). */
  gs1LinkType?: string | null;
  /** The primary key's AI of the item ('01', '414', '8004'). */
  gs1Key?: string | null;
  /** The level that answered, by its AI's title ('GTIN', 'BATCH/LOT', 'SERIAL'). */
  gs1Level?: string | null;
}

export function toScanRow(scan: Scan): NewScanRow {
  return {
    qrcode_id: scan.codeId,
    account_id: scan.accountId,
    at: scan.at,
    hostname: scan.hostname,
    rule_id: scan.ruleId,
    target: scan.target,
    country: scan.country,
    region: scan.region,
    device: scan.device,
    os: scan.os,
    browser: scan.browser,
    language: scan.language,
    referrer_host: scan.referrerHost,
    bot: scan.bot ? 1 : 0,
    visitor_hash: scan.visitorHash,
    scan_id: scan.scanId ?? null,
    variant: scan.variant ?? null,
    gs1_link_type: scan.gs1LinkType ?? null,
    gs1_key: scan.gs1Key ?? null,
    gs1_level: scan.gs1Level ?? null,
  };
}
