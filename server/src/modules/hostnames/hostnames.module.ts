import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ownShortUrlTestFor } from '../../shared/own-addresses.js';
import { HostnameChecker } from './hostnames.checker.js';
import { hostnamesRoutes } from './hostnames.routes.js';
import { HostnamesService } from './hostnames.service.js';
import { tlsAllowRoute } from './hostnames.tls.js';

// Long enough for a distant authoritative server, short enough for a request someone waits on.
const DNS_TIMEOUT_MS = 5_000;

/**
 * The hostnames module: `app.hostnames`, /api/v1/hostnames and /internal/tls/allow. The limit
 * comes from the plans module, which is below this one and is handed the count to show beside
 * it. Changes go out as `hostname.changed`, and every instance reloads the name it names. The
 * background re-check runs on every instance (hostnames.checker.ts). Codes per hostname come from
 * the qrcodes module, which registers later: it is read when a request needs it.
 */
export const hostnamesModule = fp(
  async (app: FastifyInstance) => {
    const { config, plans } = app;
    const ownHosts = [config.publicUrl, config.shortUrl].flatMap((url) =>
      url ? [new URL(url).hostname] : [],
    );
    const service = new HostnamesService(app.database.db, {
      changes: app.changes,
      dns: {
        resolver: config.hostnames.dnsResolver,
        edgeHostname: config.hostnames.edgeHostname,
        edgeAddresses: config.hostnames.edgeAddresses,
        tlsCaDomain: config.hostnames.tlsCaDomain,
        timeoutMs: DNS_TIMEOUT_MS,
      },
      ownHosts: [...ownHosts, config.hostnames.edgeHostname],
      // Its plans when the server sells plans or sets DEFAULT_PLAN, otherwise HOSTNAMES_LIMIT (unset: none).
      limit: async (accountId) => (await plans.limitsOf(accountId)).hostnames,
      codesOn: (accountId, hostnames) => app.qrcodes.countOnHostnames(accountId, hostnames),
      isOwnShortUrl: ownShortUrlTestFor(config),
      log: app.log,
    });
    app.decorate('hostnames', service);
    // The plans module is below this one: it learns the count here, to show it beside the limit.
    plans.countHostnamesWith((accountId) => service.count(accountId));
    app.changes.subscribe('hostname.changed', ({ hostname }) => service.served.reload(hostname));
    const checker = new HostnameChecker(service, app.log);
    app.addHook('onReady', async () => {
      await service.served.reloadAll();
      checker.start();
    });
    app.addHook('preClose', () => checker.stop());
    await app.register(hostnamesRoutes);
    await app.register(tlsAllowRoute);
  },
  { name: 'hostnames', dependencies: ['db', 'redis', 'auth', 'idempotency', 'plans'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    hostnames: HostnamesService;
  }
}
