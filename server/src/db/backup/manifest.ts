import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What a backup folder holds; `manifest.json` is written last, so a folder without it is unfinished. */
export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'rq-codes-backup/1';

/** The tables whose rows a backup counts, and a restore counts again. */
export const COUNTED_TABLES = ['accounts', 'api_keys', 'rules', 'qrcodes', 'hostnames', 'scans'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

export interface BackupFile {
  /** Path inside the backup folder, and inside DATA_DIR once restored ('/' separated). */
  name: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The RQ Codes version (server/package.json) that took it. */
  version: string;
  engine: 'sqlite';
  /** The last migration applied to the database copied, and how many were. */
  schema: { latest: string | null; migrations: number };
  counts: Record<CountedTable, number>;
  /** The server secret (salts visitor hashes) is in rq.sqlite; its fingerprint is checked on restore. */
  serverSecretSha256: string | null;
  files: BackupFile[];
}

/** A backup or restore refused, with a sentence for the operator (never a stack trace). */
export class BackupError extends Error {
  constructor(
    readonly code:
      | 'not_sqlite'
      | 'no_database'
      | 'target_not_empty'
      | 'not_a_backup'
      | 'corrupt_backup'
      | 'newer_backup',
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

export function sha256OfFile(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      hash.update(chunk.subarray(0, read));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

export function describeFile(dir: string, name: string): BackupFile {
  const file = path.join(dir, name);
  return { name, bytes: fs.statSync(file).size, sha256: sha256OfFile(file) };
}

/** A folder that does not exist yet, or holds nothing. */
export function isEmptyFolder(dir: string): boolean {
  return !fs.existsSync(dir) || (fs.statSync(dir).isDirectory() && fs.readdirSync(dir).length === 0);
}

/** Reads and checks a backup folder's manifest: a clear BackupError for anything that is not one of ours. */
export function readManifest(dir: string): BackupManifest {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    throw new BackupError('not_a_backup', `${dir} is not a folder`);
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file))
    throw new BackupError(
      'not_a_backup',
      `${dir} has no ${MANIFEST_FILE}: it is not an RQ Codes backup, or one that did not finish`,
    );
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('corrupt_backup', `${file} is not valid JSON: the backup is damaged`);
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new BackupError(
      'not_a_backup',
      `${file} is not a manifest this version reads (format ${JSON.stringify(manifest?.format)}, expected ${BACKUP_FORMAT})`,
    );
  if (
    manifest.engine !== 'sqlite' ||
    !Array.isArray(manifest.files) ||
    !manifest.files.some((f) => f.name === 'rq.sqlite') ||
    typeof manifest.counts !== 'object' ||
    typeof manifest.schema !== 'object'
  )
    throw new BackupError('corrupt_backup', `${file} is incomplete: the backup is damaged`);
  return manifest;
}

/**
 * Checks every file the manifest lists against its size and SHA-256, and that nothing escapes the
 * folder: a truncated, altered or mixed-up file is named.
 */
export function verifyFiles(dir: string, manifest: BackupManifest): void {
  for (const entry of manifest.files) {
    const file = path.resolve(dir, entry.name);
    if (!file.startsWith(path.resolve(dir) + path.sep))
      throw new BackupError('corrupt_backup', `the manifest names a file outside the backup (${entry.name})`);
    if (!fs.existsSync(file))
      throw new BackupError(
        'corrupt_backup',
        `the backup is missing ${entry.name}, which its manifest lists`,
      );
    const size = fs.statSync(file).size;
    const differs =
      size !== entry.bytes
        ? `is ${size} bytes where the manifest says ${entry.bytes}`
        : sha256OfFile(file) !== entry.sha256
          ? 'has a different checksum from the one in the manifest'
          : undefined;
    if (differs)
      throw new BackupError(
        'corrupt_backup',
        `${entry.name} ${differs}: the backup is damaged, or its files come from different backups`,
      );
  }
}
