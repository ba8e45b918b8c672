import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { type Scan, toScanRow } from '../../src/modules/scans/scan.js';
import { ScanRecorder } from '../../src/modules/scans/scan-recorder.js';
import { ScanShipper, ShipmentRefused } from '../../src/modules/scans/scan-shipper.js';
import {
  appendScans,
  deleteScansBefore,
  foldQueuedScans,
  openScanWriter,
  rollUpScansBehind,
  scansBehind,
} from '../../src/modules/scans/scans.repository.js';
import { ScansService } from '../../src/modules/scans/scans.service.js';
import { engines, openTestDatabase } from '../helpers/engines.js';
import { storedAndRecountedRollups } from '../helpers/rollup-recount.js';
import { sampleScan } from '../helpers/scans.js';

const log = pino({ level: 'silent' });

function scan(code: string, at: number, overrides: Partial<Scan> = {}): Scan {
  return sampleScan(code, 'acct_test', new Date(at).toISOString(), {
    visitorHash: `v-${at % 7}`,
    ...overrides,
  });
}

/** The same scan as the recorder stores it. */
const row = (code: string, at: number) => toScanRow(scan(code, at));

/** Raw scans stored, of one code or of all. */
const countScans = async (handle: DatabaseHandle, code?: string) =>
  Number(
    (
      await handle.db
        .selectFrom('scans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .$if(code !== undefined, (query) => query.where('qrcode_id', '=', code as string))
        .executeTakeFirstOrThrow()
    ).n,
  );

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
      await scans.settled();
      expect(scans.recorder.stats.scans).toBe(501);
      expect(scans.recorder.stats.batches).toBeLessThanOrEqual(3);

      const totals = await scans.totalsFor('acct_test', ['qr_a', 'qr_b', 'qr_none']);
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
      await scans.settled();
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

  it("stores each scan's attribution id, split variant and GS1 link, plain and GS1 scans in the same group commit or not", async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-scans-'));
    try {
      const scans = new ScansService(database.handle, { dataDir, log });
      const now = Date.now();
      const sparse = [
        {},
        { scanId: 'AZ7kQ2pL9xYw3vTb', variant: 1 },
        { gs1LinkType: 'gs1:pip', gs1Key: '01', gs1Level: 'BATCH/LOT' },
      ];
      // Plain scans alone (one group), GS1 scans alone, then the three kinds mixed in one group.
      await Promise.all(Array.from({ length: 70 }, (_, i) => scans.record(scan('qr_plain', now + i))));
      await scans.settled();
      await Promise.all(
        Array.from({ length: 70 }, (_, i) => scans.record(scan('qr_gs1', now + i, sparse[2]))),
      );
      await scans.settled();
      await Promise.all(
        Array.from({ length: 90 }, (_, i) => scans.record(scan('qr_mixed', now + i, sparse[i % 3]))),
      );
      await scans.settled();
      const stored = await database.handle.db
        .selectFrom('scans')
        .select(['qrcode_id', 'at', 'scan_id', 'variant', 'gs1_link_type', 'gs1_key', 'gs1_level'])
        .orderBy('qrcode_id')
        .orderBy('at')
        .execute();
      const expected = (code: string, n: number, kinds: object[]) =>
        Array.from({ length: n }, (_, i) => ({
          qrcode_id: code,
          at: now + i,
          ...toSparseColumns(kinds[i % kinds.length] as Partial<Scan>),
        }));
      expect(stored.map((row) => ({ ...row, at: Number(row.at), variant: row.variant ?? null }))).toEqual([
        ...expected('qr_gs1', 70, [sparse[2] as object]),
        ...expected('qr_mixed', 90, sparse),
        ...expected('qr_plain', 70, [{}]),
      ]);
    } finally {
      await database.close();
    }
  });
  it('answers from the journal: a recorded scan is fsynced on disk first, then shipped in bulk', async () => {
    const database = await openTestDatabase(engine);
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-journal-'));
    try {
      // A shipment only when asked, so the moment between the two is there to look at.
      const recorder = new ScanRecorder(database.handle, {
        spoolDir,
        log,
        journalFirst: true,
        journalSync: true,
        shipAfterMs: 60_000,
      });
      const now = Date.now();
      await Promise.all(Array.from({ length: 300 }, (_, i) => recorder.record(row('qr_j', now + i))));
      const journaled = fs
        .readdirSync(spoolDir)
        .flatMap((name) => fs.readFileSync(path.join(spoolDir, name), 'utf8').trim().split('\n'));
      expect(journaled).toHaveLength(300);
      const stored = () => countScans(database.handle);
      expect(await stored()).toBe(0);

      await recorder.settled();
      expect(await stored()).toBe(300);
      expect(recorder.stats).toEqual({ batches: 1, scans: 300 });
      expect(fs.readdirSync(spoolDir)).toEqual([]);
      await recorder.close();
    } finally {
      await database.close();
    }
  });

  it('keeps one mark of a shipped journal file, however many it ships', async () => {
    const database = await openTestDatabase(engine);
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-journal-'));
    try {
      const recorder = new ScanRecorder(database.handle, { spoolDir, log, journalFirst: true });
      for (let i = 0; i < 6; i += 1) {
        await recorder.record(row('qr_marks', Date.now() + i));
        await recorder.settled();
      }
      expect(recorder.stats).toEqual({ batches: 6, scans: 6 });
      const marks = await database.handle.db.selectFrom('scan_spool_replays').selectAll().execute();
      expect(marks).toHaveLength(1);
      await recorder.close();
    } finally {
      await database.close();
    }
  });

  it('writes to the database directly when the journal cannot be written', async () => {
    const database = await openTestDatabase(engine);
    const notADirectory = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rq-journal-')), 'file');
    fs.writeFileSync(notADirectory, '');
    try {
      const recorder = new ScanRecorder(database.handle, {
        spoolDir: notADirectory,
        log,
        journalFirst: true,
      });
      await recorder.record(row('qr_direct', Date.now()));
      const totals = await new ScansService(database.handle, { dataDir: notADirectory, log }).totalsFor(
        'acct_test',
        ['qr_direct'],
      );
      expect(totals.get('qr_direct')?.total).toBe(1);
      await recorder.close();
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
      const totals = await new ScansService(database.handle, { dataDir: spoolDir, log }).totalsFor(
        'acct_test',
        ['qr_s'],
      );
      expect(totals.get('qr_s')?.total).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('spools a long refusal in files of about a thousand scans, each replayed in a transaction of its own', async () => {
    const database = await openTestDatabase(engine);
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-spool-'));
    try {
      const broken = createDatabase({ sqliteFile: ':memory:' }); // no tables: every insert fails
      const refusing = new ScanRecorder(broken, { spoolDir, log });
      const now = Date.now();
      for (let wave = 0; wave < 25; wave++) {
        await Promise.all(
          Array.from({ length: 100 }, (_, i) => refusing.record(row('qr_long', now + wave * 100 + i))),
        );
      }
      await refusing.close();
      await broken.destroy();
      // A file is sealed once it holds 1,000 scans: at most one more group joins it first.
      const lines = fs
        .readdirSync(spoolDir)
        .map((name) => fs.readFileSync(path.join(spoolDir, name), 'utf8').trim().split('\n').length);
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...lines)).toBeLessThanOrEqual(1100);
      expect(lines.reduce((sum, n) => sum + n, 0)).toBe(2500);

      const healthy = new ScanRecorder(database.handle, { spoolDir, log });
      expect(await healthy.replaySpool()).toBe(2500);
      expect(await countScans(database.handle, 'qr_long')).toBe(2500);
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
      const totals = await new ScansService(database.handle, { dataDir: spoolDir, log }).totalsFor(
        'acct_test',
        ['qr_once'],
      );
      expect(totals.get('qr_once')?.total).toBe(1);
    } finally {
      await database.close();
    }
  });
});

