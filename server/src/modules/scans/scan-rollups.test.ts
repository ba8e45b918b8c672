import { describe, expect, it } from 'vitest';
import { bucketOf, rollupsOf, visitorKeyString, visitorKeysOf } from './scan-rollups.js';
import type { NewScanRow } from './scans.table.js';

const at = Date.UTC(2026, 10, 23, 10, 7);
const scan = (overrides: Partial<NewScanRow> = {}): NewScanRow => ({
  qrcode_id: 'qr_1',
  account_id: 'acct_1',
  at,
  hostname: 'localhost',
  rule_id: null,
  target: 'https://example.com/',
  country: 'DE',
  region: null,
  device: 'mobile',
  os: 'ios',
  browser: 'safari',
  language: 'de',
  referrer_host: null,
  bot: 0,
  visitor_hash: 'ada',
  ...overrides,
});

describe('rollupsOf', () => {
  it('counts a new visitor once, at the first of its scans in the batch, and never a bot', () => {
    const batch = [scan(), scan({ at: at + 60_000, country: 'FR' }), scan({ bot: 1, visitor_hash: 'bot' })];
    const keys = visitorKeysOf(batch);
    expect(keys.map((k) => k.scope)).toEqual(['acct_1', 'qr_1']); // the bot has no visitor key
    const { facts, totals, daily } = rollupsOf(batch, new Set(keys.map(visitorKeyString)));
    expect(totals).toEqual([
      { account_id: 'acct_1', qrcode_id: '', bucket: bucketOf(at), scans: 2, bots: 1, visitors: 1 },
      { account_id: 'acct_1', qrcode_id: 'qr_1', bucket: bucketOf(at), scans: 2, bots: 1, visitors: 1 },
    ]);
    const country = daily.filter((d) => d.dimension === 'country' && d.qrcode_id === '');
    expect(country.map((d) => [d.key, d.scans, d.visitors])).toEqual([
      ['DE', 1, 1],
      ['FR', 1, 0],
    ]);
    expect(facts.find((f) => f.country === 'DE')).toMatchObject({
      scans: 2 - 1,
      visitors: 1,
      code_visitors: 1,
      region: '',
    });
  });

  it('counts no visitor whom the day’s visitor set already held', () => {
    const { totals } = rollupsOf([scan()], new Set());
    expect(totals.every((t) => t.visitors === 0 && t.scans === 1)).toBe(true);
  });

  it('puts a quarter hour’s scans in one bucket and the next quarter in another', () => {
    expect(bucketOf(Date.UTC(2026, 0, 1, 5, 44, 59))).toBe(Date.UTC(2026, 0, 1, 5, 30));
    expect(bucketOf(Date.UTC(2026, 0, 1, 5, 45))).toBe(Date.UTC(2026, 0, 1, 5, 45));
  });
});
