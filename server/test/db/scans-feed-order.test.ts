import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { toScanRow } from '../../src/modules/scans/scan.js';
import { appendScans } from '../../src/modules/scans/scans.repository.js';
import { type OrderedStoredScan, ScansService } from '../../src/modules/scans/scans.service.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { sampleScan } from '../helpers/scans.js';
import { waitFor } from '../helpers/wait-for.js';

const log = pino({ level: 'silent' });

/**
 * Reads every scan of `workspaces` after `cursor` in batches of `limit`, as the webhooks feed does,
 * until at least `expected` have come. On PostgreSQL a transaction open anywhere in the cluster (a
 * test file beside this one) holds the feed back until it ends: a delay the feed is allowed, never
 * a skip, so a settled cursor short of `expected` is read again, for up to 15 s.
 */
async function readAll(
  database: TestDatabase,
  scans: ScansService,
  cursor: string,
  workspaces: string[],
  limit: number,
  expected = 0,
): Promise<{ read: OrderedStoredScan[]; cursor: string }> {
  const read: OrderedStoredScan[] = [];
  let after = cursor;
  // Page on until the cursor settles; look again until `expected` scans were read.
  await waitFor(
    async () => {
      for (;;) {
        const page = await database.handle.db
          .transaction()
          .execute((trx) => scans.storedAfter(trx, after, workspaces, limit));
        read.push(...page.scans);
        if (page.cursor === after) return read.length >= expected;
        after = page.cursor;
      }
    },
    `${expected} scans in the feed`,
    { timeoutMs: 15_000 },
  );
  return { read, cursor: after };
}

const feedStart = async (database: TestDatabase) =>
  (await database.handle.db.selectFrom('webhook_scan_feed').select('cursor').executeTakeFirstOrThrow())
    .cursor;

/**
 * The stored scans read in storage order after a cursor (what `scan.created` webhooks are fed
 * from): each scan of the chosen workspaces once, never one stored before the feed began, with an
 * id that does not change.
 */
describe.each(engines)('stored scans after a cursor on $name', (engine) => {
  it('gives each scan of the chosen workspaces once, in batches, with stable ids', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-feed-'));
    const scans = new ScansService(database.handle, { dataDir, log });
    try {
      const at = Date.parse('2026-11-26T09:00:00Z');
      const row = (account: string, i: number) =>
        toScanRow(sampleScan(`qr_${account}`, account, new Date(at + i).toISOString()));
      // Stored before the feed's cursor was read (the migration's start): never fed on SQLite.
      const start = await feedStart(database);
      // Several transactions, as several shipments are.
      for (let batch = 0; batch < 5; batch++)
        await appendScans(
          database.handle,
          Array.from({ length: 30 }, (_, i) => row(i % 3 === 0 ? 'acct_other' : 'acct_fed', batch * 30 + i)),
        );

      const first = await readAll(database, scans, start, ['acct_fed'], 7, 100);
      expect(first.read).toHaveLength(100);
      expect(new Set(first.read.map((scan) => scan.id)).size).toBe(100);
      expect(first.read.every((scan) => scan.workspaceId === 'acct_fed')).toBe(true);
      expect(first.read.map((scan) => scan.at)).toEqual([...first.read.map((scan) => scan.at)].sort());
      expect(first.read[0]?.view).toEqual({
        at: '2026-11-26T09:00:00.001Z',
        qrcode: 'qr_acct_fed',
        hostname: 'localhost',
        rule: null,
        target: 'https://example.com/',
        country: 'DE',
        region: null,
        device: 'mobile',
        os: 'ios',
        browser: 'safari',
        language: 'de',
        referrer: null,
        bot: false,
      });

      // Read again from the same cursor: the same scans under the same ids.
      const again = await readAll(database, scans, start, ['acct_fed'], 1000, 100);
      expect(again.read.map((scan) => scan.id)).toEqual(first.read.map((scan) => scan.id));

      // After the cursor: only what came since; nothing for a workspace nobody chose.
      await appendScans(database.handle, [row('acct_fed', 500), row('acct_other', 501)]);
      const next = await readAll(database, scans, first.cursor, ['acct_fed'], 7, 1);
      expect(next.read.map((scan) => scan.at)).toEqual([at + 500]);
      expect(first.read.map((scan) => scan.id)).not.toContain(next.read[0]?.id);
      const none = await readAll(database, scans, next.cursor, [], 7);
      expect(none.read).toEqual([]);
    } finally {
      await scans.recorder.close();
      await database.close();
    }
  });
});

/** PostgreSQL's shipments from several instances commit in any order: none is skipped for it. */
describe.each(engines.filter((engine) => engine.name === 'postgres'))('stored scans on $name', (engine) => {
  it('waits for a transaction that is still open rather than skip its scans', async () => {
    const database = await openTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-feed-'));
    const scans = new ScansService(database.handle, { dataDir, log });
    try {
      const at = Date.parse('2026-11-26T09:00:00Z');
      const row = (i: number) => toScanRow(sampleScan('qr_a', 'acct_a', new Date(at + i).toISOString()));
      const start = await feedStart(database);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let began!: () => void;
      const inside = new Promise<void>((resolve) => {
        began = resolve;
      });
      // An earlier shipment, still open while a later one commits.
      const slow = database.handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('scans')
          .values({ ...row(1), at: at + 1 })
          .execute();
        began();
        await held;
      });
      await inside;
      await appendScans(database.handle, [row(2)]);

      const during = await readAll(database, scans, start, ['acct_a'], 100);
      expect(during.read).toEqual([]);
      release();
      await slow;
      const after = await readAll(database, scans, during.cursor, ['acct_a'], 100, 2);
      expect(after.read.map((scan) => scan.at).sort()).toEqual([at + 1, at + 2]);
    } finally {
      await scans.recorder.close();
      await database.close();
    }
  });
});
