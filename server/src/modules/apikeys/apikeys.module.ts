import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeysRoutes } from './apikeys.routes.js';
import { ApiKeysService } from './apikeys.service.js';

/**
 * The API keys module, in two plugins because sign-in sits between its service and its routes:
 * `apiKeysModule` makes `app.apiKeys`, the auth plugin is built from it (it verifies keys), and
 * `apiKeysRoutesModule` then adds /api/v1/api-keys, which needs sign-in.
 */
export const apiKeysModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('apiKeys', new ApiKeysService(app.database.db, app.events));
  },
  { name: 'apikeys', dependencies: ['db', 'events'] },
);

export const apiKeysRoutesModule = fp(
  async (app: FastifyInstance) => {
    app.workspaces.onErase('apikeys', (workspaceId) => app.apiKeys.erase(workspaceId));
    await app.register(apiKeysRoutes);
  },
  { name: 'apikeys-routes', dependencies: ['apikeys', 'auth', 'idempotency', 'workspaces'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeysService;
  }
}
