import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

/**
 * The public hot path: /r/{slug} on the primary host, /{slug} on the short host. Resolve the
 * code from the cache, evaluate its rules, record the scan durably, then answer the redirect.
 * No admin code lives here. Not encapsulated, so the short-host hook sees every request.
 */
export const redirectRoutes = fp(serveRedirects, { name: 'redirect', dependencies: ['qrcodes', 'rules'] });

async function serveRedirects(app: FastifyInstance): Promise<void> {
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
  const shortHost = app.config.shortUrl ? new URL(app.config.shortUrl).host.toLowerCase() : undefined;

  const serve = async (request: FastifyRequest, reply: FastifyReply, hostKey: string, slug: string) => {
    const code = await cache.get(EdgeCache.key(hostKey, slug));
    if (!code?.enabled || code.mode === 'static') {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_FOUND_PAGE);
    }
    const counted = request.method === 'GET';
    const context = buildScanContext({
      headers: request.headers,
      ip: request.ip,
      hostname: request.hostname,
      url: request.url,
      now: Date.now(),
      scansBefore: code.countedScans,
    });
    const outcome = await resolveScan(app, code, context, request.headers.cookie);
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
          visitor_hash: visitorHash(app.serverSecret, context.now, request.ip, request.headers['user-agent']),
        });
      } catch (error) {
        // Neither the database nor the disk spool took it: still send the scanner on, loudly.
        request.log.error({ err: error, code: code.id }, 'scan could not be recorded');
      }
      app.metrics.redirectsAnswered.inc();
    }
    if (outcome.setCookie) reply.header('set-cookie', outcome.setCookie);
    return reply
      .code(outcome.status)
      .header('location', outcome.url)
      .header('cache-control', 'no-store, private')
      .header('referrer-policy', 'no-referrer-when-downgrade')
      .send();
  };

  const routeOptions = { schema: { hide: true }, logLevel: 'warn' as const };
  app.route({
    method: ['GET', 'HEAD'],
    url: '/r/:slug',
    ...routeOptions,
    handler: (request, reply) => serve(request, reply, '', (request.params as { slug: string }).slug),
  });

  // Every path on the dedicated short host is a slug; the host's root goes to the site.
  if (shortHost && shortHost !== primaryHost) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.host.toLowerCase() !== shortHost) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const slug = decodeURIComponent((request.url.split('?')[0] ?? '/').slice(1));
      if (slug === '') return reply.redirect(app.config.publicUrl, 302);
      return serve(request, reply, '', slug);
    });
  }
}
