import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { isLoopbackAddress } from '../shared/address-policy.js';
import { Problem } from '../shared/problem.js';

/**
 * Prometheus metrics at /metrics: process metrics, request durations, and the edge's own
 * counters (redirects answered, scans written), which the redirect bench also reads. Only loopback
 * callers, or callers with METRICS_TOKEN, may read them.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const metrics = {
      registry,
      redirectsAnswered: new Counter({
        name: 'rq_redirects_answered_total',
        help: 'Counted scans answered with a redirect (HEAD and bots on HEAD excluded).',
        registers: [registry],
      }),
      requestDuration: new Histogram({
        name: 'rq_http_request_duration_seconds',
        help: 'Time to answer, by route and status class.',
        labelNames: ['route', 'status'],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
        registers: [registry],
      }),
    };
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requestDuration.observe(
        { route, status: `${Math.floor(reply.statusCode / 100)}xx` },
        reply.elapsedTime / 1000,
      );
    });

    app.get(
      '/metrics',
      { schema: { hide: true }, logLevel: 'warn', onRequest: metricsGate(config.metricsToken) },
      async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
    );
  },
  { name: 'metrics', dependencies: ['errors'] },
);

function bearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Metrics name routes and load, so only the machine itself (a scraper beside the process) reads
 * them, or whoever holds METRICS_TOKEN. Behind a proxy on the same machine every socket is
 * loopback, so the client address the proxy reports must be loopback too.
 */
function metricsGate(token: string | undefined): onRequestHookHandler {
  return async (request) => {
    if (isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip)) return;
    const given = bearerToken(request);
    if (token !== undefined && given !== undefined && sameToken(given, token)) return;
    if (token === undefined) {
      throw new Problem(
        'forbidden',
        'Metrics are served to loopback callers only (set METRICS_TOKEN to open them).',
      );
    }
    throw new Problem(
      'unauthorized',
      'Metrics need Authorization: Bearer <METRICS_TOKEN> from outside this machine.',
      {
        headers: { 'www-authenticate': 'Bearer' },
      },
    );
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      redirectsAnswered: Counter;
      requestDuration: Histogram<'route' | 'status'>;
    };
  }
}
