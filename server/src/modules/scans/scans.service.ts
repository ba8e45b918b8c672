import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import type { DatabaseHandle } from '../../db/create-db.js';
import type { Database } from '../../db/database.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, DAY_MS, systemClock, toIso } from '../../shared/clock.js';
import { type Scan, toScanRow } from './scan.js';
import { inProcessScanCounter, type ScanCounter } from './scan-counter.js';
import { ScanRecorder } from './scan-recorder.js';
import { type Counts, type Dimension, dayOf, type RollupSelection } from './scan-rollups.js';
import { countsByBucket, countsByKey, countsIn, firstBucket } from './scan-rollups.repository.js';
import {
  countVariantScans,
  countVisitorsOfDay,
  deleteScansBefore,
  deleteVisitorsBefore,
  deleteWorkspaceScans,
  findCounters,
  findScanById,
  type ScanExportFilter,
  scansAfter,
  scansInOrder,
  scanTotalExpression,
  sumAccountScans,
} from './scans.repository.js';
import type { NewScanRow, ScanRow } from './scans.table.js';
import { ScanWatchers } from './scans.watchers.js';

/** What the CSV export asks for, and the rows it gets: the module's own shapes, named here for its callers. */
/** A stored scan as conversions credit it (`scanById`). */
export type { ScanExportFilter, ScanRow as ExportedScan, ScanRow as AttributedScan };

/**
 * A stored scan as the live stream shows it: a `Scan` without the visitor hash, its ids and referrer
 * under the API's names.
 */
export interface StoredScan extends Omit<Scan, 'codeId' | 'ruleId' | 'referrerHost' | 'visitorHash'> {
  qrcode: string;
  rule: string | null;
  referrer: string | null;
}

/** The JSON the live stream and `scan.created` webhooks show of a stored scan: its time in ISO 8601. */
export type ScanView = Omit<StoredScan, 'accountId' | 'at'> & { at: string };

export function scanView(scan: StoredScan): ScanView {
  const { accountId: _account, at, ...rest } = scan;
  return { at: new Date(at).toISOString(), ...rest };
}

/** A stored scan read in storage order (`storedAfter`), with a stable id for webhooks. */
export interface OrderedStoredScan {
  /** `scan_...`: unique, and the same however often the scan is read. */
  id: string;
  workspaceId: string;
  at: number;
  view: ScanView;
}

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /** Scans now in the database, a batch at a time, of the accounts watched live (ScanWatchers). */
    'scans.stored': { scans: StoredScan[] };
  }
}

const toStoredScan = (row: NewScanRow): StoredScan => ({
  accountId: row.account_id,
  at: Number(row.at),
  qrcode: row.qrcode_id,
  hostname: row.hostname,
  rule: row.rule_id ?? null,
  target: row.target,
  country: row.country ?? null,
  region: row.region ?? null,
  device: row.device ?? null,
  os: row.os ?? null,
  browser: row.browser ?? null,
  language: row.language ?? null,
  referrer: row.referrer_host ?? null,
  bot: Boolean(row.bot),
});

export interface ScanTotals {
  total: number;
  uniqueToday: number;
  lastAt: string | null;
}

/** Raw scans are kept this long unless told otherwise (SCAN_RETENTION_DAYS, config.ts); rollups forever. */
export const DEFAULT_RETENTION_DAYS = 90;
/** How often the background pruning runs (scans.module.ts). */
export const PRUNE_EVERY_MS = 3_600_000;

/**
 * Records scans (group commit), counts them for rules, answers the per-code totals shown on the
 * code resource and the analytics rollups, and exports raw scans.
 */
/** What the service's callers use of its recorder. */
export type Recorder = Pick<
  ScanRecorder,
  'stats' | 'backlog' | 'refusedGroups' | 'record' | 'settled' | 'resumeSpool' | 'close'
>;

