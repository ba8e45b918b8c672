import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import * as rollupsMigration from '../../src/db/migrations/2026_11_23_0600_scan_rollups.js';
import * as bucketsMigration from '../../src/db/migrations/2026_11_23_0610_scan_dimension_buckets.js';
import * as weeklyMigration from '../../src/db/migrations/2026_12_01_0300_scan_weekly_rollups.js';
import * as scansFileMigration from '../../src/db/migrations/2026_12_02_0100_sqlite_scans_file.js';
import type { Scan } from '../../src/modules/scans/scan.js';
import { ScansService } from '../../src/modules/scans/scans.service.js';
import { engines, openTestDatabase } from '../helpers/engines.js';
import { storedAndRecountedRollups } from '../helpers/rollup-recount.js';
import { sampleScan } from '../helpers/scans.js';

const log = pino({ level: 'silent' });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Scans over three UTC days, two accounts, three codes, bots, missing values and returning visitors. */
function variedScans(start: number): Scan[] {
  const countries = ['DE', 'US', 'IN', null];
  const devices = ['mobile', 'desktop', 'tablet'];
  return Array.from({ length: 900 }, (_, i): Scan => {
    const account = i % 5 === 0 ? 'acct_b' : 'acct_a';
    return {
      codeId: account === 'acct_b' ? 'qr_b1' : i % 3 === 0 ? 'qr_a2' : 'qr_a1',
      accountId: account,
      // Every 4.8 minutes over three days, so quarter hours, hours and days all hold several.
      at: start + i * 288_000,
      hostname: i % 7 === 0 ? 'go.example.com' : 'localhost',
      ruleId: i % 4 === 0 ? 'rule_x' : null,
      target: 'https://example.com/',
      country: countries[i % 4] ?? null,
      region: i % 4 === 0 ? 'BE' : null,
      device: devices[i % 3] ?? null,
      os: i % 2 ? 'ios' : 'android',
      browser: i % 2 ? 'safari' : 'chrome',
      language: i % 6 === 0 ? null : 'de',
      referrerHost: i % 9 === 0 ? `news-${i % 2}.example` : null,
      bot: i % 11 === 0,
      // 40 visitors, each coming back across codes and days.
      visitorHash: `v-${i % 40}`,
    };
  });
}

describe.each(engines)('analytics rollups on $name', (engine) => {
  it('equal a recount of the raw scans, written by the recorder in its own transactions', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-rollups-'));
    try {
      const scans = new ScansService(database.handle, { dataDir, log });
      const all = variedScans(Date.UTC(2026, 10, 20, 22));
      // In bursts of concurrent scans, so batches mix accounts, codes and days.
      for (let i = 0; i < all.length; i += 150) {
        await Promise.all(all.slice(i, i + 150).map((scan) => scans.record(scan)));
      }
      await scans.settled();
      expect(scans.recorder.stats.batches).toBeLessThan(all.length / 10);
      const { stored, recounted, scans: counted } = await storedAndRecountedRollups(database.handle);
      expect(counted).toBe(900);
      expect(stored).toEqual(recounted);
      // Visitors: 40 a day for account a (some of them on both of its codes), and bots are not visitors.
      const dayRows = stored.daily.filter((line) => line.startsWith('acct_a||device|'));
      expect(dayRows.length).toBeGreaterThan(0);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('counts a day’s unique visitors exactly, per account and per code', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-rollups-'));
    try {
      const scans = new ScansService(database.handle, { dataDir, log });
      const day = Date.UTC(2026, 10, 21);
      const base = sampleScan('qr_1', 'acct_1', new Date(day + HOUR).toISOString(), { visitorHash: 'ada' });
      await scans.record(base);
      await scans.record({ ...base, at: day + 2 * HOUR }); // Ada again, same code
      await scans.record({ ...base, at: day + 3 * HOUR, codeId: 'qr_2' }); // Ada on another code
      await scans.record({ ...base, at: day + 4 * HOUR, visitorHash: 'bob' });
      await scans.record({ ...base, at: day + 5 * HOUR, visitorHash: 'bot', bot: true });
      await scans.record({ ...base, at: day + DAY + HOUR }); // Ada the next day: a new daily salt, a new visitor
      await scans.settled();
      const totals = await database.handle.db
        .selectFrom('scan_totals')
        .select([
          'qrcode_id',
          (eb) => eb.fn.sum<number>('scans').as('scans'),
          (eb) => eb.fn.sum<number>('bots').as('bots'),
        ])
        .select((eb) => eb.fn.sum<number>('visitors').as('visitors'))
        .where('bucket', '>=', day)
        .where('bucket', '<', day + DAY)
        .groupBy('qrcode_id')
        .orderBy('qrcode_id')
        .execute();
      expect(
        totals.map((row) => [row.qrcode_id, Number(row.scans), Number(row.bots), Number(row.visitors)]),
      ).toEqual([
        ['', 4, 1, 2], // the account: Ada and Bob
        ['qr_1', 3, 1, 2],
        ['qr_2', 1, 0, 1],
      ]);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('are rebuilt from stored scans by the migration exactly as the recorder wrote them', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-rollups-'));
    try {
      const scans = new ScansService(database.handle, { dataDir, log });
      // Recent days, so the migration's visitor sets (today and yesterday) cover them all.
      const all = variedScans(Date.now() - 2 * DAY + 3 * HOUR).filter((scan) => scan.at <= Date.now());
      for (let i = 0; i < all.length; i += 100) {
        await Promise.all(all.slice(i, i + 100).map((scan) => scans.record(scan)));
      }
      await scans.settled();
      const recorded = await storedAndRecountedRollups(database.handle);
      expect(recorded.stored).toEqual(recorded.recounted);

      // The rollups' migration indexes the scans where it found them: in the main file (SQLite).
      await scansFileMigration.down(database.handle.db);
      await bucketsMigration.down(database.handle.db);
      await rollupsMigration.down(database.handle.db);
      await rollupsMigration.up(database.handle.db);
      await bucketsMigration.up(database.handle.db);
      await weeklyMigration.down(database.handle.db);
      await weeklyMigration.up(database.handle.db);
      await scansFileMigration.up(database.handle.db);
      const rebuilt = await storedAndRecountedRollups(database.handle);
      expect(rebuilt.stored.facts).toEqual(recorded.stored.facts);
      expect(rebuilt.stored.totals).toEqual(recorded.stored.totals);
      expect(rebuilt.stored.daily).toEqual(recorded.stored.daily);
      expect(rebuilt.stored.buckets).toEqual(recorded.stored.buckets);
      expect(rebuilt.stored.weekly).toEqual(recorded.stored.weekly);
      const since = Math.floor(Date.now() / DAY) * DAY - DAY;
      expect(rebuilt.stored.visitors).toEqual(
        recorded.stored.visitors.filter((line) => Number(line.split('|')[0]) >= since),
      );
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
