import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { urlHost } from '../../shared/host-name.js';
import { ownShortUrlTestFor } from '../../shared/own-addresses.js';
import { withGs1ItemsOnHostnames } from '../gs1/items-on-hostnames.js';
import { codesOnHostnames } from '../qrcodes/codes-on-hostnames.js';
import { HostnameChecker } from './hostnames.checker.js';
import { hostnamesRoutes } from './hostnames.routes.js';
import { HostnamesService } from './hostnames.service.js';
import { tlsAllowRoute } from './hostnames.tls.js';

// Long enough for a distant authoritative server, short enough for a request someone waits on.
const DNS_TIMEOUT_MS = 5_000;

/**
 * The hostnames module: `app.hostnames`, /api/v1/hostnames and /internal/tls/allow. The limit
 * comes from the plans module, which is below this one. Changes go out as `hostname.changed`, and
 * every instance reloads the name it names. The background re-check runs on every instance
 * (hostnames.checker.ts). Codes per hostname are counted by the qrcodes module's
 * `codesOnHostnames` (and GS1 items by the gs1 module's `withGs1ItemsOnHostnames`), made from the
 * database and handed in here: the QR codes and GS1 services, which register later, are built on
 * this one.
 */
export const hostnamesModule = fp(
  async (app: FastifyInstance) => {
    const { config, plans } = app;
    const ownHosts = [config.publicUrl, config.shortUrl].flatMap((url) => (url ? [urlHost(url)] : []));
    const service = new HostnamesService(app.database.db, {
      changes: app.changes,
      events: app.events,
      dns: {
        resolver: config.hostnames.dnsResolver,
        edgeHostname: config.hostnames.edgeHostname,
        edgeAddresses: config.hostnames.edgeAddresses,
        tlsCaDomain: config.hostnames.tlsCaDomain,
        timeoutMs: DNS_TIMEOUT_MS,
      },
      ownHosts: [...ownHosts, config.hostnames.edgeHostname],
      // Its plans when the server sells plans or sets DEFAULT_PLAN, otherwise HOSTNAMES_LIMIT (unset: none).
      limit: async (workspaceId) => (await plans.limitsOf(workspaceId)).hostnames,
      codesOn: withGs1ItemsOnHostnames(app.database.db, codesOnHostnames(app.database.db)),
      isOwnShortUrl: ownShortUrlTestFor(config),
      log: app.log,
    });
    app.decorate('hostnames', service);
    app.workspaces.onErase('hostnames', (workspaceId) => service.erase(workspaceId));
    app.changes.subscribe('hostname.changed', ({ hostname }) => service.served.reload(hostname));
    const checker = new HostnameChecker(service, app.log);
    app.backgroundWork.add('hostname checks', checker);
    app.addHook('onReady', async () => service.served.reloadAll());
    await app.register(hostnamesRoutes);
    await app.register(tlsAllowRoute);
  },
  {
    name: 'hostnames',
    dependencies: ['db', 'redis', 'auth', 'idempotency', 'plans', 'events', 'workspaces'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    hostnames: HostnamesService;
  }
}
