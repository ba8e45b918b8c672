import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ScansService } from './scans.service.js';

/**
 * The scans module: `app.scans` records scans (group commit, disk spool) and answers per-code
 * totals, and prunes raw scans past the retention in the background (rollups stay). Its recorder drains into the database before the database closes (onClose hooks run
 * in reverse order of registration, and this one is registered after the db plugin's).
 */
export const scansModule = fp(
  async (app: FastifyInstance) => {
    const scans = new ScansService(app.database, {
      dataDir: app.config.dataDir,
      log: app.log,
      retentionDays: app.config.scanRetentionDays,
      changes: app.changes,
    });
    app.decorate('scans', scans);
    app.addHook('onReady', async () => {
      scans.startPruning();
      scans.recorder.resumeSpool();
    });
    app.addHook('onClose', async () => {
      scans.stopPruning();
      await scans.recorder.close();
    });
  },
  { name: 'scans', dependencies: ['db', 'redis'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    scans: ScansService;
  }
}
