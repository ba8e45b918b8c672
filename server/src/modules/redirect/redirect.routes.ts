import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inProcessScanCounter } from '../scans/scan-counter.js';
import { redisScanCounter } from '../scans/scan-counter.redis.js';
import {
  answerScan,
  type EdgeDeps,
  type EdgeRequest,
  hostRootPage,
  plainRedirect,
  type ScanAnswer,
} from './edge.js';
import { bareHost, type EdgeHost, hostResolver, requestHost, slugOf } from './edge-host.js';
import { EdgeCache } from './redirect.cache.js';
import { type EdgeCode, loadEdgeCode } from './redirect.service.js';
import { sharedGeoLookup } from './scan-context.geo.js';
import { visitorHash } from './scan-context.js';

/** Answers raw requests that belong to the edge; false leaves the request to Fastify. */
export type RawEdgeListener = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface RedirectOptions {
  /** Receives the raw listener that app.ts puts in front of Fastify on real sockets. */
  installRawListener?: (listener: RawEdgeListener) => void;
}

/**
 * The public hot path: /r/{slug} on the primary host, /{slug} on the short host. Both entry
 * points are thin: they resolve the host through one seam (edge-host.ts) and call answerScan
 * (edge.ts). On real sockets scans are answered before Fastify sees them (see
 * docs/adr/2026-11-23-redirect-edge.md); the Fastify routes are what `inject` reaches.
 */
export const redirectRoutes = fp<RedirectOptions>(serveRedirects, {
  name: 'redirect',
  dependencies: ['redis', 'accounts', 'scans', 'rules', 'qrcodes', 'hostnames', 'plans'],
});

async function serveRedirects(app: FastifyInstance, options: RedirectOptions): Promise<void> {
  const codes = new EdgeCache<EdgeCode>((key) => loadEdgeCode(app, key), {
    maxEntries: 100_000,
    missTtlMs: 5_000,
  });
  // Read the GeoIP database now rather than during the first scan (about 0.3 s per address family).
  app.addHook('onReady', async () => {
    sharedGeoLookup(app.config.geoCacheDir).preload();
  });
  // Every instance drops what changed, whichever instance changed it (the change bus).
  app.changes.subscribe('code.changed', ({ hostKey, slug }) =>
    codes.invalidateKey(EdgeCache.key(hostKey, slug)),
  );
  app.changes.subscribe('rule.changed', ({ id }) => codes.invalidateDependency(id));
  // Without Redis no invalidation arrives: codes are kept for a short TTL only, and all are
  // read again when it returns (redirect.cache.ts).
  if (app.redis) {
    if (app.redis.status !== 'ready') codes.unsync();
    app.redis.on('close', () => codes.unsync());
    app.redis.on('ready', () => codes.resync());
  }

  const deps: EdgeDeps = {
    codes,
    decision: {
      signingSecret: (accountId) => app.accounts.getSigningSecret(accountId),
      ssrfAllow: app.config.ssrfAllow,
      siteUrl: app.config.publicUrl,
    },
    // With Redis every instance takes from one count per code; alone, the cached code counts.
    counter: app.redis
      ? redisScanCounter(app.redis, app.config.redisKeyPrefix, app.log)
      : inProcessScanCounter,
    record: (scan) => app.scans.record(scan),
    visitorHash: (now, ip, userAgent) => visitorHash(app.serverSecret, now, ip, userAgent),
    now: Date.now,
    answered: () => app.metrics.redirectsAnswered.inc(),
    usage: app.usage,
    log: app.log,
  };
  const resolveHost = hostResolver(app.config.publicUrl, app.config.shortUrl, (name) =>
    app.hostnames.servedAt(name),
  );
  const { trustProxy } = app.config;

  const serveThroughFastify = async (
    request: FastifyRequest,
    reply: FastifyReply,
    host: EdgeHost,
    slug: string,
  ) => {
    const answer = await answerScan(deps, {
      method: request.method,
      hostKey: host.hostKey,
      slug,
      headers: request.headers,
      ip: request.ip,
      hostname: bareHost(requestHost(request.headers, trustProxy)),
      url: request.url,
      notFoundRedirect: host.custom?.notFoundRedirect,
    });
    return send(reply, answer);
  };
  const send = (reply: FastifyReply, answer: ScanAnswer) =>
    reply.code(answer.status).headers(answer.headers).send(answer.body);

  app.withTypeProvider<TypeBoxTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/r/:slug',
    schema: { hide: true, params: Type.Object({ slug: Type.String() }) },
    logLevel: 'warn',
    handler: (request, reply) =>
      serveThroughFastify(
        request,
        reply,
        resolveHost(requestHost(request.headers, trustProxy)),
        request.params.slug,
      ),
  });

  // Hosts that serve a slug at every path: the short host (its root goes to the site) and
  // customers' hostnames, which serve their codes and nothing else of ours (no API, no site).
  app.addHook('onRequest', async (request, reply) => {
    const host = resolveHost(requestHost(request.headers, trustProxy));
    if (!host.slugsAtRoot) return;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead) {
      if (!host.custom) return;
      return reply.code(405).header('allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
    }
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/r/') && !host.custom) return;
    if (path === '/') {
      if (!host.custom) return reply.redirect(app.config.publicUrl, 302);
      const { rootRedirect } = host.custom;
      return send(reply, rootRedirect ? plainRedirect(rootRedirect) : hostRootPage(host.hostKey));
    }
    const slug = slugOf(host, path);
    if (slug !== undefined) return serveThroughFastify(request, reply, host, slug);
  });

  options.installRawListener?.((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const hostHeader = requestHost(request.headers, trustProxy);
    const host = resolveHost(hostHeader);
    const slug = slugOf(host, path);
    // Anything unusual (a host's root, nested paths) goes through Fastify.
    if (!slug || slug.includes('/')) return false;
    const scan: EdgeRequest = {
      method: request.method,
      hostKey: host.hostKey,
      slug,
      headers: request.headers,
      ip: clientIp(request, trustProxy),
      hostname: bareHost(hostHeader),
      url,
      notFoundRedirect: host.custom?.notFoundRedirect,
    };
    answerScan(deps, scan)
      .then((answer) => {
        // While shutting down, close the connection after this answer (as app.ts does for Fastify's).
        const headers = app.server.listening ? answer.headers : { ...answer.headers, connection: 'close' };
        response.writeHead(answer.status, headers).end(answer.body);
      })
      .catch((error: unknown) => answerRawFailure(app.log, response, url, error));
    return true;
  });
}

/**
 * One scan failed (or its answer could not be written): that request gets a 500 and the
 * process keeps serving. Nothing here may throw, or the rejection would end the process.
 */
function answerRawFailure(
  log: FastifyBaseLogger,
  response: ServerResponse,
  url: string,
  error: unknown,
): void {
  log.error({ err: error, url }, 'scan failed');
  try {
    if (response.headersSent) response.destroy();
    else
      response.writeHead(500, { 'content-type': 'text/plain', 'content-length': '14' }).end('Internal error');
  } catch (writeError) {
    log.error({ err: writeError, url }, 'the failed scan could not be answered');
    response.destroy();
  }
}

/** The scanner's address: the socket's, or with TRUST_PROXY the first X-Forwarded-For entry. */
function clientIp(request: IncomingMessage, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return request.socket.remoteAddress;
}
