import type { FastifyBaseLogger } from 'fastify';
import type { ScanJournal } from './scan-journal.js';
import type { NewScanRow } from './scans.table.js';

/**
 * How the recorder's groups reach the database: `DirectScanWriter` (SQLite's default) or
 * `JournalFirstScanWriter` (PostgreSQL's). Both keep a `ScanJournal`: the first writes it only
 * while the database refuses scans, the second writes every scan to it first.
 */
export interface ScanWriter {
  readonly journal: ScanJournal;
  /** Nothing waits to reach the database: `settled()` would have nothing to do. */
  readonly idle: boolean;
  /** Scans in the database whose counters and rollups are not written yet (`rq_rollup_fold_lag_scans`). */
  readonly foldLag: number;
  /** Groups the database refused (busy or down), kept in the journal instead (`rq_scan_groups_refused_total`). */
  readonly refusedGroups: number;
  /** Resolves once one group is durable (journal or database); rejects when neither took it. */
  write(rows: NewScanRow[]): Promise<void>;
  /** Resolves once everything written before is in the database (or, while it refuses, on disk). */
  settled(): Promise<void>;
  /** At start: replays what an earlier process left and starts what runs beside the writer. */
  resume(): Promise<void>;
  /** Writes what is waiting, then stops. */
  close(): Promise<void>;
}

export interface ScanWriterOptions {
  /** The journal's directory: one file per shipment, and what a crash or an outage left. */
  spoolDir: string;
  log: FastifyBaseLogger;
  /** What waits (a journal file, the rollups behind) is written this long after its first scan. */
  shipAfterMs: number;
  /** Told about scans once they are in the database. */
  stored(rows: NewScanRow[]): void;
  /** fdatasync each journal append before it resolves (SCAN_JOURNAL_SYNC). */
  journalSync: boolean;
}

/** Scans in one shipment, or one write of the rollups behind: what waits is written at this size. */
export const MAX_BATCH = 2000;
