import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { slugsRoutes } from './slugs.routes.js';
import { SlugsService } from './slugs.service.js';

/** The slugs module: `app.slugs` and GET /api/v1/slugs/{slug}, on top of the QR codes and hostnames services. */
export const slugsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('slugs', new SlugsService({ codes: app.codeLookup, hostnames: app.hostnames }));
    await app.register(slugsRoutes);
  },
  { name: 'slugs', dependencies: ['auth', 'qrcodes', 'hostnames'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    slugs: SlugsService;
  }
}
