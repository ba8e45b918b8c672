import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/create-db.js';
import { isSqliteBusy } from '../../db/sqlite-file.js';
import { appendSpooledScans } from './scans.repository.js';
import type { NewScanRow } from './scans.table.js';

/** One journal file: the scans synced into it, shipped to the database together once sealed. */
interface JournalFile {
  name: string;
  file: string;
  fd: number;
  rows: NewScanRow[];
  /** Bytes written so far: where a failed write is cut back to. */
  size: number;
  /** With `sync`: the directory's entry for the new file is on disk (fsync of the directory). */
  listed: Promise<void>;
}

/** A sealed journal file on its way to the database. */
export interface Shipment {
  file: string;
  /** The file's name: marked in the transaction that writes its scans. */
  spoolId: string;
  rows: NewScanRow[];
  /** The mark of a file gone from disk (it can never be replayed): dropped in the same transaction. */
  forget: string | undefined;
}

export interface ScanJournalOptions {
  /** The journal's directory (`DATA_DIR/spool`). */
  dir: string;
  /** fdatasync each append, and the directory once per file, before the append resolves. */
  sync: boolean;
  /** Where the replay writes what an earlier process or an outage left. */
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** Writes a sealed file's scans to the database, marked by its name; rejects when refused. */
  ship(shipment: Shipment): Promise<unknown>;
  /** Told about scans once they are in the database. */
  stored(rows: NewScanRow[]): void;
}

const REPLAY_EVERY_MS = 5000;

/**
 * The scans' journal on local disk: files of JSON lines, one open at a time, sealed and shipped to
 * the database one after another (docs/adr/2026-11-22-scans-group-commit.md). A file's name is
 * marked in the transaction that writes its scans and the file is removed after it commits, so a
 * file reaches the database exactly once whatever crashes. A file the database refused stays on
 * disk and is replayed every 5 s until it is taken; at start, what a killed process left is
 * replayed.
 */
