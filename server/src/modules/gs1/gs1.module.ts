import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeHttpUrl } from '../../shared/http-url.js';
import { ownShortUrlTestFor } from '../../shared/own-addresses.js';
import { buildScanContext } from '../redirect/scan-context.js';
import { gs1Routes } from './gs1.routes.js';
import { Gs1Service } from './gs1.service.js';
import { Gs1Simulator } from './gs1.simulate.js';
import { gs1SimulateRoutes } from './gs1.simulate.routes.js';

/**
 * The GS1 module: `app.gs1` (items of a workspace, and the edge's read of them) and
 * /api/v1/gs1/items. It sits above hostnames (an item answers on a verified hostname of its
 * workspace); the edge (redirect module) reads items through this service. Every change is an
 * event of the audit log; a deleted workspace's items are erased with it.
 */
export const gs1Module = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const isOwnShortUrl = ownShortUrlTestFor(config);
    const service = new Gs1Service(app.database.db, {
      hostnames: app.hostnames,
      events: app.events,
      changes: app.changes,
      checkUrl: (url) => normalizeHttpUrl(url, { isOwnShortUrl }),
      ownOrigin: new URL(config.shortUrl ?? config.publicUrl).origin,
      itemsLimit: async (workspaceId) => (await app.plans.limitsOf(workspaceId)).gs1Items,
    });
    app.decorate('gs1', service);
    app.workspaces.onErase('gs1', (workspaceId) => service.eraseWorkspace(workspaceId));
    await app.register(gs1Routes);
    const ownOrigins = [
      ...new Set([config.publicUrl, config.shortUrl ?? config.publicUrl].map((u) => new URL(u).origin)),
    ];
    const simulator = new Gs1Simulator({
      gs1: service,
      bindable: (workspaceId, name, path) => app.hostnames.bindable(workspaceId, name, path),
      ownOrigins,
      countedScans: (itemId) => app.scans.countedScans(itemId),
      isOverLimit: async (workspaceId) => app.usage.isOverLimit(workspaceId),
      // Built as the edge builds it; a country given wins over the address's (there is none).
      scanContext: ({ headers, hostname, url, country }) => {
        const context = buildScanContext(
          { headers, ip: undefined, hostname, url, now: Date.now() },
          { geo: null },
        );
        if (country) context.country = country;
        return context;
      },
    });
    await app.register(gs1SimulateRoutes, { simulator });
  },
  {
    name: 'gs1',
    dependencies: [
      'db',
      'redis',
      'auth',
      'idempotency',
      'events',
      'workspaces',
      'hostnames',
      'plans',
      'scans',
    ],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    gs1: Gs1Service;
  }
}
