import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations } from '../migrations/index.js';
import { attachSideFiles, SIDE_FILES } from '../sqlite-file.js';
import {
  BackupError,
  type BackupManifest,
  COUNTED_TABLES,
  isEmptyFolder,
  readManifest,
  verifyFiles,
} from './manifest.js';
import { countRows, DATABASE_FILE, schemaOfFile, serverSecretSha256 } from './sqlite-backup.js';

/** Checks the copied files as SQLite sees them: every file whole, and what the manifest counted. */
function checkRestoredDatabase(dataDir: string, manifest: BackupManifest): void {
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(databaseFile, { fileMustExist: true });
    attachSideFiles(sqlite, databaseFile);
    for (const schema of ['main', ...SIDE_FILES.map((side) => side.schema)]) {
      const result = sqlite.pragma(`${schema}.integrity_check`, { simple: true });
      if (result !== 'ok')
        throw new BackupError('corrupt_backup', `SQLite finds the ${schema} database damaged: ${result}`);
    }
    const counts = countRows(sqlite);
    for (const table of COUNTED_TABLES)
      if (counts[table] !== manifest.counts[table])
        throw new BackupError(
          'corrupt_backup',
          `the restored database has ${counts[table]} ${table} rows where the manifest counted ${manifest.counts[table]}`,
        );
    if (serverSecretSha256(sqlite) !== manifest.serverSecretSha256)
      throw new BackupError(
        'corrupt_backup',
        "the restored database's server secret is not the one the backup recorded",
      );
    if (schemaOfFile(sqlite).latest !== manifest.schema.latest)
      throw new BackupError(
        'corrupt_backup',
        "the restored database's schema is not the one the backup recorded",
      );
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      'corrupt_backup',
      `SQLite cannot read the restored database: ${(error as Error).message}`,
    );
  } finally {
    sqlite?.close();
  }
}

/**
 * Restores a backup taken by `takeSqliteBackup` into `dataDir`, which must be empty (or not exist):
 * the manifest and every file's checksum are checked first, a backup of a newer schema than this
 * version knows is refused, and after copying SQLite checks both files and the counts. On any
 * refusal after copying began, what was copied is removed again, leaving the folder empty.
 */
export function restoreSqliteBackup(source: string, dataDir: string): BackupManifest {
  const manifest = readManifest(source);
  verifyFiles(source, manifest);
  if (manifest.schema.latest && !(manifest.schema.latest in migrations))
    throw new BackupError(
      'newer_backup',
      `the backup was taken by RQ Codes ${manifest.version}, whose schema (${manifest.schema.latest}) this version does not know: restore it with that version or a newer one`,
    );
  if (!isEmptyFolder(dataDir))
    throw new BackupError(
      'target_not_empty',
      `${dataDir} is not empty: restore into an empty DATA_DIR (move the old one aside first), so no file of another database is mixed in`,
    );
  const existed = fs.existsSync(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    for (const entry of manifest.files) {
      const to = path.join(dataDir, entry.name);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(source, entry.name), to);
    }
    checkRestoredDatabase(dataDir, manifest);
  } catch (error) {
    for (const name of fs.readdirSync(dataDir))
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    if (!existed) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return manifest;
}
