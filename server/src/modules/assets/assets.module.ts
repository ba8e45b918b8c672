import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assetsRoutes } from './assets.routes.js';
import { AssetsService } from './assets.service.js';

/**
 * The assets module: decorates `app.assets` (the QR codes module stores and reads logos through
 * it) and registers the routes in their own context, where image bodies have their own parser.
 */
export const assetsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('assets', new AssetsService(app.database.db));
    await app.register(assetsRoutes);
  },
  { name: 'assets', dependencies: ['db', 'auth', 'idempotency'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    assets: AssetsService;
  }
}
