import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attachSideFiles, openSqlite } from '../../src/db/sqlite-file.js';
import { runBackupCli } from '../helpers/backup-cli.js';
import { expectRestored, makeCodes, startRestoredServer } from '../helpers/backup-fixture.js';
import { codeTotals, scanLoad, stopProcess } from '../helpers/scan-load.js';
import { processApi, processStorage, startServerProcess } from '../helpers/server-process.js';

const USER = 'backup-test';
const CODES = 12;

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

describe('npm run backup and npm run restore on SQLite', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  let backupDir = '';

  it('backs up a server under a steady scan load; the restored server redirects every code and counts every scan answered before the backup began', async () => {
    const storage = await processStorage({ name: 'sqlite' }, 'rq-backup-');
    cleanups.push(() => storage.remove());
    const server = await startServerProcess(storage.env);
    cleanups.push(() => stopProcess(server.child));

    const codes = await makeCodes(server.base, 'backup', CODES, USER);

    const load = scanLoad(server.base, [...codes.ids.keys()]);
    await load.more(300);
    const answeredBefore = new Map(load.answered);
    const totalBefore = load.total;
    backupDir = path.join(tmp('rq-backup-out-'), 'backup');
    cleanups.push(() => fs.rmSync(path.dirname(backupDir), { recursive: true, force: true }));
    const backup = await runBackupCli('backup', backupDir, { DATA_DIR: storage.dataDir });
    // The server kept answering while the backup ran, and after it.
    await load.more(100);
    await load.stop();
    expect(load.refused).toEqual([]);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`${CODES} codes`);
    expect(load.total).toBeGreaterThan(totalBefore);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'rq-codes-backup/1',
      engine: 'sqlite',
      counts: { qrcodes: CODES },
    });
    expect(manifest.files.map((file: { name: string }) => file.name)).toEqual(
      expect.arrayContaining(['rq.sqlite', 'rq.rollups.sqlite']),
    );
    await stopProcess(server.child);

    const restoredDir = path.join(tmp('rq-restored-'), 'data');
    cleanups.push(() => fs.rmSync(path.dirname(restoredDir), { recursive: true, force: true }));
    const restore = await runBackupCli('restore', backupDir, { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain(`${CODES} codes`);

    // Every scan answered before the backup began is counted; none answered after it stopped.
    await expectRestored(
      await startRestoredServer(restoredDir),
      codes,
      { before: answeredBefore, totalBefore, totalAfter: load.total },
      USER,
    );
  }, 240_000);

  it('refuses a corrupt, mixed-up, newer or unfinished backup, and a DATA_DIR that is not empty, each with one sentence', async () => {
    expect(backupDir).not.toBe('');
    const work = tmp('rq-bad-backups-');
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const copy = (name: string) => {
      const dir = path.join(work, name);
      fs.cpSync(backupDir, dir, { recursive: true });
      return dir;
    };
    const restoreInto = async (source: string) => {
      const dataDir = path.join(work, `data-${path.basename(source)}`);
      const result = await runBackupCli('restore', source, { DATA_DIR: dataDir });
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toContain('    at '); // a sentence, not a stack trace
      // Nothing of a refused backup is left in DATA_DIR.
      expect(!fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0).toBe(true);
      return result.stderr.trim();
    };

    const flipped = copy('flipped');
    const file = path.join(flipped, 'rq.sqlite');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] as number) ^ 0xff;
    fs.writeFileSync(file, bytes);
    expect(await restoreInto(flipped)).toBe(
      'npm run restore: rq.sqlite has a different checksum from the one in the manifest: the backup is damaged, or its files come from different backups',
    );

    const truncated = copy('truncated');
    fs.truncateSync(path.join(truncated, 'rq.rollups.sqlite'), 4096);
    expect(await restoreInto(truncated)).toMatch(
      /^npm run restore: rq\.rollups\.sqlite is 4096 bytes where the manifest says \d+/,
    );

    const missing = copy('missing');
    fs.rmSync(path.join(missing, 'rq.rollups.sqlite'));
    expect(await restoreInto(missing)).toBe(
      'npm run restore: the backup is missing rq.rollups.sqlite, which its manifest lists',
    );

    // Damage SQLite notices that the checksums cannot (the manifest rewritten to match): refused too.
    const damaged = copy('damaged');
    const manifestFile = path.join(damaged, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const database = path.join(damaged, 'rq.sqlite');
    const pages = fs.readFileSync(database);
    pages.fill(0xa5, 4096, 3 * 4096); // pages 2 and 3: b-tree pages of the schema's first tables
    fs.writeFileSync(database, pages);
    const { describeFile } = await import('../../src/db/backup/manifest.js');
    manifest.files = manifest.files.map((entry: { name: string }) =>
      entry.name === 'rq.sqlite' ? describeFile(damaged, 'rq.sqlite') : entry,
    );
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(await restoreInto(damaged)).toMatch(
      /^npm run restore: (SQLite finds the main database damaged|SQLite cannot read the restored database|the restored database has)/,
    );

    const newer = copy('newer');
    const newerManifest = JSON.parse(fs.readFileSync(path.join(newer, 'manifest.json'), 'utf8'));
    newerManifest.version = '9.0.0';
    newerManifest.schema.latest = '2099_01_01_0000_from_a_newer_version';
    fs.writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(newerManifest));
    expect(await restoreInto(newer)).toBe(
      'npm run restore: the backup was taken by RQ Codes 9.0.0, whose schema (2099_01_01_0000_from_a_newer_version) this version does not know: restore it with that version or a newer one',
    );

    const unfinished = copy('unfinished');
    fs.rmSync(path.join(unfinished, 'manifest.json'));
    expect(await restoreInto(unfinished)).toBe(
      `npm run restore: ${unfinished} has no manifest.json: it is not an RQ Codes backup, or one that did not finish`,
    );

    const occupied = path.join(work, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'rq.sqlite'), 'another database');
    const intoOccupied = await runBackupCli('restore', backupDir, { DATA_DIR: occupied });
    expect(intoOccupied.status).toBe(2);
    expect(intoOccupied.stderr.trim()).toBe(
      `npm run restore: ${occupied} is not empty: restore into an empty DATA_DIR (move the old one aside first), so no file of another database is mixed in`,
    );
    expect(fs.readFileSync(path.join(occupied, 'rq.sqlite'), 'utf8')).toBe('another database');

    const onPostgres = await runBackupCli('backup', path.join(work, 'pg'), {
      DATA_DIR: occupied,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(onPostgres.status).toBe(2);
    expect(onPostgres.stderr).toContain('npm run backup is for the embedded SQLite database');

    const usage = await runBackupCli('backup', undefined, { DATA_DIR: occupied });
    expect(usage.status).toBe(2);
    expect(usage.stderr.trim()).toBe(
      'usage: npm run backup -- <folder>   (a new or empty folder; DATA_DIR says which server)',
    );
  }, 240_000);

  it("carries the scan journal: the restored server counts a journal file's scans once, and none of a file already in the database", async () => {
    const storage = await processStorage({ name: 'sqlite' }, 'rq-backup-journal-');
    cleanups.push(() => storage.remove());
    const server = await startServerProcess(storage.env);
    const code = (await processApi(
      server.base,
      'POST',
      '/qrcodes',
      { slug: 'journaled', mode: 'redirect', target: 'https://example.com/journaled' },
      USER,
    )) as { id: string };
    for (let i = 0; i < 2; i++)
      await fetch(`${server.base}/r/journaled`, {
        redirect: 'manual',
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
      });
    await stopProcess(server.child);

    // What a server leaves in its journal when a job held the write lock as it answered: one file
    // not yet in the database (3 scans), one already written there (2 scans, its name marked).
    const db = openSqlite(path.join(storage.dataDir, 'rq.sqlite'));
    attachSideFiles(db, path.join(storage.dataDir, 'rq.sqlite'));
    const row = db.prepare('select * from scans where qrcode_id = ?').get(code.id) as Record<string, unknown>;
    db.prepare('insert into scan_spool_replays (id, replayed_at) values (?, ?)').run(
      'scans-2-written.jsonl',
      Date.now(),
    );
    db.close();
    const lines = (count: number) =>
      Array.from({ length: count }, (_, i) => `${JSON.stringify({ ...row, at: Date.now() - i })}\n`).join('');
    fs.mkdirSync(path.join(storage.dataDir, 'spool'), { recursive: true });
    fs.writeFileSync(path.join(storage.dataDir, 'spool', 'scans-1-pending.jsonl'), lines(3));
    fs.writeFileSync(path.join(storage.dataDir, 'spool', 'scans-2-written.jsonl'), lines(2));

    const backupOf = path.join(tmp('rq-backup-journal-out-'), 'backup');
    cleanups.push(() => fs.rmSync(path.dirname(backupOf), { recursive: true, force: true }));
    expect((await runBackupCli('backup', backupOf, { DATA_DIR: storage.dataDir })).status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupOf, 'manifest.json'), 'utf8'));
    expect(manifest.files.map((file: { name: string }) => file.name)).toEqual(
      expect.arrayContaining(['spool/scans-1-pending.jsonl', 'spool/scans-2-written.jsonl']),
    );

    const restoredDir = path.join(tmp('rq-restored-journal-'), 'data');
    cleanups.push(() => fs.rmSync(path.dirname(restoredDir), { recursive: true, force: true }));
    expect((await runBackupCli('restore', backupOf, { DATA_DIR: restoredDir })).status).toBe(0);
    const restored = await startRestoredServer(restoredDir);
    try {
      const totals = await codeTotals(restored.base, new Map([['journaled', code.id]]), USER);
      expect(totals.get('journaled')).toBe(2 + 3);
    } finally {
      await stopProcess(restored.child);
    }
  }, 240_000);
});
