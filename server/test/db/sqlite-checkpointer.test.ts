import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-db.js';
import { SqliteCheckpointer } from '../../src/db/sqlite-checkpointer.js';
import { openSqlite, SIDE_FILES } from '../../src/db/sqlite-file.js';

const FRAME_BYTES = 4096 + 24;
/** The WAL the unlimited run must pass: ten times the 300-frame limit the other run restarts at. */
const OUTRUN_BYTES = 10 * 300 * FRAME_BYTES;

function tempFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rq-wal-')), 'rq.sqlite');
}

function sizeOf(file: string): number {
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` commits of ten 1 kB rows each into table `table`. */
function commitsOf(sqlite: SQLite.Database, count: number, table = 't'): () => void {
  const insert = sqlite.prepare(`insert into ${table} values (randomblob(1000))`);
  const commit = sqlite.transaction(() => {
    for (let i = 0; i < 10; i++) insert.run();
  });
  return () => {
    for (let i = 0; i < count; i++) commit();
  };
}

describe('the SQLite checkpointer thread', () => {
  it('checkpoints for the app, and the WAL starts over after each pause in writes', async () => {
    const file = tempFile();
    const handle = createDatabase({ sqliteFile: file });
    const sqlite = handle.sqlite;
    if (!sqlite) throw new Error('a SQLite handle has its connection');
    const bursts = 8;
    try {
      // The app's connection no longer checkpoints inside its commits.
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      sqlite.exec('create table t (x blob)');
      const burst = commitsOf(sqlite, 100); // about 1 MB in 100 commits
      burst();
      const oneBurstOfWal = sizeOf(`${file}-wal`);
      for (let b = 1; b < bursts; b++) {
        await sleep(400);
        burst();
      }
      await sleep(400);
      // The bursts are in the database file, written there by the thread...
      expect(sizeOf(file)).toBeGreaterThan(bursts * 1_000_000);
      // ...and the WAL was reused from its start after pauses instead of holding every burst.
      expect(sizeOf(`${file}-wal`)).toBeLessThan((bursts / 2) * oneBurstOfWal);
    } finally {
      await handle.destroy();
    }
    const reopened = openSqlite(file);
    expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: bursts * 1000 });
    reopened.close();
  });

  it.each(SIDE_FILES)(
    'checkpoints the attached $schema file too, which the app writes on the same connection',
    async (side) => {
      const file = tempFile();
      const attached = side.fileOf(file);
      const handle = createDatabase({ sqliteFile: file });
      const sqlite = handle.sqlite;
      if (!sqlite) throw new Error('a SQLite handle has its connection');
      try {
        sqlite.exec(`create table ${side.schema}.r (x blob)`);
        const burst = commitsOf(sqlite, 100, `${side.schema}.r`);
        burst();
        const oneBurstOfWal = sizeOf(`${attached}-wal`);
        for (let b = 1; b < 6; b++) {
          await sleep(400);
          burst();
        }
        await sleep(400);
        // Unchecked, the rollups' WAL held every burst and their file none (10 GB of WAL seeding 10M scans).
        expect(sizeOf(attached)).toBeGreaterThan(6 * 1_000_000);
        expect(sizeOf(`${attached}-wal`)).toBeLessThan(3 * oneBurstOfWal);
      } finally {
        await handle.destroy();
      }
    },
  );

  it('keeps the WAL from growing without end while writes never pause', async () => {
    // Both runs make the same commits at the same pace: the first writes until its WAL has outrun
    // the passive checkpoints (or 10 s), and the second makes as many commits. A count, not a
    // time, so a slow or loaded machine still compares like with like.
    const walAfterUnbrokenWrites = async (restartFrames: number, commits?: number) => {
      const file = tempFile();
      const sqlite = openSqlite(file);
      sqlite.exec('create table t (x blob)');
      const checkpointer = SqliteCheckpointer.start(sqlite, file, { intervalMs: 10, restartFrames });
      // The thread compiles its TypeScript first in tests: let it start before the writes do, or
      // a loaded machine measures the start-up instead of the checkpointer.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const commit = commitsOf(sqlite, 1);
      // Like the edge under load: a commit every few tenths of a millisecond, never a pause long
      // enough for a passive checkpoint (two file syncs) to catch up.
      const until = Date.now() + 10_000;
      let made = 0;
      const more = () =>
        commits === undefined
          ? made % 100 !== 0 || (sizeOf(`${file}-wal`) <= OUTRUN_BYTES && Date.now() < until)
          : made < commits;
      while (more()) {
        commit();
        made += 1;
        const busyUntil = performance.now() + 0.3;
        while (performance.now() < busyUntil) {} // the event loop's other work between commits
      }
      const wal = sizeOf(`${file}-wal`);
      await checkpointer.stop();
      sqlite.close();
      return { wal, made };
    };
    const unlimited = await walAfterUnbrokenWrites(Number.MAX_SAFE_INTEGER);
    const limited = await walAfterUnbrokenWrites(300, unlimited.made);
    // Calibration: the writes outran the passive checkpoints, so the comparison below means something.
    expect(unlimited.wal).toBeGreaterThan(OUTRUN_BYTES);
    expect(limited.wal).toBeLessThan(unlimited.wal / 2);
  });

  it('hands checkpointing back to the connection when it stops', async () => {
    const file = tempFile();
    const sqlite = openSqlite(file);
    const checkpointer = SqliteCheckpointer.start(sqlite, file);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await checkpointer.stop();
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    sqlite.close();
  });
});
