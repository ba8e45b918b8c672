import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { Scan } from '../../src/modules/scans/scan.js';
import { ScansService } from '../../src/modules/scans/scans.service.js';
import { engines, openTestDatabase } from '../helpers/engines.js';
import { sampleScan } from '../helpers/scans.js';

const log = pino({ level: 'silent' });
const DAY = 86_400_000;

const scan = (at: number, overrides: Partial<Scan> = {}): Scan =>
  sampleScan('qr_1', 'acct_1', new Date(at).toISOString(), { visitorHash: `v-${at % 5}`, ...overrides });

describe.each(engines)('raw scans over time on $name', (engine) => {
  it('are pruned past the retention while the rollups keep every scan', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-retention-'));
    try {
      const now = Date.UTC(2026, 10, 23, 12);
      const scans = new ScansService(database.handle, {
        dataDir,
        log,
        clock: { now: () => now },
        retentionDays: 90,
      });
      const old = Array.from({ length: 30 }, (_, i) => scan(now - 100 * DAY + i * 60_000));
      const recent = Array.from({ length: 20 }, (_, i) => scan(now - 2 * DAY + i * 60_000));
      await Promise.all([...old, ...recent].map((s) => scans.record(s)));
      await scans.settled();
      const db = database.handle.db;
      const count = async (table: 'scans' | 'scan_visitors') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n,
        );
      const rolledUp = async () =>
        Number(
          (
            await db
              .selectFrom('scan_totals')
              .select((eb) => eb.fn.sum('scans').as('n'))
              .where('qrcode_id', '=', '')
              .executeTakeFirst()
          )?.n,
        );
      expect(await count('scans')).toBe(50);
      expect(await count('scan_visitors')).toBeGreaterThan(0);

      expect(await scans.prune()).toEqual({ scans: 30 });
      expect(await count('scans')).toBe(20);
      expect(await rolledUp()).toBe(50);
      // Visitor sets are kept only for today and yesterday: the scans two days ago have none left.
      expect(await count('scan_visitors')).toBe(0);
      expect(await scans.prune()).toEqual({ scans: 0 });

      const forever = new ScansService(database.handle, {
        dataDir,
        log,
        clock: { now: () => now + 1000 * DAY },
        retentionDays: null,
      });
      expect(await forever.prune()).toEqual({ scans: 0 });
      expect(await count('scans')).toBe(20);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('are read in time order a page at a time, ties at a page boundary included once', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-export-'));
    try {
      const scans = new ScansService(database.handle, { dataDir, log });
      const at = Date.UTC(2026, 10, 20);
      // 990 scans first, then 30 in one millisecond straddling the 1000-row page, then 500 more.
      const all = [
        ...Array.from({ length: 990 }, (_, i) => scan(at + i, { referrerHost: `a${i}` })),
        ...Array.from({ length: 30 }, (_, i) => scan(at + 5000, { referrerHost: `tie${i}` })),
        ...Array.from({ length: 500 }, (_, i) =>
          scan(at + 6000 + i, { referrerHost: `b${i}`, bot: i % 2 === 0 }),
        ),
      ];
      await Promise.all(all.map((s) => scans.record(s)));
      const read = async (filter: Partial<Parameters<typeof scans.scansInOrder>[0]>) => {
        const seen: string[] = [];
        let last = 0;
        for await (const page of scans.scansInOrder({
          workspaceId: 'acct_1',
          from: at,
          to: at + DAY,
          codes: undefined,
          columns: {},
          bots: true,
          ...filter,
        })) {
          expect(page.length).toBeLessThanOrEqual(1030);
          for (const row of page) {
            expect(Number(row.at)).toBeGreaterThanOrEqual(last);
            last = Number(row.at);
            seen.push(row.referrer_host as string);
          }
        }
        return seen;
      };
      const everything = await read({});
      expect(everything).toHaveLength(1520);
      expect(new Set(everything).size).toBe(1520);
      expect(await read({ bots: false })).toHaveLength(1270);
      expect(await read({ codes: [] })).toHaveLength(0);
      expect(await read({ columns: { country: ['FR'] } })).toHaveLength(0);
      expect(await read({ from: at + 5000, to: at + 5001 })).toHaveLength(30);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads its retention from SCAN_RETENTION_DAYS, refusing nonsense', () => {
    const retention = (value?: string) =>
      loadConfig(value === undefined ? {} : { SCAN_RETENTION_DAYS: value }).scanRetentionDays;
    expect(retention()).toBe(90);
    expect(retention('30')).toBe(30);
    expect(retention('forever')).toBeNull();
    expect(() => retention('0')).toThrow(ConfigError);
    expect(() => retention('ninety')).toThrow(/SCAN_RETENTION_DAYS/);
    expect(() => retention('1.5')).toThrow(/SCAN_RETENTION_DAYS/);
  });
});