/** A sealed journal file as the recorder leaves it: a JSON line per scan. */
function journalFile(dir: string, code: string, count: number): { file: string; spoolId: string } {
  const spoolId = `scans-${Date.now()}-test-${code}.jsonl`;
  const file = path.join(dir, spoolId);
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify(row(code, Date.now() + i)));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, spoolId };
}

describe('scans of several workspaces', () => {
  const sqlite = engines.find((engine) => engine.name === 'sqlite') as (typeof engines)[number];
  it("answers a workspace's reads without waiting for another workspace's scans, never without its own", async () => {
    const database = await openTestDatabase(sqlite);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-scans-'));
    try {
      const scans = new ScansService(database.handle, { dataDir, log });
      await scans.settled();
      let othersStored = false;
      const others = scans.record(scan('qr_busy', Date.now())).then(() => {
        othersStored = true;
      });
      // Another workspace (nobody scanned its codes) reads before the busy one's group is even
      // written (on SQLite a read takes no turn of the event loop; the group waits for one).
      expect((await scans.totalsFor('acct_quiet', ['qr_quiet'])).get('qr_quiet')?.total).toBe(0);
      expect(othersStored).toBe(false);
      // The scanned workspace's own read includes the scan just answered.
      expect((await scans.totalsFor('acct_test', ['qr_busy'])).get('qr_busy')?.total).toBe(1);
      await others;
    } finally {
      await database.close();
    }
  });
});

