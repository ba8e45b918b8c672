import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assetsRoutes } from './assets.routes.js';
import { AssetsService } from './assets.service.js';

/**
 * The assets module: decorates `app.assets` (the QR codes module stores and reads logos through
 * it) and registers the routes in their own context, where image bodies have their own parser.
 * Every new asset is an `asset.created` event; a deleted workspace's assets are erased with it.
 */
export const assetsModule = fp(
  async (app: FastifyInstance) => {
    const service = new AssetsService(app.database.db, app.events);
    app.decorate('assets', service);
    app.workspaces.onErase('assets', (workspaceId) => service.eraseWorkspace(workspaceId));
    await app.register(assetsRoutes);
  },
  { name: 'assets', dependencies: ['db', 'auth', 'idempotency', 'events', 'workspaces'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    assets: AssetsService;
  }
}
