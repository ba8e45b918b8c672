import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import { isSqliteBusy } from '../../db/sqlite-file.js';
import type { OrderedStoredScan } from '../scans/scans.service.js';

/** What the feed needs of the scans and webhooks services. */
export interface ScanFeedDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  storedAfter(
    trx: Kysely<Database>,
    cursor: string,
    workspaces: readonly string[],
    limit: number,
  ): Promise<{ scans: OrderedStoredScan[]; cursor: string }>;
  enqueue(
    trx: Kysely<Database>,
    workspaceId: string,
    messages: readonly { id: string; type: 'scan.created'; at: number; data: unknown }[],
  ): Promise<number>;
  /** Told when deliveries were made, so they go out before the worker's next poll. */
  wake?: () => void;
  log: FastifyBaseLogger;
  /** How often to look for new scans when the last look found fewer than a batch. */
  pollMs: number;
  /** Scans per transaction. */
  batch?: number;
  /**
   * True while the edge is busy answering scans: the feed then hands on a small batch per
   * `pollMs` and catches up once the load passes (the scans wait, stored, in the database).
   */
  busy?: () => boolean;
}

const DEFAULT_BATCH = 2000;
/** Scans per transaction while the edge is busy: the feed still moves, slowly. */
const BUSY_BATCH = 100;
/** While no workspace subscribes to `scan.created`, the cursor is written at most this often. */
const UNSUBSCRIBED_CURSOR_WRITE_MS = 60_000;

/**
 * `scan.created` at scan volume, off the edge's path. The edge records scans as always; this feed
 * reads the stored scans of workspaces with an enabled `scan.created` endpoint after a cursor, a
 * large batch at a time, and writes their deliveries and the new cursor in one transaction:
 *
 * - each scan gets its deliveries exactly once, whichever instance feeds (the cursor row is
 *   locked; on PostgreSQL an instance that finds it locked skips its turn) and whatever is killed;
 * - memory holds one batch; a slow or dead receiver only leaves more pending rows, it never holds
 *   scans back (the recorder knows nothing of webhooks);
 * - the `webhook-id` is the scan's id, stable and unique (`scan_...`).
 */
export class ScanFeed {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The scans stored when none had a subscriber, not yet in the stored cursor. */
  private passedTo: string | null = null;
  private passedWrittenAt = 0;
  /** Scans handed to the outbox by this instance, and deliveries made of them. */
  readonly stats = { scans: 0, deliveries: 0 };

