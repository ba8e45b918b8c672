import { execFile } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run backup` / `npm run restore` as the operator runs them (the same command, from the
 * sources), with `env` on top of this process's environment. Asynchronous, so a test's scan load
 * goes on while it runs.
 */
export function runBackupCli(
  command: 'backup' | 'restore',
  folder: string | undefined,
  env: Record<string, string>,
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['dist/db/backup/backup-cli.js', command, ...(folder === undefined ? [] : [folder])],
      { cwd: serverDir, env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}
