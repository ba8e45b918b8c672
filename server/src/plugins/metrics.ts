import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics at /metrics: process metrics, request durations, and the edge's own
 * counters (redirects answered, scans written), which the redirect bench also reads.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
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

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
      reply.type(registry.contentType).send(await registry.metrics()),
    );
  },
  { name: 'metrics' },
);

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      redirectsAnswered: Counter;
      requestDuration: Histogram<'route' | 'status'>;
    };
  }
}
