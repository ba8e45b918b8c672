import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { EdgeHostKind } from '../../plugins/metrics.js';
import { bareHost } from '../../shared/host-name.js';
import {
  answerScan,
  type EdgeDeps,
  type EdgeRequest,
  type GatePost,
  hostRootPage,
  plainRedirect,
  type ScanAnswer,
} from './edge.js';
import { answerGs1, type Gs1EdgeDeps, type Gs1EdgeRequest, isGs1Path } from './edge-gs1.js';
import { type EdgeHost, type HostResolver, requestHost, slugOf } from './edge-host.js';
import type { FormGate } from './password-gate.form.js';
import { answerGatePost } from './password-gate.js';
import { appLinkFileAnswer } from './well-known.js';

/** Answers raw requests that belong to the edge; false leaves the request to Fastify. */
export type RawEdgeListener = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The edge as redirect.module.ts builds it. */
export interface RedirectRoutesOptions {
  edge: EdgeDeps;
  /** The password gate's form and passes (the edge's `gate`), for the form's POST. */
  gate: FormGate;
  resolveHost: HostResolver;
  installRawListener?: ((listener: RawEdgeListener) => void) | undefined;
  /** Times each answer on a scan path (`rq_edge_answer_duration_seconds`). */
  timed: (status: number, host: EdgeHostKind, seconds: number) => void;
  /** The GS1 resolver at every host's root (edge-gs1.ts), and the origin its anchors are written on. */
  gs1?: { deps: Gs1EdgeDeps; originOf: (host: EdgeHost) => string } | undefined;
}

/** Which kind of host a request came to, for the edge's latency metric. */
function hostKindOf(host: EdgeHost): EdgeHostKind {
  if (host.custom) return 'custom';
  return host.slugsAtRoot ? 'short' : 'primary';
}

/**
 * The public hot path: /r/{slug} on the primary host, /{slug} on the short host and customers'
 * hostnames. Both entry points are thin: they resolve the host through one seam (edge-host.ts)
 * and call answerScan (edge.ts). On real sockets scans are answered before Fastify sees them (see
 * docs/adr/2026-11-23-redirect-edge.md); the Fastify route and hook are what `inject` reaches.
 * Wrapped in fastify-plugin: the hook must see every request, not only this plugin's routes.
 */
export const redirectRoutes = fp<RedirectRoutesOptions>(async (app, options) => {
  serveThroughFastify(app, options);
  options.installRawListener?.(rawListener(app, options));
});

/** The `/r/:slug` route and the hook for hosts that serve slugs at the root: what `inject` reaches. */
function serveThroughFastify(
  app: FastifyInstance,
  { edge, gate, resolveHost, timed, gs1 }: RedirectRoutesOptions,
): void {
  const { trustProxy, publicUrl, shortUrl } = app.config;
  const scanOf = (request: FastifyRequest, host: EdgeHost, slug: string): EdgeRequest => ({
    method: request.method,
    hostKey: host.hostKey,
    slug,
    headers: request.headers,
    ip: request.ip,
    hostname: bareHost(requestHost(request.headers, trustProxy)),
    url: request.url,
    notFoundRedirect: host.custom?.notFoundRedirect,
  });
  const answer = (request: FastifyRequest, reply: FastifyReply, host: EdgeHost, slug: string) => {
    const started = performance.now();
    return answerScan(edge, scanOf(request, host, slug)).then((scanAnswer) => {
      timed(scanAnswer.status, hostKindOf(host), (performance.now() - started) / 1000);
      return send(reply, scanAnswer);
    });
  };
  // Customers' hostnames are served over https only; our hosts as their configured URLs say.
  const isHttps = (host: EdgeHost) =>
    host.custom !== undefined || (host.slugsAtRoot && shortUrl ? shortUrl : publicUrl).startsWith('https:');
  // The password form posts to the short URL itself. The body is read here, before Fastify's
  // parsers (which take JSON only) see it: a form of ours, not an API request.
  const gatePostOf = (request: FastifyRequest, host: EdgeHost, path: string): GatePost => ({
    body: request.raw,
    contentType: request.headers['content-type'],
    contentLength: request.headers['content-length'],
    secure: isHttps(host),
    path,
  });
  const answerPost = (
    request: FastifyRequest,
    reply: FastifyReply,
    host: EdgeHost,
    slug: string,
    path: string,
  ) =>
    answerGatePost(edge, gate, scanOf(request, host, slug), gatePostOf(request, host, path), answerScan).then(
      (scanAnswer) => send(reply, scanAnswer),
    );

  app.withTypeProvider<TypeBoxTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/r/:slug',
    schema: { hide: true, params: Type.Object({ slug: Type.String() }) },
    logLevel: 'warn',
    handler: (request, reply) =>
      answer(request, reply, resolveHost(requestHost(request.headers, trustProxy)), request.params.slug),
  });

  const gs1Request = (
    request: FastifyRequest,
    host: EdgeHost,
    path: string,
    origin: string,
  ): Gs1EdgeRequest => {
    const query = request.url.indexOf('?');
    return {
      method: request.method,
      hostKey: host.hostKey,
      origin,
      path,
      query: query === -1 ? '' : request.url.slice(query + 1),
      headers: request.headers,
      ip: request.ip,
      hostname: bareHost(requestHost(request.headers, trustProxy)),
      url: request.url,
      // The password form of a protected item posts back to its URI (edge-gs1.ts reads it).
      ...(request.method === 'POST' ? { post: gatePostOf(request, host, path) } : {}),
    };
  };
  // GS1 Digital Links at every host's root (edge-gs1.ts): a path that looks like one, or the
  // resolver's description file; a compressed one (one segment) only where nothing else is.
  const answerGs1Path = async (
    request: FastifyRequest,
    reply: FastifyReply,
    host: EdgeHost,
    path: string,
    compressedOnly: boolean,
  ) => {
    if (!gs1) return undefined;
    const answer = await answerGs1(gs1.deps, gs1Request(request, host, path, gs1.originOf(host)), {
      compressedOnly,
    });
    return answer && send(reply, answer);
  };
  const isOneSegment = (path: string) => path.length > 1 && path.indexOf('/', 1) === -1;

  // Hosts that serve a slug at every path: the short host (its root goes to the site) and
  // customers' hostnames, which serve their codes and nothing else of ours (no API, no site).
  // A POST to any short URL is the password form's (password-gate.ts).
  app.addHook('onRequest', async (request, reply) => {
    const host = resolveHost(requestHost(request.headers, trustProxy));
    const path = request.url.split('?')[0] ?? '/';
    if (gs1 && host.custom?.gs1Resolver && path !== '/' && !appLinkFileAnswer(host.custom, path)) {
      // A resolver host: every path is GS1's, so one that does not decode is a 400, not a slug's 404.
      return answerGs1Path(request, reply, host, path, false);
    }
    if (gs1 && !path.startsWith('/api/') && !path.startsWith('/r/')) {
      if (isGs1Path(path)) return answerGs1Path(request, reply, host, path, false);
      // A preflight for a compressed link (its GET is answered where the slug or page missed).
      if (request.method === 'OPTIONS' && isOneSegment(path)) {
        const answered = await answerGs1Path(request, reply, host, path, true);
        if (answered) return answered;
      }
    }
    if (request.method === 'POST') {
      const slug = path.startsWith('/r/') || host.slugsAtRoot ? slugOf(host, path) : undefined;
      if (slug && !slug.includes('/')) return answerPost(request, reply, host, slug, path);
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!host.slugsAtRoot) {
      // The primary host: a compressed GS1 Digital Link where neither a route nor a page of the site
      // is (a POST: a protected item's password form, which posts back to the URI it was shown at).
      const route = request.routeOptions.url;
      if (
        gs1 &&
        (isRead || request.method === 'POST') &&
        isOneSegment(path) &&
        (route === undefined || route === '/*') &&
        !app.sitePages?.has(path)
      ) {
        return answerGs1Path(request, reply, host, path, true);
      }
      return;
    }
    if (!isRead) {
      if (!host.custom) return;
      return reply.code(405).header('allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
    }
    const appLinkFile = host.custom && appLinkFileAnswer(host.custom, path);
    if (appLinkFile) return send(reply, appLinkFile);
    if (path.startsWith('/r/') && !host.custom) return;
    if (path === '/') return answerHostRoot(reply, host, publicUrl);
    const slug = slugOf(host, path);
    if (slug !== undefined) return answer(request, reply, host, slug);
  });
}

