import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ScansService } from './scans.service.js';

/**
 * The scans module: `app.scans` records scans (group commit, disk spool) and answers per-code
 * totals. Its recorder drains into the database before the database closes (onClose hooks run
 * in reverse order of registration, and this one is registered after the db plugin's).
 */
export const scansModule = fp(
  async (app: FastifyInstance) => {
    const scans = new ScansService(app.database, { dataDir: app.config.dataDir, log: app.log });
    app.decorate('scans', scans);
    app.addHook('onClose', async () => scans.recorder.close());
  },
  { name: 'scans', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    scans: ScansService;
  }
}
