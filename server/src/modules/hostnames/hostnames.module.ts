import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { ownShortUrlTest } from '../../shared/http-url.js';
import { limitsFor } from '../plans/plans.js';
import { hostnamesRoutes } from './hostnames.routes.js';
import { type HostnameLimit, HostnamesService } from './hostnames.service.js';

// Long enough for a distant authoritative server, short enough for a request someone waits on.
const DNS_TIMEOUT_MS = 5_000;

/**
 * With billing configured, an account's plans set its limit (read like the rate limits read
 * them); without billing, a self-hosted instance has no limit unless HOSTNAMES_LIMIT sets one.
 */
function hostnameLimit(app: FastifyInstance, config: Config): HostnameLimit {
  if (config.paypal.clientId) {
    return async (accountId) => limitsFor(await app.rateLimits.planResolver(accountId)).hostnames;
  }
  const fixed = config.hostnames.limitWithoutBilling ?? Number.POSITIVE_INFINITY;
  return async () => fixed;
}

/** The hostnames module: `app.hostnames` and /api/v1/hostnames; changes go out as `hostname.changed`. */
export const hostnamesModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const ownHosts = [config.publicUrl, config.shortUrl].flatMap((url) =>
      url ? [new URL(url).hostname] : [],
    );
    app.decorate(
      'hostnames',
      new HostnamesService(app.database.db, {
        changes: app.changes,
        dns: {
          resolver: config.hostnames.dnsResolver,
          edgeHostname: config.hostnames.edgeHostname,
          edgeAddresses: config.hostnames.edgeAddresses,
          tlsCaDomain: config.hostnames.tlsCaDomain,
          timeoutMs: DNS_TIMEOUT_MS,
        },
        ownHosts: [...ownHosts, config.hostnames.edgeHostname],
        limit: hostnameLimit(app, config),
        isOwnShortUrl: ownShortUrlTest(config.publicUrl, config.shortUrl),
      }),
    );
    await app.register(hostnamesRoutes);
  },
  { name: 'hostnames', dependencies: ['db', 'redis', 'auth', 'idempotency'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    hostnames: HostnamesService;
  }
}