  constructor(private readonly deps: ScanFeedDeps) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.writePassed().catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'the scan feed could not write its cursor as it stopped');
    });
  }

  /**
   * One transaction: the scans after the cursor (at most a batch), their deliveries, the cursor
   * past them. Answers how many scans it read, or null when another instance holds the cursor.
   * While no workspace subscribes there is nothing to hand on and no transaction at all (below).
   */
  async feedOnce(batch = this.deps.batch ?? DEFAULT_BATCH): Promise<number | null> {
    const { db, dialect } = this.deps;
    if ((await subscribedWorkspaces(db)).length === 0) {
      await this.passUnsubscribed();
      return 0;
    }
    const result = await db.transaction().execute(async (trx) => {
      const stored = await lockCursor(trx, dialect);
      if (stored === null) return null;
      const cursor = laterCursor(stored, this.passedTo);
      const workspaces = await subscribedWorkspaces(trx);
      const read = await this.deps.storedAfter(trx, cursor, workspaces, batch);
      let deliveries = 0;
      for (const [workspaceId, scans] of byWorkspace(read.scans)) {
        const messages = scans.map((scan) => ({
          id: scan.id,
          type: 'scan.created' as const,
          at: scan.at,
          data: scan.view,
        }));
        deliveries += await this.deps.enqueue(trx, workspaceId, messages);
      }
      if (read.cursor !== stored) await writeCursor(trx, read.cursor);
      return { scans: read.scans.length, deliveries };
    });
    if (result === null) return null;
    this.passedTo = null;
    this.stats.scans += result.scans;
    this.stats.deliveries += result.deliveries;
    if (result.deliveries > 0) this.deps.wake?.();
    return result.scans;
  }

  /**
   * Nobody subscribes: the scans stored so far are passed over (an endpoint subscribed later gets
   * the scans after it), but the cursor is written only now and then and as the feed stops. On
   * SQLite its write takes the lock the edge's scan groups need, and a group refused goes through
   * the journal: written each poll, it cost the plain edge its p99. The next feed starts from
   * `passedTo` if the stored cursor is behind it.
   */
  private async passUnsubscribed(): Promise<void> {
    this.passedTo = (await this.deps.storedAfter(this.deps.db, '0', [], 0)).cursor;
    if (Date.now() - this.passedWrittenAt >= UNSUBSCRIBED_CURSOR_WRITE_MS) await this.writePassed();
  }

  /** Moves the stored cursor up to `passedTo` (never back). */
  private async writePassed(): Promise<void> {
    const passed = this.passedTo;
    if (passed === null) return;
    this.passedWrittenAt = Date.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const stored = await lockCursor(trx, this.deps.dialect);
      if (stored !== null && laterCursor(stored, passed) !== stored) await writeCursor(trx, passed);
    });
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.round().finally(() => {
        this.running = null;
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Feeds until a look finds less than a batch, then waits `pollMs`; one small batch per `pollMs` while busy. */
  private async round(): Promise<void> {
    const { pollMs } = this.deps;
    const busy = this.deps.busy?.() ?? false;
    const batch = busy ? BUSY_BATCH : (this.deps.batch ?? DEFAULT_BATCH);
    let full = false;
    try {
      full = (await this.feedOnce(batch)) === batch && !busy;
    } catch (error) {
      // Busy: a job thread's transaction holds SQLite's write lock for a moment.
      this.deps.log[isSqliteBusy(error) ? 'debug' : 'warn'](
        { err: error },
        'scans could not be handed to the webhooks outbox; trying again',
      );
    }
    // A full batch: more are waiting, but the scans' own writes get their turn first.
    this.schedule(full ? 1 : pollMs);
  }
}

/** The cursor, locked for this transaction; null when another instance holds it (PostgreSQL). */
async function lockCursor(trx: Kysely<Database>, dialect: Dialect): Promise<string | null> {
  // SQLite: one writer, and this transaction is it once it writes; the read needs no lock.
  const query = trx.selectFrom('webhook_scan_feed').select('cursor').where('id', '=', 1);
  const row = await (dialect === 'postgres' ? query.forUpdate().skipLocked() : query).executeTakeFirst();
  return row?.cursor ?? null;
}

async function writeCursor(trx: Kysely<Database>, cursor: string): Promise<void> {
  await trx.updateTable('webhook_scan_feed').set({ cursor }).where('id', '=', 1).execute();
}

/** The later of two cursors (both engines' cursors are whole numbers, PostgreSQL's past 2^53). */
function laterCursor(cursor: string, other: string | null): string {
  return other !== null && BigInt(other) > BigInt(cursor) ? other : cursor;
}

/** Workspaces with an enabled endpoint subscribed to `scan.created`. */
async function subscribedWorkspaces(trx: Kysely<Database>): Promise<string[]> {
  const rows = await trx
    .selectFrom('webhooks')
    .select('workspace_id')
    .distinct()
    .where('enabled', '=', 1)
    .where('events_json', 'like', sql<string>`${'%"scan.created"%'}`)
    .execute();
  return rows.map((row) => row.workspace_id);
}

function byWorkspace(scans: readonly OrderedStoredScan[]): Map<string, OrderedStoredScan[]> {
  const groups = new Map<string, OrderedStoredScan[]>();
  for (const scan of scans) {
    const group = groups.get(scan.workspaceId);
    if (group) group.push(scan);
    else groups.set(scan.workspaceId, [scan]);
  }
  return groups;
}

/**
 * Runs a ScanFeed in every instance (the cursor's lock makes one feed at a time), from start until
 * close; before the webhooks module's worker stops, so the last deliveries it made are sent or left
 * pending for the next start.
 */
export const webhooksScanFeedModule = fp(
  async (app: FastifyInstance) => {
    const { scans, webhooks } = app;
    const feed = new ScanFeed({
      db: app.database.db,
      dialect: app.database.dialect,
      storedAfter: (trx, cursor, workspaces, limit) => scans.storedAfter(trx, cursor, workspaces, limit),
      enqueue: (trx, workspaceId, messages) => webhooks.enqueue(trx, workspaceId, messages),
      log: app.log.child({ module: 'webhooks-scan-feed' }),
      pollMs: app.config.webhooks.pollMs,
      busy: () => app.edgeLoad.busy(),
    });
    app.decorate('webhookScanFeed', feed);
    app.backgroundWork.add('scan.created feed', feed);
  },
  { name: 'webhooks-scan-feed', dependencies: ['webhooks', 'scans'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    webhookScanFeed: ScanFeed;
  }
}
