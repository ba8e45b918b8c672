import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.js';
import { BackupError } from './manifest.js';
import { takeSqliteBackup } from './sqlite-backup.js';
import { restoreSqliteBackup } from './sqlite-restore.js';

const USAGE = {
  backup: 'usage: npm run backup -- <folder>   (a new or empty folder; DATA_DIR says which server)',
  restore: 'usage: npm run restore -- <folder>   (a backup folder; DATA_DIR must be empty)',
};

/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>` for a SQLite installation, with
 * the server's own configuration (DATA_DIR, DATABASE_URL). A refusal is one sentence and exit
 * status 2; PostgreSQL is backed up with its own tools (web/docs/self-hosting/backup.md).
 */
async function main(command: 'backup' | 'restore', args: string[]): Promise<number> {
  const folder = args.find((arg) => !arg.startsWith('-'));
  if (!folder || args.length !== 1) {
    console.error(USAGE[command]);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl)
    throw new BackupError(
      'not_sqlite',
      `npm run ${command} is for the embedded SQLite database, and DATABASE_URL points at PostgreSQL: use pg_dump and pg_restore (see the self-hosting docs, "Backups and restores")`,
    );
  const target = path.resolve(folder);
  if (command === 'backup') {
    const manifest = await takeSqliteBackup(config.dataDir, target);
    const { counts } = manifest;
    console.log(
      `backed up ${config.dataDir} to ${target}: ${counts.qrcodes} codes, ${counts.scans} scans, ${counts.api_keys} API keys, schema ${manifest.schema.latest} (RQ Codes ${manifest.version})`,
    );
  } else {
    const manifest = restoreSqliteBackup(target, config.dataDir);
    const { counts } = manifest;
    console.log(
      `restored the backup of ${manifest.createdAt} into ${config.dataDir}: ${counts.qrcodes} codes, ${counts.scans} scans, ${counts.api_keys} API keys, every file's checksum checked; start the server to use it`,
    );
  }
  return 0;
}

const command = process.argv[2] === 'restore' ? 'restore' : 'backup';
try {
  process.exitCode = await main(command, process.argv.slice(3));
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(`npm run ${command}: ${error.message}`);
    process.exitCode = 2;
  } else {
    // Not the operator's input (a full disk, an unreadable file): still one line, and status 1.
    console.error(`npm run ${command} failed: ${(error as Error).message ?? String(error)}`);
    process.exitCode = 1;
  }
}
