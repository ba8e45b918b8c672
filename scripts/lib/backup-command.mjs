// `npm run backup` and `npm run restore`: build the server when stale (quietly), then run its
// backup command (server/src/db/backup/backup-cli.ts) with the caller's environment (DATA_DIR,
// DATABASE_URL) and arguments, and exit with its status.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { requireRuntime } from './runtime.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** @param {'backup' | 'restore'} command */
export function runBackupCommand(command) {
  requireRuntime(root);
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), 'server'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const args = process.argv.slice(2).filter((arg) => arg !== '--no-build');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'server/dist/db/backup/backup-cli.js'), command, ...args],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