export class ScanJournal {
  private open: JournalFile | null = null;
  /** Shipments run one after another; this is the last one queued. */
  private shipping: Promise<void> = Promise.resolve();
  /** Scans in sealed files not shipped yet. */
  private queued = 0;
  /** Files this process writes or is shipping: the replay leaves them alone. */
  private readonly live = new Set<string>();
  /** The last shipped file whose removal from disk succeeded: its mark can go. */
  private forgettable: string | undefined;
  private replayTimer: NodeJS.Timeout | null = null;
  /** The replay under way (they run one after another). */
  private replaying: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ScanJournalOptions) {}

  /** Scans in the open file. */
  get openScans(): number {
    return this.open?.rows.length ?? 0;
  }

  get hasOpenFile(): boolean {
    return this.open !== null;
  }

  /** Scans journaled but not yet in the database (sealed and waiting for their shipment). */
  get backlog(): number {
    return this.queued;
  }

  /** No open file and no shipment waiting. */
  get idle(): boolean {
    return this.open === null && this.queued === 0;
  }

  /** Appends rows to the open file (and syncs it); on failure the file is cut back to before them and sealed. */
  async append(rows: NewScanRow[]): Promise<void> {
    const open = this.open ?? this.openFile();
    try {
      const lines = Buffer.from(`${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
      const written = fs.writeSync(open.fd, lines);
      // A short write (the disk filled up) returns without an error; what it wrote is cut back below.
      if (written < lines.length) throw new Error(`journal write: ${written} of ${lines.length} bytes`);
      open.size += written;
      if (this.options.sync) await Promise.all([syncData(open.fd), open.listed]);
    } catch (error) {
      // Whatever part of the rows reached the file must not be replayed besides being written now.
      try {
        fs.ftruncateSync(open.fd, open.size);
      } finally {
        void this.seal();
      }
      throw error;
    }
    for (const row of rows) open.rows.push(row);
  }

  /**
   * Closes the open file and queues it for shipping. Resolves once it and every file sealed before
   * are shipped (or refused, and left for the replay). Never call it while an append is under way.
   */
  seal(): Promise<void> {
    const open = this.open;
    this.open = null;
    if (open) {
      fs.closeSync(open.fd);
      if (open.rows.length === 0) this.discard(open);
      else {
        this.queued += open.rows.length;
        this.shipping = this.shipping.then(() => this.ship(open));
      }
    }
    return this.shipping;
  }

  /** Resolves once every file sealed so far is shipped (or refused). */
  drained(): Promise<void> {
    return this.shipping;
  }

  private openFile(): JournalFile {
    const { dir, sync } = this.options;
    fs.mkdirSync(dir, { recursive: true });
    // Unique across processes and restarts, and in time order: the name is what marks it written.
    const name = `scans-${Date.now()}-${process.pid}-${randomUUID()}.jsonl`;
    const file = path.join(dir, name);
    const listed = sync ? syncDirectory(dir) : Promise.resolve();
    listed.catch(() => undefined); // awaited with the first append's fdatasync
    this.open = { name, file, fd: fs.openSync(file, 'a'), rows: [], size: 0, listed };
    this.live.add(name);
    return this.open;
  }

  private discard(open: JournalFile): void {
    this.live.delete(open.name);
    fs.rm(open.file, { force: true }, () => undefined);
  }

  /** Writes one sealed file's scans to the database; never rejects (a refused file waits on disk). */
  private async ship(sealed: JournalFile): Promise<void> {
    const { name, file, rows } = sealed;
    try {
      await this.options.ship({ file, spoolId: name, rows, forget: this.forgettable });
    } catch (error) {
      this.options.log[isSqliteBusy(error) ? 'debug' : 'error'](
        { err: error, scans: rows.length },
        'the database refused scans; they wait in the journal on disk',
      );
      this.scheduleReplay();
      return;
    } finally {
      this.queued -= rows.length;
      this.live.delete(name);
    }
    this.forgettable = undefined;
    this.options.stored(rows);
    await this.removeShipped(sealed);
  }

  /** Off the event loop: removing a file of a thousand scans takes the file system a while. */
  private removeShipped({ name, file }: JournalFile): Promise<void> {
    return new Promise<void>((resolve) =>
      fs.rm(file, { force: true }, (error) => {
        if (error) {
          // Its mark stays, so the replay that meets the file removes it without adding it again.
          this.options.log.warn({ err: error, file }, 'a shipped journal file could not be removed');
          this.scheduleReplay();
        } else this.forgettable = name;
        resolve();
      }),
    );
  }

  /**
   * At start: replays what an earlier process left (it was killed, or stopped with the database
   * down). If the database refuses, resolves anyway and the replay is tried again every 5 s.
   */
  async resume(): Promise<void> {
    if (this.leftFiles().length === 0) return;
    try {
      await this.replay();
    } catch (error) {
      this.options.log.warn({ err: error }, 'journal replay at start failed; will retry');
      this.scheduleReplay();
    }
  }

  private scheduleReplay(): void {
    if (this.replayTimer) return;
    this.replayTimer = setTimeout(() => {
      this.replayTimer = null;
      this.replay().catch((error: unknown) => {
        // Busy: another writer of the scans' file (the retention prune, an erasure) holds its lock.
        this.options.log[isSqliteBusy(error) ? 'debug' : 'warn'](
          { err: error },
          'journal replay failed; will retry',
        );
        this.scheduleReplay();
      });
    }, REPLAY_EVERY_MS);
    this.replayTimer.unref();
  }

  /**
   * Moves files no shipment holds into the database; a file is removed only after its rows commit.
   * One file a turn, read and removed off the event loop: a job that held SQLite's lock for
   * seconds leaves hundreds of files, and replaying them in one go held scans up for 600 ms.
   */
  replay(): Promise<number> {
    const run = this.replaying.then(() => this.replayLeftFiles());
    this.replaying = run.catch(() => 0);
    return run;
  }

  private async replayLeftFiles(): Promise<number> {
    let replayed = 0;
    for (const file of this.leftFiles()) {
      await nextTurn();
      const rows = await readJournalFileAsync(file);
      // Another replayer may have taken the file already.
      if (rows === null) continue;
      const added = await appendSpooledScans(this.options.database, path.basename(file), rows);
      await fs.promises.rm(file, { force: true });
      if (!added) continue;
      this.options.stored(rows);
      replayed += rows.length;
    }
    if (replayed > 0) this.options.log.info({ scans: replayed }, 'journaled scans replayed');
    return replayed;
  }

  /** Files in the directory that this process is not writing or shipping, oldest first. */
  private leftFiles(): string[] {
    const { dir } = this.options;
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl') && !this.live.has(name))
      .sort()
      .map((name) => path.join(dir, name));
  }

  /**
   * Stops the replay timer and replays what is left once more (seal and drain first), so a server
   * stopped right after a job held the lock leaves its scans in the database, not only on disk.
   */
  async close(): Promise<void> {
    if (this.replayTimer) clearTimeout(this.replayTimer);
    this.replayTimer = null;
    try {
      await this.replay();
    } catch (error) {
      this.options.log.warn({ err: error }, 'journaled scans left on disk for the next start');
    }
  }
}

/** The scans of a journal file (a JSON line each); null when it is gone. */
export function readJournalFile(file: string): NewScanRow[] | null {
  try {
    return journalRowsOf(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return nullWhenGone(error);
  }
}

async function readJournalFileAsync(file: string): Promise<NewScanRow[] | null> {
  try {
    return journalRowsOf(await fs.promises.readFile(file, 'utf8'));
  } catch (error) {
    return nullWhenGone(error);
  }
}

function nullWhenGone(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}

function journalRowsOf(text: string): NewScanRow[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as NewScanRow];
      } catch {
        return []; // a torn last line from a crash mid-append: its scan was never answered
      }
    });
}

function syncData(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
}

function syncDirectory(dir: string): Promise<void> {
  return new Promise((resolve, reject) =>
    fs.open(dir, 'r', (openError, fd) => {
      if (openError) return reject(openError);
      fs.fsync(fd, (syncError) => fs.close(fd, () => (syncError ? reject(syncError) : resolve())));
    }),
  );
}
