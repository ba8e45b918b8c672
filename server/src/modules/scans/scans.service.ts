import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/create-db.js';
import type { Database } from '../../db/database.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import { type Scan, toScanRow } from './scan.js';
import { ScanRecorder } from './scan-recorder.js';
import { countUniqueSince, findCounters } from './scans.repository.js';

export interface ScanTotals {
  total: number;
  uniqueToday: number;
  lastAt: string | null;
}

const DAY_MS = 86_400_000;

/** Records scans (group commit) and answers the per-code totals shown on the code resource. */
export class ScansService {
  readonly recorder: ScanRecorder;

  private readonly db: Kysely<Database>;

  constructor(
    database: DatabaseHandle,
    options: { dataDir: string; log: FastifyBaseLogger; clock?: Clock },
    private readonly clock: Clock = options.clock ?? systemClock,
  ) {
    this.db = database.db;
    this.recorder = new ScanRecorder(database, {
      spoolDir: path.join(options.dataDir, 'spool'),
      log: options.log,
    });
  }

  /** Resolves once the scan is durable (in the database, or in the disk spool while it is away). */
  record(scan: Scan): Promise<void> {
    return this.recorder.record(toScanRow(scan));
  }

  /** Counted (human) scans of a code so far: the base of the `scans` rule condition. */
  async countedScans(codeId: string): Promise<number> {
    const [counter] = await findCounters(this.db, [codeId]);
    return counter?.total ?? 0;
  }

  async totalsFor(codeIds: string[]): Promise<Map<string, ScanTotals>> {
    const startOfDay = Math.floor(this.clock.now() / DAY_MS) * DAY_MS;
    const [counters, uniques] = await Promise.all([
      findCounters(this.db, codeIds),
      countUniqueSince(this.db, codeIds, startOfDay),
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
}