describe.each(engines.filter((engine) => engine.name === 'postgres'))(
  'the scan shipper on $name',
  (engine) => {
    it('ships a journal file from its thread once, and tells a refusal from its own failure', async () => {
      const database = await openTestDatabase(engine);
      const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-shipper-'));
      const { url, schema } = database.handle;
      const shipper = ScanShipper.start({ url: url as string, schema });
      const refusing = ScanShipper.start({ url: url as string, schema: 'no_such_schema' });
      try {
        const journaled = journalFile(spoolDir, 'qr_ship', 250);
        // A shipment stores its raw scans and queues them for a fold (their rollups).
        const stored = async () => {
          await foldQueuedScans(database.handle.db, 1000);
          return countScans(database.handle, 'qr_ship');
        };
        expect(await shipper.ship(journaled)).toBe(true);
        expect(await stored()).toBe(250);
        // Shipped again (a reply lost with the thread): the file's mark keeps it from counting twice.
        expect(await shipper.ship(journaled)).toBe(false);
        expect(await stored()).toBe(250);

        // The database said no: the file must wait on disk for a replay.
        await expect(refusing.ship(journalFile(spoolDir, 'qr_refused', 1))).rejects.toBeInstanceOf(
          ShipmentRefused,
        );
        // The file is not there: not the database's doing, so the recorder ships its rows itself.
        const gone = shipper.ship({ file: path.join(spoolDir, 'gone.jsonl'), spoolId: 'gone.jsonl' });
        await expect(gone).rejects.toThrow('journal file gone');
        await expect(gone).rejects.not.toBeInstanceOf(ShipmentRefused);
      } finally {
        await shipper.close();
        await refusing.close();
        await database.close();
      }
    });

    it('ships on the event loop, losing nothing, once its shipper thread is gone', async () => {
      const database = await openTestDatabase(engine);
      const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-shipper-'));
      const { url, schema } = database.handle;
      const shipper = ScanShipper.start({ url: url as string, schema });
      try {
        const recorder = new ScanRecorder(database.handle, { spoolDir, log, journalFirst: true, shipper });
        const now = Date.now();
        await Promise.all(Array.from({ length: 100 }, (_, i) => recorder.record(row('qr_thread', now + i))));
        await recorder.settled();
        expect(await countScans(database.handle, 'qr_thread')).toBe(100);

        await shipper.close();
        expect(shipper.running).toBe(false);
        await Promise.all(
          Array.from({ length: 100 }, (_, i) => recorder.record(row('qr_thread', now + 100 + i))),
        );
        await recorder.settled();
        expect(await countScans(database.handle, 'qr_thread')).toBe(200);
        expect(recorder.stats.scans).toBe(200);
        expect(fs.readdirSync(spoolDir)).toEqual([]);
        await recorder.close();
      } finally {
        await database.close();
      }
    });
  },
);

