import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-db.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { RollupFoldThread } from '../../src/modules/scans/rollup-fold-thread.js';
import { toScanRow } from '../../src/modules/scans/scan.js';
import {
  appendScans,
  appendSpooledScans,
  lastScanRowid,
  openScanWriter,
} from '../../src/modules/scans/scans.repository.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { storedAndRecountedRollups } from '../helpers/rollup-recount.js';
import { sampleScan } from '../helpers/scans.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * The fold thread while the edge is under load (docs/adr/2026-11-26-cold-scans.md): held, it
 * leaves the scans past the cursor, except for a read that waits for them; released, it folds.
 */
describe('the rollup fold thread held by the edge’s load', () => {
  let dir: string;
  let handle: DatabaseHandle | undefined;
  let foldThread: RollupFoldThread | undefined;

  afterEach(async () => {
    await foldThread?.close();
    await handle?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('folds only for a waiting read while held, and everything once released', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-fold-hold-'));
    const file = path.join(dir, 'rq.sqlite');
    handle = createDatabase({ sqliteFile: file });
    await migrateDatabase(handle);
    openScanWriter(handle, { foldElsewhere: true });
    foldThread = RollupFoldThread.start({ file }, { idleMs: 10 });
    foldThread.hold(true);
    const sqlite = handle.sqlite;
    if (!sqlite) throw new Error('SQLite expected');
    const cursor = () =>
      Number(sqlite.prepare('select through_rowid from scan_rollup_cursor where id = 1').pluck().get());
    const heldTwiceMore = (what: string) => {
      const turns = (foldThread as RollupFoldThread).heldTurns;
      return waitFor(() => (foldThread as RollupFoldThread).heldTurns >= turns + 2, what);
    };
    const append = (count: number, from: number) =>
      appendScans(
        handle as DatabaseHandle,
        Array.from({ length: count }, (_, i) =>
          toScanRow(
            sampleScan(`qr_${from + i}`, 'acct_a', '2026-11-20T10:00:00Z', { visitorHash: `v${from + i}` }),
          ),
        ),
        { rollupsBehind: true },
      );

    await append(100, 0);
    // The thread looks after the append and holds back (the first turn counted may have begun before).
    await heldTwiceMore('the fold thread to hold back after the first scans');
    expect(cursor()).toBe(0);
    expect(foldThread.behind(lastScanRowid(handle))).toBe(100);

    // A read does not wait for the load to pass.
    await foldThread.folded(lastScanRowid(handle));
    expect(cursor()).toBe(lastScanRowid(handle));
    const counted = () => Number(sqlite.prepare('select count(*) from scan_counters').pluck().get());
    expect(counted()).toBe(100);

    await append(50, 100);
    await heldTwiceMore('the fold thread to hold back after more scans');
    expect(cursor()).toBe(lastScanRowid(handle) - 50);

    foldThread.hold(false);
    await waitFor(() => cursor() >= lastScanRowid(handle as DatabaseHandle), 'the fold once released', {
      timeoutMs: 10_000,
      everyMs: 20,
    });
    expect(cursor()).toBe(lastScanRowid(handle));
    expect(counted()).toBe(150);
  });
});

/**
 * PostgreSQL's fold (docs/adr/2026-11-26-cold-scans.md): a shipment stores the raw scans and
 * queues them; fold threads, one per instance, fold the queue, each scan exactly once.
 */
describe.skipIf(!engines.some((engine) => engine.name === 'postgres'))(
  'the rollup fold threads of PostgreSQL',
  () => {
    let database: TestDatabase | undefined;
    const foldThreads: RollupFoldThread[] = [];

    afterEach(async () => {
      for (const foldThread of foldThreads.splice(0)) await foldThread.close();
      await database?.close();
    });

    /** `count` scans of 40 codes by a visitor each of `visitors`, shipped as journal file `spoolId`. */
    const ship = (handle: DatabaseHandle, spoolId: string, count: number, visitors: number) =>
      appendSpooledScans(
        handle,
        spoolId,
        Array.from({ length: count }, (_, i) =>
          toScanRow(
            sampleScan(`qr_${i % 40}`, 'acct_a', `2026-11-20T10:${String(i % 60).padStart(2, '0')}:00Z`, {
              visitorHash: `v${i % visitors}`,
              bot: i % 13 === 0,
            }),
          ),
        ),
      );

    it('leaves shipped scans queued while held, folds them for a waiting read, and two fold threads fold each once', async () => {
      database = await openTestDatabase({ name: 'postgres' });
      const { handle, schema } = database;
      const source = { url: process.env.TEST_DATABASE_URL as string, schema };
      const queued = async () =>
        Number(
          (await sql<{ n: string }>`select count(*) as n from scan_fold_queue`.execute(handle.db)).rows[0]?.n,
        );
      const scans = async () =>
        Number((await sql<{ n: string }>`select count(*) as n from scans`.execute(handle.db)).rows[0]?.n);

      const first = RollupFoldThread.start(source, { idleMs: 10, batch: 50 });
      foldThreads.push(first);
      first.hold(true);
      const turns = first.heldTurns;
      await ship(handle, 'spool-1', 500, 97);
      await waitFor(() => first.heldTurns >= turns + 2, 'the fold thread to hold back after the shipment');
      // The raw scans are stored at once; their rollups wait in the queue.
      expect(await scans()).toBe(500);
      expect(await queued()).toBe(500);

      // A read does not wait for the load to pass.
      await first.folded(Number.POSITIVE_INFINITY);
      expect(await queued()).toBe(0);
      expect(await scans()).toBe(500);
      let rollups = await storedAndRecountedRollups(handle);
      expect(rollups.scans).toBe(500);
      expect(rollups.stored).toEqual(rollups.recounted);

      // Two instances' fold threads on one queue, in small batches: they take turns, in queue order.
      first.hold(false);
      const second = RollupFoldThread.start(source, { idleMs: 10, batch: 50 });
      foldThreads.push(second);
      for (let n = 2; n <= 31; n++) await ship(handle, `spool-${n}`, 100, 211);
      await Promise.all([first.folded(Number.POSITIVE_INFINITY), second.folded(Number.POSITIVE_INFINITY)]);
      expect(await queued()).toBe(0);
      rollups = await storedAndRecountedRollups(handle);
      expect(rollups.scans).toBe(3500);
      expect(rollups.stored).toEqual(rollups.recounted);
    });
  },
);
