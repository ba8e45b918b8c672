import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { attachSideFiles, openSqlite, SIDE_FILES } from '../sqlite-file.js';
import {
  BACKUP_FORMAT,
  BackupError,
  type BackupFile,
  type BackupManifest,
  COUNTED_TABLES,
  type CountedTable,
  describeFile,
  isEmptyFolder,
  MANIFEST_FILE,
} from './manifest.js';

export const DATABASE_FILE = 'rq.sqlite';
/** Scans answered but not yet in the database (written while another writer held the scans' file). */
export const SPOOL_DIR = 'spool';
/** `npm start`'s Auth emulator keeps its accounts here: without them nobody could sign in again. */
export const EMULATOR_ACCOUNTS_DIR = 'auth-emulator';

/** The version of the server that takes or restores a backup (server/package.json). */
export function serverVersion(): string {
  const file = path.resolve(import.meta.dirname, '../../../package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The last migration applied and how many, read from Kysely's bookkeeping table. */
export function schemaOfFile(sqlite: SQLite.Database): { latest: string | null; migrations: number } {
  const known = sqlite
    .prepare("select 1 from main.sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!known) return { latest: null, migrations: 0 };
  const rows = sqlite.prepare('select name from main.kysely_migration order by name').all() as {
    name: string;
  }[];
  return { latest: rows.at(-1)?.name ?? null, migrations: rows.length };
}

/** Rows of each counted table (0 for a table an older schema does not have yet). */
export function countRows(sqlite: SQLite.Database): Record<CountedTable, number> {
  const counts = {} as Record<CountedTable, number>;
  const exists = sqlite.prepare("select 1 from main.sqlite_master where type = 'table' and name = ?");
  for (const table of COUNTED_TABLES)
    counts[table] = exists.get(table)
      ? (sqlite.prepare(`select count(*) as n from main.${table}`).get() as { n: number }).n
      : 0;
  return counts;
}

export function serverSecretSha256(sqlite: SQLite.Database): string | null {
  const row = sqlite.prepare("select value from main.server_settings where key = 'server_secret'").get() as
    | { value: string }
    | undefined;
  return row ? createHash('sha256').update(row.value).digest('hex') : null;
}

/** Copies a folder's files (not sub-folders) into the backup; journal files up to their last whole line. */
function copyFolder(dataDir: string, target: string, folder: string, wholeLines: boolean): string[] {
  const from = path.join(dataDir, folder);
  if (!fs.existsSync(from)) return [];
  const copied: string[] = [];
  for (const name of fs.readdirSync(from).sort()) {
    const source = path.join(from, name);
    let bytes: Buffer;
    try {
      if (!fs.statSync(source).isFile()) continue;
      bytes = fs.readFileSync(source);
    } catch (error) {
      // A journal file shipped and removed meanwhile: its scans are in the database copy.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (wholeLines) bytes = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
    if (bytes.length === 0) continue;
    fs.mkdirSync(path.join(target, folder), { recursive: true });
    fs.writeFileSync(path.join(target, folder, name), bytes);
    copied.push(`${folder}/${name}`);
  }
  return copied;
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Takes a consistent backup of the SQLite database in `dataDir` into the empty folder `target`,
 * while a server may be answering scans from it (docs/adr/2026-11-29-backup-and-upgrades.md):
 *
 * 1. the scan journal (`spool/`) is copied first: a scan answered before the backup began is then
 *    either committed to the database before the snapshot below, or in a journal file copied here
 *    (a file already written to the database is marked there, so the restored server skips it);
 * 2. one read transaction on a connection of our own opens a WAL snapshot of the rollups' file,
 *    then of the scans' and then of the main file (in that order: the rollups never count a scan
 *    the copied scans lack, and every scanned code is in the copy of the main file; the fold
 *    catches up after a restore), and SQLite's online backup API copies
 *    each file from that snapshot in one step, so writers are never blocked and nothing restarts;
 * 3. the manifest (version, schema, row counts from the same snapshot, each file's SHA-256) is
 *    written last.
 */
export async function takeSqliteBackup(dataDir: string, target: string): Promise<BackupManifest> {
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(databaseFile))
    throw new BackupError('no_database', `there is no database at ${databaseFile} (check DATA_DIR)`);
  if (!isEmptyFolder(target))
    throw new BackupError(
      'target_not_empty',
      `${target} is not empty: a backup goes into a new or empty folder, so it never mixes with another`,
    );
  fs.mkdirSync(target, { recursive: true });

  const journalFiles = copyFolder(dataDir, target, SPOOL_DIR, true);
  const emulatorFiles = copyFolder(dataDir, target, EMULATOR_ACCOUNTS_DIR, false);

  const sqlite = openSqlite(databaseFile);
  let manifest: BackupManifest;
  try {
    attachSideFiles(sqlite, databaseFile);
    sqlite.exec('begin');
    try {
      // The snapshot of each file starts with its first read: the side files' first (SIDE_FILES'
      // order), then main's.
      for (const side of SIDE_FILES)
        sqlite.prepare(`select count(*) from ${side.schema}.sqlite_master`).get();
      const schema = schemaOfFile(sqlite);
      const counts = countRows(sqlite);
      const secret = serverSecretSha256(sqlite);
      const whole = () => 0x7fffffff; // every remaining page in one step, from the open snapshot
      for (const side of SIDE_FILES) {
        // better-sqlite3 takes `attached` (the schema to copy); its types do not list it.
        const options = { attached: side.schema, progress: whole } as SQLite.BackupOptions;
        await sqlite.backup(path.join(target, path.basename(side.fileOf(databaseFile))), options);
      }
      await sqlite.backup(path.join(target, DATABASE_FILE), { progress: whole });
      manifest = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        version: serverVersion(),
        engine: 'sqlite',
        schema,
        counts,
        serverSecretSha256: secret,
        files: [],
      };
    } finally {
      sqlite.exec('commit');
    }
  } finally {
    sqlite.close();
  }

  const names = [
    DATABASE_FILE,
    ...SIDE_FILES.map((side) => path.basename(side.fileOf(databaseFile))),
    ...journalFiles,
    ...emulatorFiles,
  ];
  manifest.files = names.map((name): BackupFile => {
    fsyncFile(path.join(target, name));
    return describeFile(target, name);
  });
  const manifestFile = path.join(target, MANIFEST_FILE);
  fs.writeFileSync(`${manifestFile}.partial`, `${JSON.stringify(manifest, null, 2)}\n`);
  fsyncFile(`${manifestFile}.partial`);
  fs.renameSync(`${manifestFile}.partial`, manifestFile);
  return manifest;
}
