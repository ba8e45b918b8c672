import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeysRoutes } from './apikeys.routes.js';
import { ApiKeysService } from './apikeys.service.js';

/** The API keys module: `app.apiKeys` (sign-in verifies keys through it) and /api/v1/api-keys. */
export const apiKeysModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('apiKeys', new ApiKeysService(app.database.db));
    await app.register(apiKeysRoutes);
  },
  { name: 'apikeys', dependencies: ['db', 'auth', 'idempotency'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeysService;
  }
}
