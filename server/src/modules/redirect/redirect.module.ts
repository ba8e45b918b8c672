import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { ChangeBus } from '../../shared/change-bus.js';
import { shortLinkHost, urlHost } from '../../shared/host-name.js';
import { verifyCodePassword } from '../qrcodes/code-password.js';
import { newScanId } from '../scans/scan-id.js';
import type { EdgeAttribution, EdgeDeps } from './edge.js';
import { answerGs1, cachedGs1Items, type Gs1EdgeDeps, readsScanCount } from './edge-gs1.js';
import { type EdgeHost, type HostResolver, hostResolver } from './edge-host.js';
import { type FormGate, passwordGate } from './password-gate.form.js';
import {
  FallbackGateTries,
  type GateTries,
  MemoryGateTries,
  RedisGateTries,
} from './password-gate.limiter.js';
import { EdgeCache } from './redirect.cache.js';
import { type RawEdgeListener, redirectRoutes } from './redirect.routes.js';
import { type EdgeCode, type EdgeCodeSources, loadEdgeCode } from './redirect.service.js';
import { sharedGeoLookup } from './scan-context.geo.js';
import { visitorHash } from './scan-context.js';
import { ScanSimulator } from './scan-simulator.js';
import { simulateRoutes } from './simulate.routes.js';

export type { RawEdgeListener };

export interface RedirectOptions {
  /** Receives the raw listener that app.ts puts in front of Fastify on real sockets. */
  installRawListener?: (listener: RawEdgeListener) => void;
}

/**
 * The redirect edge, the public hot path (docs/adr/2026-11-23-redirect-edge.md): its code cache,
 * kept current by the change bus, and everything `answerScan` uses, built here from the services
 * of the modules it reads; `redirect.routes.ts` puts it on the raw listener and Fastify's routes.
 */
export const redirectModule = fp<RedirectOptions>(
  async (app: FastifyInstance, options: RedirectOptions) => {
    const codes = edgeCodeCache(
      { codeLookup: app.codeLookup, rules: app.rules, scans: app.scans },
      app.config.edgeCacheCodes,
    );
    followChanges(codes, app.changes, app.redis);
    // Read the GeoIP database now rather than during the first scan (about 0.3 s per address family).
    app.addHook('onReady', async () => {
      if (app.role.kind === 'server') sharedGeoLookup(app.config.geoCacheDir).preload();
    });
    const gate = passwordGate({
      serverSecret: app.serverSecret,
      tries: gateTries(app),
      verify: verifyCodePassword,
      now: Date.now,
    });
    const edge = edgeDeps(app, codes, gate);
    const gs1 = gs1EdgeOf(app, edge, gate);
    await app.register(redirectRoutes, {
      edge,
      gate,
      resolveHost: hostsOf(app),
      installRawListener: options.installRawListener,
      timed: app.metrics.edgeAnswered,
      gs1,
    });
    await app.register(simulateRoutes, { simulator: simulatorOf(app) });
  },
  {
    name: 'redirect',
    dependencies: [
      'redis',
      'auth',
      'metrics',
      'accounts',
      'scans',
      'rules',
      'qrcodes',
      'hostnames',
      'plans',
      'gs1',
    ],
  },
);

/** Up to `maxEntries` codes (EDGE_CACHE_CODES) with their compiled rules, loaded through the services that own them. */
function edgeCodeCache(sources: EdgeCodeSources, maxEntries: number): EdgeCache<EdgeCode> {
  return new EdgeCache<EdgeCode>((key) => loadEdgeCode(sources, key), {
    maxEntries,
    missTtlMs: 5_000,
    admitOnSecondLoad: true,
  });
}

/**
 * Every instance drops what changed, whichever instance changed it (the change bus). Without Redis
 * no invalidation arrives: codes are then kept for a short TTL only, and all are read again when
 * it returns (redirect.cache.ts).
 */
function followChanges(codes: EdgeCache<EdgeCode>, changes: ChangeBus, redis: Redis | null): void {
  changes.subscribe('code.changed', ({ hostKey, slug }) => codes.invalidateKey(EdgeCache.key(hostKey, slug)));
  changes.subscribe('rule.changed', ({ id }) => codes.invalidateDependency(id));
  if (!redis) return;
  if (redis.status !== 'ready') codes.unsync();
  redis.on('close', () => codes.unsync());
  redis.on('ready', () => codes.resync());
}

