import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, type Registry } from 'prom-client';
import { sweeperLoop } from '../../shared/background-work.js';
import { EdgeLoad, type LoadSignal, publishedEdgeLoad } from '../../shared/event-loop-load.js';
import { inProcessScanCounter } from './scan-counter.js';
import { redisScanCounter } from './scan-counter.redis.js';
import { PRUNE_EVERY_MS, type Recorder, ScansService } from './scans.service.js';

/**
 * The scans module: `app.scans` records scans (group commit, disk journal), counts them for
 * `scans` rule conditions, answers per-code totals and the analytics rollups, and prunes raw scans
 * past the retention in the background (rollups stay). Its recorder drains into the database
 * before the database closes (onClose hooks run in reverse order of registration, and this one is
 * registered after the db plugin's). A deleted workspace's analytics are erased with it.
 */
export const scansModule = fp(
  async (app: FastifyInstance) => {
    const scans = new ScansService(app.database, {
      dataDir: app.config.dataDir,
      log: app.log,
      retentionDays: app.config.scanRetentionDays,
      journalSync: app.config.scanJournalSync,
      // A job thread records no scans: no recorder, journal or rollup fold thread of its own.
      recordsScans: app.role.kind === 'server',
      changes: app.changes,
      // With Redis every instance takes from one count per code; alone, the cached code counts.
      counter: app.redis
        ? redisScanCounter(app.redis, app.config.redisKeyPrefix, app.log)
        : inProcessScanCounter,
    });
    app.decorate('scans', scans);
    // Measured where scans are answered; a job thread reads what the server publishes.
    app.decorate<LoadSignal>(
      'edgeLoad',
      app.role.kind === 'jobs'
        ? publishedEdgeLoad(app.role.edgeLoad)
        : new EdgeLoad(() => scans.recorder.stats.scans),
    );
    registerRecorderMetrics(app.metrics.registry, scans.recorder);
    app.backgroundWork.add(
      'scans past SCAN_RETENTION_DAYS',
      sweeperLoop(PRUNE_EVERY_MS, () =>
        scans
          .prune()
          .catch((error: unknown) => app.log.warn({ err: error }, 'pruning old scans failed; will retry')),
      ),
    );
    app.addHook('onReady', async () => {
      // Registered at ready, so it runs after every other module's eraser: the workspace's codes
      // have stopped redirecting by then, and no scan of it can arrive after its analytics went.
      app.workspaces.onErase('scans', (workspaceId) => scans.eraseWorkspace(workspaceId));
      if (app.role.kind === 'server') await scans.recorder.resumeSpool();
    });
    app.addHook('onClose', async () => {
      await scans.recorder.close();
    });
  },
  { name: 'scans', dependencies: ['db', 'redis', 'metrics', 'workspaces'] },
);

/**
 * The recorder's group commit as counters: scans written and the transactions that wrote them
 * (their ratio is the batch size, which falls when the database slows and rises under load); and
 * what waits behind it: scans in the journal, and scans stored but not folded into rollups yet.
 */
function registerRecorderMetrics(registry: Registry, recorder: Recorder): void {
  const { stats } = recorder;
  const counterOf = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counterOf('rq_scans_written_total', 'Scans written to the database by the recorder.', () => stats.scans);
  counterOf(
    'rq_scan_batches_total',
    'Write transactions of the recorder (group commits); scans written / batches is the batch size.',
    () => stats.batches,
  );
  counterOf(
    'rq_scan_groups_refused_total',
    'Groups of scans the database refused (busy with another writer, or down), kept in the journal and written later.',
    () => recorder.refusedGroups,
  );
  const gaugeOf = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gaugeOf(
    'rq_scan_journal_backlog_scans',
    "Scans answered and kept in this instance's journal (DATA_DIR/spool) that are not in the database yet.",
    () => recorder.backlog.journal,
  );
  gaugeOf(
    'rq_rollup_fold_lag_scans',
    'Scans in the database whose analytics rollups are not written yet.',
    () => recorder.backlog.fold,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    scans: ScansService;
    /** Whether the edge is under load: background work (webhooks, the scan feed) yields to it. */
    edgeLoad: LoadSignal;
  }
}
