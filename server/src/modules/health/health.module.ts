import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.js';

/**
 * The health module: /healthz and /readyz, for load balancers and orchestrators. It has no
 * service: readiness asks the database and Redis plugins directly.
 */
export const healthModule = fp(
  async (app: FastifyInstance) => {
    await app.register(healthRoutes);
  },
  { name: 'health', dependencies: ['db', 'redis'] },
);
