import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { headerSafeUrl } from '../../shared/http-url.js';
import { EdgeCache } from './redirect.cache.js';
import { type EdgeCode, loadEdgeCode, resolveScan } from './redirect.service.js';
import { sharedGeoLookup } from './scan-context.geo.js';
import { buildScanContext, visitorHash } from './scan-context.js';

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Code not found | RQ Codes</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1c1e21;background:#fff}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head>
<body><main><h1>This code is not active</h1><p>The QR code you scanned does not exist, or its owner has turned it off.</p></main></body></html>`;

const NOT_FOUND_ANSWER: ScanAnswer = {
  status: 404,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(NOT_FOUND_PAGE)),
    'cache-control': 'no-store',
  },
  body: NOT_FOUND_PAGE,
};

/** One scan as the edge needs it, whichever way it arrived. */
interface ScanRequest {
  method: string;
  hostKey: string;
  slug: string;
  headers: IncomingHttpHeaders;
  ip: string | undefined;
  hostname: string;
  url: string;
}

interface ScanAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** Answers raw requests that belong to the edge; false leaves the request to Fastify. */
export type RawEdgeListener = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface RedirectOptions {
  /** Receives the raw listener that app.ts puts in front of Fastify on real sockets. */
  installRawListener?: (listener: RawEdgeListener) => void;
}

/**
 * The public hot path: /r/{slug} on the primary host, /{slug} on the short host. Resolve the
 * code from the cache, evaluate its rules, record the scan durably, then answer the redirect.
 * No admin code lives here. On real sockets scans are answered before Fastify sees them (its
 * per-request work cost a third of the edge's throughput); the same logic is also registered as
 * Fastify routes, which is what `inject` reaches.
 */
export const redirectRoutes = fp<RedirectOptions>(serveRedirects, {
  name: 'redirect',
  dependencies: ['qrcodes', 'rules'],
});

async function serveRedirects(app: FastifyInstance, options: RedirectOptions): Promise<void> {
  const cache = new EdgeCache<EdgeCode>((key) => loadEdgeCode(app, key), {
    maxEntries: 100_000,
    missTtlMs: 5_000,
    now: Date.now,
  });
  // Read the GeoIP database now rather than during the first scan (about 0.3 s per address family).
  app.addHook('onReady', async () => {
    sharedGeoLookup().preload();
  });
  app.qrcodes.onChange(({ hostKey, slug }) => cache.invalidateKey(EdgeCache.key(hostKey, slug)));
  app.rules.onChange((ruleId) => cache.invalidateDependency(ruleId));

  const primaryHost = new URL(app.config.publicUrl).host.toLowerCase();
  const configuredShortHost = app.config.shortUrl
    ? new URL(app.config.shortUrl).host.toLowerCase()
    : undefined;
  const shortHost = configuredShortHost !== primaryHost ? configuredShortHost : undefined;

  const answerScan = async (scan: ScanRequest): Promise<ScanAnswer> => {
    const key = EdgeCache.key(scan.hostKey, scan.slug);
    const cached = cache.peek(key);
    const code = cached === undefined ? await cache.get(key) : cached;
    if (!code?.enabled || code.mode === 'static') return NOT_FOUND_ANSWER;
    const counted = scan.method === 'GET';
    const context = buildScanContext({
      headers: scan.headers,
      ip: scan.ip,
      hostname: scan.hostname,
      url: scan.url,
      now: Date.now(),
      scansBefore: code.countedScans,
    });
    const resolved = resolveScan(app, code, context, scan.headers.cookie, { callExec: counted });
    const outcome = resolved instanceof Promise ? await resolved : resolved;
    if (counted) {
      if (!context.bot) code.countedScans += 1;
      try {
        await app.scans.record({
          qrcode_id: code.id,
          account_id: code.accountId,
          at: context.now,
          hostname: context.hostname,
          rule_id: outcome.ruleId,
          target: outcome.url,
          country: context.country,
          region: context.region,
          device: context.device,
          os: context.os,
          browser: context.browser,
          language: context.language,
          referrer_host: context.referrerHost,
          bot: context.bot ? 1 : 0,
          visitor_hash: visitorHash(app.serverSecret, context.now, scan.ip, scan.headers['user-agent']),
        });
      } catch (error) {
        // Neither the database nor the disk spool took it: still send the scanner on, loudly.
        app.log.error({ err: error, code: code.id }, 'scan could not be recorded');
      }
      app.metrics.redirectsAnswered.inc();
    }
    const headers: Record<string, string> = {
      location: headerSafeUrl(outcome.url),
      'content-length': '0',
      'cache-control': 'no-store, private',
      'referrer-policy': 'no-referrer-when-downgrade',
    };
    if (outcome.setCookie) headers['set-cookie'] = outcome.setCookie;
    return { status: outcome.status, headers };
  };

  /**
   * The slug a path asks for on a host: after /r/ anywhere, or the whole path on the short host.
   * Undefined when the path is not the edge's; a bad escape is kept as written (no code has it).
   */
  const slugOf = (host: string, path: string): string | undefined => {
    const raw = path.startsWith('/r/')
      ? path.slice(3)
      : shortHost && host === shortHost
        ? path.slice(1)
        : undefined;
    if (raw === undefined) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  };

  const serveThroughFastify = async (request: FastifyRequest, reply: FastifyReply, slug: string) => {
    const answer = await answerScan({
      method: request.method,
      hostKey: '',
      slug,
      headers: request.headers,
      ip: request.ip,
      hostname: request.hostname,
      url: request.url,
    });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/r/:slug',
    schema: { hide: true },
    logLevel: 'warn',
    handler: (request, reply) =>
      serveThroughFastify(request, reply, (request.params as { slug: string }).slug),
  });

  // Every path on the dedicated short host is a slug; the host's root goes to the site.
  if (shortHost) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const slug = slugOf(request.host.toLowerCase(), request.url.split('?')[0] ?? '/');
      if (slug === undefined || request.url.startsWith('/r/')) return;
      if (slug === '') return reply.redirect(app.config.publicUrl, 302);
      return serveThroughFastify(request, reply, slug);
    });
  }

  options.installRawListener?.((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const host = (request.headers.host ?? '').toLowerCase();
    const slug = slugOf(host, path);
    // Anything unusual (the short host's root, nested paths) goes through Fastify.
    if (!slug || slug.includes('/')) return false;
    const scan: ScanRequest = {
      method: request.method,
      hostKey: '',
      slug,
      headers: request.headers,
      ip: clientIp(request, app.config.trustProxy),
      hostname: host.replace(/:\d+$/, ''),
      url,
    };
    answerScan(scan)
      .then((answer) => {
        // While shutting down, close the connection after this answer (as app.ts does for Fastify's).
        const headers = app.server.listening ? answer.headers : { ...answer.headers, connection: 'close' };
        response.writeHead(answer.status, headers).end(answer.body);
      })
      .catch((error: unknown) => answerRawFailure(app, response, url, error));
    return true;
  });
}

/**
 * One scan failed (or its answer could not be written): that request gets a 500 and the
 * process keeps serving. Nothing here may throw, or the rejection would end the process.
 */
function answerRawFailure(app: FastifyInstance, response: ServerResponse, url: string, error: unknown): void {
  app.log.error({ err: error, url }, 'scan failed');
  try {
    if (response.headersSent) response.destroy();
    else
      response.writeHead(500, { 'content-type': 'text/plain', 'content-length': '14' }).end('Internal error');
  } catch (writeError) {
    app.log.error({ err: writeError, url }, 'the failed scan could not be answered');
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
