import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-db.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { toScanRow } from '../../src/modules/scans/scan.js';
import { ScanFolder } from '../../src/modules/scans/scan-folder.js';
import { appendScans, lastScanRowid, openScanWriter } from '../../src/modules/scans/scans.repository.js';
import { sampleScan } from '../helpers/scans.js';

/**
 * The folder's thread while the edge is under load (docs/adr/2026-11-26-cold-scans.md): held, it
 * leaves the scans past the cursor, except for a read that waits for them; released, it folds.
 */
describe('the scan folder held by the edge’s load', () => {
  let dir: string;
  let handle: DatabaseHandle | undefined;
  let folder: ScanFolder | undefined;

  afterEach(async () => {
    await folder?.close();
    await handle?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('folds only for a waiting read while held, and everything once released', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-folder-hold-'));
    const file = path.join(dir, 'rq.sqlite');
    handle = createDatabase({ sqliteFile: file });
    await migrateDatabase(handle);
    openScanWriter(handle, { foldElsewhere: true });
    folder = ScanFolder.start({ file }, { idleMs: 10 });
    folder.hold(true);
    const sqlite = handle.sqlite;
    if (!sqlite) throw new Error('SQLite expected');
    const cursor = () =>
      Number(sqlite.prepare('select through_rowid from scan_rollup_cursor where id = 1').pluck().get());
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
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cursor()).toBe(0);
    expect(folder.behind(lastScanRowid(handle))).toBe(100);

    // A read does not wait for the load to pass.
    await folder.folded(lastScanRowid(handle));
    expect(cursor()).toBe(lastScanRowid(handle));
    const counted = () => Number(sqlite.prepare('select count(*) from scan_counters').pluck().get());
    expect(counted()).toBe(100);

    await append(50, 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cursor()).toBe(lastScanRowid(handle) - 50);

    folder.hold(false);
    const deadline = Date.now() + 10_000;
    while (cursor() < lastScanRowid(handle) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(cursor()).toBe(lastScanRowid(handle));
    expect(counted()).toBe(150);
  });
});
