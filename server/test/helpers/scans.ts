import type { Scan } from '../../src/modules/scans/scan.js';

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