describe('scans on sqlite, rollups behind', () => {
  const counted = async (handle: DatabaseHandle, code: string) =>
    (
      await handle.db
        .selectFrom('scan_counters')
        .select('total')
        .where('qrcode_id', '=', code)
        .executeTakeFirst()
    )?.total ?? 0;

  it('answers once the raw scans commit; their counters and rollups follow in one transaction', async () => {
    const database = await openTestDatabase({ name: 'sqlite' });
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-behind-'));
    try {
      // Rollups only when asked, so the moment between the two is there to look at.
      const recorder = new ScanRecorder(database.handle, { spoolDir, log, shipAfterMs: 60_000 });
      const now = Date.now();
      for (let tick = 0; tick < 3; tick += 1) {
        await Promise.all(
          Array.from({ length: 100 }, (_, i) => recorder.record(row('qr_behind', now + tick * 100 + i))),
        );
      }
      expect(recorder.stats).toEqual({ batches: 3, scans: 300 });
      expect(await countScans(database.handle)).toBe(300);
      expect(await counted(database.handle, 'qr_behind')).toBe(0);
      expect(scansBehind(database.handle)).toBe(300);

      await recorder.settled();
      expect(scansBehind(database.handle)).toBe(0);
      expect(await counted(database.handle, 'qr_behind')).toBe(300);
      const { stored, recounted } = await storedAndRecountedRollups(database.handle);
      expect(stored).toEqual(recounted);
      await recorder.close();
    } finally {
      await database.close();
    }
  });

  it('rolls up at the next start what a process killed between the two commits left, exactly once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-behind-'));
    const file = path.join(dir, 'rq.sqlite');
    const first = createDatabase({ sqliteFile: file });
    await migrateToLatest(first.db);
    const now = Date.now();
    await appendScans(
      first,
      Array.from({ length: 40 }, (_, i) => row('qr_crash', now + i)),
    );
    // These commit raw; the process "dies" before their rollups (the connection is simply dropped).
    await appendScans(
      first,
      Array.from({ length: 60 }, (_, i) => row('qr_crash', now + 40 + i)),
      {
        rollupsBehind: true,
      },
    );
    expect(scansBehind(first)).toBe(60);
    expect(await counted(first, 'qr_crash')).toBe(40);
    first.sqlite?.close();

    const restarted = createDatabase({ sqliteFile: file });
    try {
      openScanWriter(restarted);
      expect(await counted(restarted, 'qr_crash')).toBe(100);
      const { stored, recounted, scans } = await storedAndRecountedRollups(restarted);
      expect(scans).toBe(100);
      expect(stored).toEqual(recounted);
    } finally {
      await restarted.destroy();
    }
    // A second start finds nothing past the cursor.
    const again = createDatabase({ sqliteFile: file });
    try {
      openScanWriter(again);
      expect(await counted(again, 'qr_crash')).toBe(100);
    } finally {
      await again.destroy();
    }
  });

  it('keeps raw scans that are not rolled up yet when pruning past the retention', async () => {
    const database = await openTestDatabase({ name: 'sqlite' });
    try {
      const old = Date.now() - 200 * 86_400_000;
      await appendScans(database.handle, [row('qr_old', old), row('qr_old', old + 1)]);
      await appendScans(database.handle, [row('qr_old', old + 2)], { rollupsBehind: true });
      // The first two are rolled up: the one before the cursor goes, the cursor's own row stays
      // (so new rowids come after it), and so does the scan behind.
      expect(await deleteScansBefore(database.handle, Date.now())).toBe(1);
      expect(await countScans(database.handle)).toBe(2);
      await rollUpScansBehind(database.handle);
      expect(await deleteScansBefore(database.handle, Date.now())).toBe(1);
      // A new scan comes after the cursor, and is rolled up with it.
      await appendScans(database.handle, [row('qr_old', Date.now())]);
      const { rows } = await sql<{ cursor: number; last: number }>`select
        (select through_rowid from scan_rollup_cursor) as cursor,
        (select max(rowid) from scans) as last`.execute(database.handle.db);
      expect(rows[0]).toEqual({ cursor: 4, last: 4 });
      expect(await counted(database.handle, 'qr_old')).toBe(4);
    } finally {
      await database.close();
    }
  });
});

/** The sparse columns as a scan with these fields is stored (null where it has none). */
function toSparseColumns(scan: Partial<Scan>) {
  return {
    scan_id: scan.scanId ?? null,
    variant: scan.variant ?? null,
    gs1_link_type: scan.gs1LinkType ?? null,
    gs1_key: scan.gs1Key ?? null,
    gs1_level: scan.gs1Level ?? null,
  };
}
