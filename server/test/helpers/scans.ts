import type { Scan } from '../../src/modules/scans/scan.js';
import type { NewScanRow } from '../../src/modules/scans/scans.table.js';

/**
 * A human scan of a code at an ISO time, as the edge would record it: an iPhone in Germany on
 * localhost, no rule; `overrides` changes what a test is about.
 */
export function sampleScan(
  codeId: string,
  workspaceId: string,
  at: string,
  overrides: Partial<Scan> = {},
): Scan {
  return {
    codeId,
    accountId: workspaceId,
    at: Date.parse(at),
    hostname: 'localhost',
    ruleId: null,
    target: 'https://example.com/',
    country: 'DE',
    region: null,
    device: 'mobile',
    os: 'ios',
    browser: 'safari',
    language: 'de',
    referrerHost: null,
    bot: false,
    visitorHash: `v-${at}`,
    ...overrides,
  };
}

/**
 * A stored scan's row, as the recorder writes it: a human's phone in Germany on rq.local, no rule;
 * for tests that write the table as an older version did (migrations).
 */
export function sampleScanRow(
  overrides: Partial<NewScanRow> & Pick<NewScanRow, 'qrcode_id' | 'account_id' | 'at'>,
): NewScanRow {
  return {
    hostname: 'rq.local',
    rule_id: null,
    target: 'https://example.com/',
    country: 'DE',
    region: null,
    device: 'mobile',
    os: null,
    browser: null,
    language: null,
    referrer_host: null,
    bot: 0,
    visitor_hash: `v-${overrides.at}`,
    ...overrides,
  };
}
