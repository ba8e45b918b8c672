import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CodeLogos } from '../qrcodes/qrcodes.logo.js';
import { designsRoutes } from './designs.routes.js';
import { DesignsService } from './designs.service.js';

/**
 * The designs module: `app.designs` and /api/v1/designs. It sits above the QR codes module:
 * styles are checked with its check, logos stored as its CodeLogos does, and applying a design
 * changes codes through its service. Every change is an event of the audit log; a deleted
 * workspace's designs are erased with it.
 */
export const designsModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const service = new DesignsService(app.database.db, {
      logos: new CodeLogos({
        assets: app.assets,
        publicUrl: config.publicUrl,
        ssrfAllow: config.ssrfAllow,
      }),
      codes: app.qrcodes,
      events: app.events,
    });
    app.decorate('designs', service);
    app.workspaces.onErase('designs', (workspaceId) => service.eraseWorkspace(workspaceId));
    await app.register(designsRoutes);
  },
  {
    name: 'designs',
    dependencies: ['db', 'auth', 'idempotency', 'events', 'workspaces', 'assets', 'qrcodes'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    designs: DesignsService;
  }
}