/** A job thread's recorder: it records nothing (scans are the server's), so nothing is ever pending. */
const NO_RECORDER: Recorder = {
  stats: { batches: 0, scans: 0 },
  backlog: { journal: 0, fold: 0 },
  refusedGroups: 0,
  record: () => Promise.reject(new Error('this thread records no scans')),
  settled: () => Promise.resolve(),
  resumeSpool: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

export class ScansService {
  readonly recorder: Recorder;
  /** Counted scans before each scan, for `scans` rule conditions (the edge takes from it). */
  readonly counter: ScanCounter;
  /** Whose stored scans are announced (live streams); none without a change bus. */
  private readonly watchers: ScanWatchers | undefined;

  private readonly db: Kysely<Database>;
  private readonly database: DatabaseHandle;
  private readonly log: FastifyBaseLogger;
  readonly retentionDays: number | null;

  constructor(
    database: DatabaseHandle,
    options: {
      dataDir: string;
      log: FastifyBaseLogger;
      clock?: Clock;
      /** Days of raw scans to keep; null keeps them forever. */
      retentionDays?: number | null;
      /** fdatasync each journal append before answering (SCAN_JOURNAL_SYNC). */
      journalSync?: boolean;
      /** Where stored scans are announced as `scans.stored` (every instance's live streams). */
      changes?: ChangeBus;
      /** The shared count with Redis (`redisScanCounter`); by default each instance counts alone. */
      counter?: ScanCounter;
      /** false in a job thread: no recorder (journal, rollup fold thread) is started. */
      recordsScans?: boolean;
    },
    private readonly clock: Clock = options.clock ?? systemClock,
  ) {
    this.db = database.db;
    this.database = database;
    this.log = options.log;
    this.retentionDays = options.retentionDays === undefined ? DEFAULT_RETENTION_DAYS : options.retentionDays;
    this.counter = options.counter ?? inProcessScanCounter;
    const { changes } = options;
    this.watchers = changes ? new ScanWatchers(changes) : undefined;
    this.recorder =
      options.recordsScans === false
        ? NO_RECORDER
        : new ScanRecorder(database, {
            spoolDir: path.join(options.dataDir, 'spool'),
            log: options.log,
            journalSync: options.journalSync ?? false,
            ...(changes ? { onStored: (rows: NewScanRow[]) => this.announceStored(changes, rows) } : {}),
          });
  }

  /** Publishes the stored scans of the accounts someone watches live (none, with nobody watching). */
  private announceStored(changes: ChangeBus, rows: NewScanRow[]): void {
    const watched = this.watchers?.watched(rows) ?? [];
    if (watched.length === 0) return;
    changes.publish('scans.stored', { scans: watched.map(toStoredScan) }).catch((error: unknown) => {
      this.log.warn({ err: error }, 'stored scans could not be announced');
    });
  }

  /**
   * Announces the account's stored scans (`scans.stored`) from every instance while a live client
   * watches it; resolves once the other instances know. Answers the function that stops watching.
   */
  watchStored(workspaceId: string): Promise<() => void> {
    return this.watchers ? this.watchers.watch(workspaceId) : Promise.resolve(() => undefined);
  }

  /** Resolves once the scan is durable (in this instance's journal; the database follows in bulk). */
  record(scan: Scan): Promise<void> {
    return this.recorder.record(toScanRow(scan));
  }

  /**
   * Resolves once every scan this instance recorded before the call (of the workspace, when given)
   * is in the database: what a read of scans, counters or rollups awaits first, so it sees every
   * scan already answered.
   */
  settled(workspaceId?: string): Promise<void> {
    return this.recorder.settled(workspaceId);
  }

  /**
   * The scans of `workspaces` stored after `cursor`, in storage order, about `limit` at most, and
   * the cursor past them (opaque; `scansAfter` says how no scan is skipped). Run in `trx`, the
   * transaction that keeps the new cursor, so each scan is handed on exactly once.
   */
  async storedAfter(
    trx: Kysely<Database>,
    cursor: string,
    workspaces: readonly string[],
    limit: number,
  ): Promise<{ scans: OrderedStoredScan[]; cursor: string }> {
    const read = await scansAfter(trx, this.database.dialect, cursor, workspaces, limit);
    return {
      cursor: read.cursor,
      scans: read.scans.map(({ id, row }) => {
        const stored = toStoredScan(row);
        return { id, workspaceId: stored.accountId, at: stored.at, view: scanView(stored) };
      }),
    };
  }

  /**
   * The scan handed `scanId` as its `rq_id` (conversions credit it), or undefined. A scan answered
   * a moment ago may still be on its way from the journal: an id not found is looked up again
   * once this instance's recorded scans are in the database.
   */
  async scanById(scanId: string): Promise<ScanRow | undefined> {
    const found = await findScanById(this.database, scanId);
    if (found) return found;
    await this.settled();
    return findScanById(this.database, scanId);
  }

  /** A split rule's human scans and daily-distinct scanners per variant since `from` (experiments). */
  async variantScans(
    workspaceId: string,
    ruleId: string,
    from: number,
  ): Promise<{ variant: number; scans: number; scanners: number }[]> {
    await this.settled(workspaceId);
    return countVariantScans(this.db, workspaceId, ruleId, from);
  }

  /** Counted (human) scans of a code so far: the base of the `scans` rule condition. */
  async countedScans(codeId: string): Promise<number> {
    await this.settled();
    const [counter] = await findCounters(this.db, [codeId]);
    return counter?.total ?? 0;
  }

  /** The account's human scans recorded in [from, to): monthly usage's seed. `from`/`to` on quarter hours. */
  async humanScansOf(workspaceId: string, from: number, to: number): Promise<number> {
    await this.settled(workspaceId);
    return sumAccountScans(this.db, workspaceId, from, to);
  }

  /** The code's counted scans as an SQL expression of its id column (the code list sorts by it). */
  totalExpression(codeIdColumn: string): RawBuilder<number> {
    return scanTotalExpression(codeIdColumn);
  }

  async totalsFor(workspaceId: string, codeIds: string[]): Promise<Map<string, ScanTotals>> {
    await this.settled(workspaceId);
    const startOfDay = Math.floor(this.clock.now() / DAY_MS) * DAY_MS;
    const [counters, uniques] = await Promise.all([
      findCounters(this.db, codeIds),
      countVisitorsOfDay(this.db, codeIds, startOfDay),
    ]);
    const byCode = new Map(counters.map((c) => [c.qrcode_id, c]));
    return new Map(
      codeIds.map((id) => {
        const counter = byCode.get(id);
        return [
          id,
          {
            total: counter?.total ?? 0,
            uniqueToday: uniques.get(id) ?? 0,
            // 0 until a human scans (bots are recorded but not counted).
            lastAt: counter && counter.last_at > 0 ? toIso(counter.last_at) : null,
          },
        ];
      }),
    );
  }

  // The rollups as analytics reads them. They hold what is in the database: a caller that must see
  // every scan this instance answered awaits `settled()` once first (one request reads several).

  /** Scans, bots and visitors of the selection in [from, to) (bounds on quarter hours). */
  countsIn(selection: RollupSelection, from: number, to: number): Promise<Counts> {
    return countsIn(this.db, selection, from, to);
  }

  /** The selection's counts per quarter hour in [from, to), or per `step` (hours, days). */
  countsByBucket(
    selection: RollupSelection,
    from: number,
    to: number,
    step?: number,
  ): Promise<Map<number, Counts>> {
    return countsByBucket(this.db, selection, from, to, step);
  }

  /** The selection's counts per value of a dimension in [from, to) ('' for scans without one). */
  countsByKey(
    selection: RollupSelection,
    by: Dimension,
    from: number,
    to: number,
  ): Promise<Map<string, Counts>> {
    return countsByKey(this.db, selection, by, from, to);
  }

  /** The account's first quarter hour with a scan, if it has one. */
  firstBucket(workspaceId: string): Promise<number | undefined> {
    return firstBucket(this.db, workspaceId);
  }

  /** The account's scans in time order, a page at a time (the CSV export). */
  async *scansInOrder(filter: ScanExportFilter): AsyncGenerator<ScanRow[]> {
    await this.settled(filter.workspaceId);
    yield* scansInOrder(this.db, filter);
  }

  /**
   * Deletes raw scans older than the retention and the visitor sets of days that can no longer
   * receive scans (before yesterday). Rollups are kept forever.
   */
  async prune(): Promise<{ scans: number }> {
    const now = this.clock.now();
    const scans =
      this.retentionDays === null
        ? 0
        : await deleteScansBefore(this.database, now - this.retentionDays * DAY_MS);
    await deleteVisitorsBefore(this.db, dayOf(now) - DAY_MS);
    if (scans > 0)
      this.log.info({ scans, retentionDays: this.retentionDays }, 'raw scans past the retention deleted');
    return { scans };
  }

  /**
   * Deletes a workspace's analytics (the workspace is being deleted): its raw scans, counters,
   * visitor sets and rollups. The scans still on their way to the database are written first, so
   * none of them lands after the erasure.
   */
  async eraseWorkspace(workspaceId: string): Promise<void> {
    await this.settled(workspaceId);
    await deleteWorkspaceScans(this.database, workspaceId);
  }
}
