import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-db.js';
import { type Scan, toScanRow } from '../../src/modules/scans/scan.js';
import { ScanRecorder } from '../../src/modules/scans/scan-recorder.js';
import { ScansService } from '../../src/modules/scans/scans.service.js';
import { engines, openTestDatabase } from '../helpers/engines.js';

const log = pino({ level: 'silent' });

function scan(code: string, at: number, overrides: Partial<Scan> = {}): Scan {
  return {
    codeId: code,
    accountId: 'acct_test',
    at,
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
    visitorHash: `v-${at % 7}`,
    ...overrides,
  };
}

/** The same scan as the recorder stores it. */
const row = (code: string, at: number) => toScanRow(scan(code, at));

describe.each(engines)('scans on $name', (engine) => {
  it('writes concurrent scans in a few group commits and counts them', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-scans-'));
    try {
      const db = database.handle.db;
      const scans = new ScansService(database.handle, { dataDir, log });
      const now = Date.now();
      await Promise.all(
        Array.from({ length: 500 }, (_, i) => scans.record(scan(i % 2 ? 'qr_a' : 'qr_b', now + i))),
      );
      await scans.record(scan('qr_a', now + 1000, { bot: true }));
      expect(scans.recorder.stats.scans).toBe(501);
      expect(scans.recorder.stats.batches).toBeLessThanOrEqual(3);

      const totals = await scans.totalsFor(['qr_a', 'qr_b', 'qr_none']);
      expect(totals.get('qr_a')).toEqual({
        total: 250,
        uniqueToday: 7,
        lastAt: new Date(now + 499).toISOString(), // the last human scan: the bot at +1000 is not counted
      });
      expect(totals.get('qr_b')?.total).toBe(250);
      expect(totals.get('qr_none')).toEqual({ total: 0, uniqueToday: 0, lastAt: null });
      expect(await scans.countedScans('qr_a')).toBe(250);
      const stored = await db
        .selectFrom('scans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      expect(Number(stored?.n)).toBe(501);
    } finally {
      await database.close();
    }
  });

  it('stores text exactly, whatever characters a region, referrer or target holds', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-scans-'));
    try {
      const scans = new ScansService(database.handle, { dataDir, log });
      // The characters that quote, separate or escape array and CSV literals, and some that are not ASCII.
      const awkward = 'Provence-Alpes-Côte d’Azur, "Sud" {x} \\ NULL ; 東京';
      const now = Date.now();
      await scans.record(
        scan('qr_text', now, {
          region: awkward,
          referrerHost: 'NULL',
          target: 'https://example.com/?a={1,2}&b="c"',
        }),
      );
      const db = database.handle.db;
      const stored = await db
        .selectFrom('scans')
        .select(['region', 'referrer_host', 'target'])
        .executeTakeFirst();
      expect(stored).toEqual({
        region: awkward,
        referrer_host: 'NULL',
        target: 'https://example.com/?a={1,2}&b="c"',
      });
      const fact = await db
        .selectFrom('scan_rollups')
        .select(['region', 'referrer_host', 'scans'])
        .executeTakeFirst();
      expect(fact).toEqual({ region: awkward, referrer_host: 'NULL', scans: 1 });
      const daily = await db
        .selectFrom('scan_daily_rollups')
        .select('key')
        .where('dimension', '=', 'region')
        .where('qrcode_id', '=', '')
        .execute();
      expect(daily.map((r) => r.key)).toEqual([awkward]);
    } finally {
      await database.close();
    }
  });

  it('spools a batch the database refuses and replays it later', async () => {
    const database = await openTestDatabase(engine);
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-spool-'));
    try {
      const broken = createDatabase({ sqliteFile: ':memory:' }); // no tables: every insert fails
      const refusing = new ScanRecorder(broken, { spoolDir, log });
      await refusing.record(row('qr_s', Date.now()));
      await refusing.record(row('qr_s', Date.now() + 1));
      await refusing.close();
      await broken.destroy();
      expect(fs.readdirSync(spoolDir).length).toBeGreaterThan(0);

      const healthy = new ScanRecorder(database.handle, { spoolDir, log });
      expect(await healthy.replaySpool()).toBe(2);
      expect(fs.readdirSync(spoolDir)).toEqual([]);
      const totals = await new ScansService(database.handle, { dataDir: spoolDir, log }).totalsFor(['qr_s']);
      expect(totals.get('qr_s')?.total).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('replays a spool file once, even when the file outlives its commit or a second replayer reads it', async () => {
    const database = await openTestDatabase(engine);
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-spool-'));
    try {
      const broken = createDatabase({ sqliteFile: ':memory:' });
      const refusing = new ScanRecorder(broken, { spoolDir, log });
      await refusing.record(row('qr_once', Date.now()));
      await refusing.close();
      await broken.destroy();
      const [file] = fs.readdirSync(spoolDir);
      const spooled = fs.readFileSync(path.join(spoolDir, file as string));

      // A process killed after the commit but before removing the file leaves it behind.
      const first = new ScanRecorder(database.handle, { spoolDir, log });
      expect(await first.replaySpool()).toBe(1);
      fs.writeFileSync(path.join(spoolDir, file as string), spooled);
      const restarted = new ScanRecorder(database.handle, { spoolDir, log });
      expect(await restarted.replaySpool()).toBe(0);
      expect(fs.readdirSync(spoolDir)).toEqual([]);
      const totals = await new ScansService(database.handle, { dataDir: spoolDir, log }).totalsFor([
        'qr_once',
      ]);
      expect(totals.get('qr_once')?.total).toBe(1);
    } finally {
      await database.close();
    }
  });
});