function send(reply: FastifyReply, answer: ScanAnswer) {
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** The short host's root goes to the site; a customer's hostname's to its root redirect or page. */
function answerHostRoot(reply: FastifyReply, host: EdgeHost, publicUrl: string) {
  if (!host.custom) return reply.redirect(publicUrl, 302);
  const { rootRedirect } = host.custom;
  return send(reply, rootRedirect ? plainRedirect(rootRedirect) : hostRootPage(host.hostKey));
}

/** Scans on real sockets, answered before Fastify sees them; anything unusual is left to Fastify. */
function rawListener(
  app: FastifyInstance,
  { edge, resolveHost, timed, gs1 }: RedirectRoutesOptions,
): RawEdgeListener {
  const { trustProxy } = app.config;
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const started = performance.now();
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const hostHeader = requestHost(request.headers, trustProxy);
    const host = resolveHost(hostHeader);
    // A GS1 Digital Link is answered here too, as a scan is (not through Fastify's routing and log).
    if (gs1 && !path.startsWith('/r/') && !path.startsWith('/api/') && isGs1Path(path)) {
      const gs1Request: Gs1EdgeRequest = {
        method: request.method,
        hostKey: host.hostKey,
        origin: gs1.originOf(host),
        path,
        query: query === -1 ? '' : url.slice(query + 1),
        headers: request.headers,
        ip: clientIp(request, trustProxy),
        hostname: bareHost(hostHeader),
        url,
      };
      answerGs1(gs1.deps, gs1Request)
        .then((answer = { status: 404, headers: {} }) => {
          const headers = app.server.listening ? answer.headers : { ...answer.headers, connection: 'close' };
          response.writeHead(answer.status, headers).end(request.method === 'HEAD' ? undefined : answer.body);
          timed(answer.status, hostKindOf(host), (performance.now() - started) / 1000);
        })
        .catch((error: unknown) => answerRawFailure(app.log, response, url, error));
      return true;
    }
    // A GS1 resolver host serves no slugs: its other paths go through Fastify's hook (edge-gs1.ts).
    if (host.custom?.gs1Resolver) return false;
    const slug = slugOf(host, path);
    // A host's root and nested paths go through Fastify.
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
    answerScan(edge, scan)
      .then((answer) => {
        // While shutting down, close the connection after this answer (as app.ts does for Fastify's).
        const headers = app.server.listening ? answer.headers : { ...answer.headers, connection: 'close' };
        response.writeHead(answer.status, headers).end(answer.body);
        timed(answer.status, hostKindOf(host), (performance.now() - started) / 1000);
      })
      .catch((error: unknown) => answerRawFailure(app.log, response, url, error));
    return true;
  };
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
