import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteRoutes } from './site.routes.js';

/**
 * The site module: /api/v1/config, the public settings the web site reads at run time
 * (`publicSiteConfig` in site.service.ts, from `app.config`), so one build serves any deployment.
 */
export const siteModule = fp(
  async (app: FastifyInstance) => {
    await app.register(siteRoutes);
  },
  { name: 'site' },
);