/** What one scan needs, taken from the services once: nothing is looked up on `app` per scan. */
function edgeDeps(app: FastifyInstance, codes: EdgeCache<EdgeCode>, gate: FormGate): EdgeDeps {
  const { accounts, scans, usage, metrics, config, serverSecret } = app;
  return {
    codes,
    gate,
    decision: {
      signingSecrets: (workspaceId) => accounts.getSigningSecrets(workspaceId),
      ssrfAllow: config.ssrfAllow,
      siteUrl: config.publicUrl,
    },
    counter: scans.counter,
    record: (scan) => scans.record(scan),
    visitorHash: (now, ip, userAgent) => visitorHash(serverSecret, now, ip, userAgent),
    now: () => Date.now(),
    answered: () => metrics.redirectsAnswered.inc(),
    usage,
    log: app.log,
    ...(app.hasDecorator('conversions') ? { attribution: edgeAttributionOf(app) } : {}),
  };
}

/** Conversions' attribution as the edge uses it: each workspace's default from memory, ids made here. */
function edgeAttributionOf(app: FastifyInstance): EdgeAttribution {
  const { conversions } = app;
  return { defaultFor: (workspaceId) => conversions.attributionDefault(workspaceId), newScanId };
}

/**
 * The GS1 resolver at every host's root (edge-gs1.ts): items read through the GS1 service and
 * kept until a GS1 change (cachedGs1Items), scans recorded as the edge records codes'.
 * A compressed Digital Link on a host that serves slugs at its root is tried where no code is.
 */
function gs1EdgeOf(
  app: FastifyInstance,
  edge: EdgeDeps,
  gate: FormGate,
): { deps: Gs1EdgeDeps; originOf: (host: EdgeHost) => string } {
  const { gs1, config } = app;
  const publicOrigin = new URL(config.publicUrl).origin;
  const shortOrigin = config.shortUrl ? new URL(config.shortUrl).origin : publicOrigin;
  const shortHost = config.shortUrl ? urlHost(config.shortUrl) : undefined;
  const originOf = (host: EdgeHost) =>
    host.custom ? `https://${host.hostKey}` : host.slugsAtRoot ? shortOrigin : publicOrigin;
  // An item with a scan cap (or a rule on the count) is seeded with its counted scans, as a code is.
  const findItem = cachedGs1Items(
    async (hostKey, key) => {
      const item = await gs1.findForEdge(hostKey, key);
      if (item && readsScanCount(item)) item.countedScans = await app.scans.countedScans(item.id);
      return item;
    },
    {
      maxEntries: config.edgeCacheCodes,
      changes: app.changes,
      redis: app.redis,
    },
  );
  const deps: Gs1EdgeDeps = { findItem, edge, gate };
  edge.unknownSlug = async (request, post) => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    if (path.indexOf('/', 1) !== -1) return undefined;
    const origin =
      request.hostKey !== ''
        ? `https://${request.hostKey}`
        : request.hostname === shortHost
          ? shortOrigin
          : publicOrigin;
    return answerGs1(
      deps,
      {
        method: request.method,
        hostKey: request.hostKey,
        origin,
        path,
        query: query === -1 ? '' : request.url.slice(query + 1),
        headers: request.headers,
        ip: request.ip,
        hostname: request.hostname,
        url: request.url,
        ...(post ? { post } : {}),
      },
      { compressedOnly: true },
    );
  };
  return { deps, originOf };
}

/** Wrong passwords counted in Redis when configured (one count for every instance), else here. */
function gateTries(app: FastifyInstance): GateTries {
  const local = new MemoryGateTries();
  if (!app.redis) return local;
  return new FallbackGateTries(new RedisGateTries(app.redis, app.config.redisKeyPrefix), local, app.log);
}

/** The scan simulator, reading through the same services as the edge's cache. */
function simulatorOf(app: FastifyInstance): ScanSimulator {
  const { qrcodes, codeLookup, rules, scans, usage, config } = app;
  return new ScanSimulator({
    qrcodes,
    codeLookup,
    rules,
    scans,
    isOverLimit: (workspaceId) => usage.isOverLimit(workspaceId),
    primaryHost: shortLinkHost(config),
    siteUrl: config.publicUrl,
    now: () => Date.now(),
  });
}

/** The primary host, the short host and customers' verified hostnames (the hostnames service's list). */
function hostsOf(app: FastifyInstance): HostResolver {
  const { hostnames, config } = app;
  return hostResolver(config.publicUrl, config.shortUrl, (name) => hostnames.servedAt(name));
}
