import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openSqlite } from '../../src/db/sqlite-file.js';
import { toScanRow } from '../../src/modules/scans/scan.js';
import { appendScans } from '../../src/modules/scans/scans.repository.js';
import { ScansService } from '../../src/modules/scans/scans.service.js';
import { claimDueDeliveries } from '../../src/modules/webhooks/webhooks.repository.js';
import { ScanFeed } from '../../src/modules/webhooks/webhooks.scan-feed.js';
import { sampleScan } from '../helpers/scans.js';

const log = pino({ level: 'silent' });

/**
 * The background loops run on the writes thread, whose SQLite transactions take the write lock as
 * they begin (create-db.ts). The edge's scan groups need that lock too, and one refused goes
 * through the journal: so a poll that finds nothing to do must not take it. Here another
 * connection holds the lock (as the edge's commit does, all the time, under load) while the loops
 * poll: with nothing due they answer at once, where a transaction would have waited the busy
 * timeout and failed.
 */
describe('the background loops with nothing to do on a SQLite file', () => {
  let dir: string;
  let writes: DatabaseHandle;
  let scans: ScansService;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-write-lock-'));
    const file = path.join(dir, 'rq.sqlite');
    const setup = createDatabase({ sqliteFile: file });
    await migrateToLatest(setup.db);
    await setup.destroy();
    writes = createDatabase({ sqliteFile: file, jobThread: true });
    scans = new ScansService(writes, { dataDir: dir, log, recordsScans: false });
  });

  afterEach(async () => {
    await writes.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `poll` while another connection holds the write lock, with a short busy timeout here. */
  async function whileLocked<T>(poll: () => Promise<T>): Promise<T> {
    const edge = openSqlite(path.join(dir, 'rq.sqlite'));
    writes.sqlite?.pragma('busy_timeout = 50');
    edge.prepare('begin immediate').run();
    try {
      return await poll();
    } finally {
      edge.prepare('commit').run();
      edge.close();
    }
  }

  it('claims no deliveries without a transaction when none is due', async () => {
    const claimed = await whileLocked(() =>
      claimDueDeliveries(writes.db, 'sqlite', {
        now: Date.now(),
        leaseUntil: Date.now() + 60_000,
        limit: 10,
        skipWebhookIds: [],
      }),
    );
    expect(claimed).toEqual([]);
  });

  it('passes over the scans nobody subscribes to without writing its cursor each poll, and writes it as it stops', async () => {
    const at = Date.parse('2026-11-29T09:00:00Z');
    await appendScans(
      writes,
      Array.from({ length: 3 }, (_, i) =>
        toScanRow(sampleScan('qr_a', 'acct_a', new Date(at + i).toISOString())),
      ),
    );
    const feed = new ScanFeed({
      db: writes.db,
      dialect: 'sqlite',
      storedAfter: (trx, cursor, workspaces, limit) => scans.storedAfter(trx, cursor, workspaces, limit),
      enqueue: async () => 0,
      log,
      pollMs: 1000,
    });
    const cursor = async () =>
      (await writes.db.selectFrom('webhook_scan_feed').select('cursor').executeTakeFirstOrThrow()).cursor;
    const before = await cursor();
    // The first pass writes the cursor (nothing was written yet); the next ones, under the lock, do not try.
    await feed.feedOnce();
    const passed = await cursor();
    expect(Number(passed)).toBeGreaterThan(Number(before));
    await appendScans(writes, [toScanRow(sampleScan('qr_a', 'acct_a', new Date(at + 10).toISOString()))]);
    expect(await whileLocked(() => feed.feedOnce())).toBe(0);
    expect(await cursor()).toBe(passed);
    await feed.stop();
    expect(Number(await cursor())).toBe(Number(passed) + 1);
  });
});
