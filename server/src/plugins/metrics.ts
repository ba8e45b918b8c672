import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { isLoopbackAddress } from '../shared/address-policy.js';
import { Problem } from '../shared/problem.js';
import { ThreadStatsCollector } from '../shared/thread-stats.js';
import { FastHistogram } from './fast-histogram.js';

/** What the edge answered a request on a scan's path with (`rq_edge_answer_duration_seconds`). */
export type EdgeOutcome = 'redirect' | 'not_found' | 'gone' | 'password' | 'other';
/** Which kind of host it came to: /r/ on the primary host, the short host, a customer's hostname. */
export type EdgeHostKind = 'primary' | 'short' | 'custom';

const EDGE_OUTCOMES: readonly EdgeOutcome[] = ['redirect', 'not_found', 'gone', 'password', 'other'];
const EDGE_HOST_KINDS: readonly EdgeHostKind[] = ['primary', 'short', 'custom'];

/**
 * Prometheus metrics at /metrics: process metrics, request durations, and the edge's own
 * counters (redirects answered, scans written), which the redirect bench also reads. Only loopback
 * callers, or callers with METRICS_TOKEN, may read them.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const edgeAnswers = new FastHistogram<'outcome' | 'host'>({
      name: 'rq_edge_answer_duration_seconds',
      help: 'Time the redirect edge took to answer a request on a scan path, by outcome and kind of host.',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    });
    // Slots in outcome-major order, so an answer's slot is derived from two indexes, not looked up.
    for (const outcome of EDGE_OUTCOMES) {
      for (const host of EDGE_HOST_KINDS) edgeAnswers.slot({ outcome, host });
    }
    const requestDuration = new Histogram({
      name: 'rq_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (API, site), by route, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    });
    const threads = app.role.kind === 'server' ? registerThreadMetrics(registry, app) : undefined;
    registerDataDirMetrics(registry, config.dataDir);
    const metrics = {
      registry,
      redirectsAnswered: new Counter({
        name: 'rq_redirects_answered_total',
        help: 'Counted scans answered with a redirect (HEAD and bots on HEAD excluded).',
        registers: [registry],
      }),
      observeRequest(request: FastifyRequest, status: number, elapsedMs: number) {
        const route = request.routeOptions.url ?? 'unmatched';
        requestDuration.observe({ route, method: request.method, status: String(status) }, elapsedMs / 1000);
      },
      /** A count other threads report with their stats (thread-stats.ts), summed over them. */
      threadCounter(name: string): number {
        return threads?.counter(name) ?? 0;
      },
      /** One answer of the edge (kept off prom-client's label hashing: see FastHistogram). */
      edgeAnswered(status: number, host: EdgeHostKind, seconds: number) {
        const slot =
          EDGE_OUTCOMES.indexOf(edgeOutcomeOf(status)) * EDGE_HOST_KINDS.length +
          EDGE_HOST_KINDS.indexOf(host);
        edgeAnswers.observe(slot, seconds);
      },
    };
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request, reply.statusCode, reply.elapsedTime);
    });

    app.get(
      '/metrics',
      { schema: { hide: true }, logLevel: 'warn', onRequest: metricsGate(config.metricsToken) },
      async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
    );
  },
  { name: 'metrics', dependencies: ['errors'] },
);

/**
 * The edge's answers by status: a redirect (3xx), no such code (404), a code stopped by its
 * controls (410), the password gate (its form, a wrong password, the lock-out), or anything else.
 */
export function edgeOutcomeOf(status: number): EdgeOutcome {
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 404) return 'not_found';
  if (status === 410) return 'gone';
  if (status === 200 || status === 401 || status === 403 || status === 429) return 'password';
  return 'other';
}

/** Event-loop utilisation and lag, and heap, of every thread (thread-stats.ts). */
function registerThreadMetrics(registry: Registry, app: FastifyInstance): ThreadStatsCollector {
  const collector = new ThreadStatsCollector();
  app.addHook('onClose', async () => collector.close());
  let latest = collector.read();
  const gauge = (
    name: string,
    help: string,
    value: (stats: (typeof latest)[number]) => number,
    first = false,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['thread'],
      registers: [registry],
      collect() {
        // One read a scrape: the first gauge collected takes it, the others use it.
        if (first) latest = collector.read();
        this.reset();
        for (const stats of latest) this.set({ thread: stats.thread }, value(stats));
      },
    });
  gauge(
    'rq_event_loop_utilization',
    "Share of time the thread's event loop ran code since the last scrape (worker threads: the last few seconds).",
    (s) => s.utilization,
    true,
  );
  gauge(
    'rq_event_loop_lag_seconds',
    '99th percentile of event-loop delay over the same window.',
    (s) => s.lagP99Seconds,
  );
  gauge('rq_thread_heap_used_bytes', "V8 heap in use by the thread's isolate.", (s) => s.heapUsedBytes);
  return collector;
}

/** Free and total bytes of the filesystem holding DATA_DIR (the database, journals, edge file). */
function registerDataDirMetrics(registry: Registry, dataDir: string): void {
  const statfs = () => {
    try {
      return fs.statfsSync(dataDir);
    } catch {
      return undefined; // not made yet
    }
  };
  new Gauge({
    name: 'rq_data_dir_free_bytes',
    help: 'Bytes free for the server on the filesystem that holds DATA_DIR.',
    registers: [registry],
    collect() {
      const stats = statfs();
      if (stats) this.set(stats.bavail * stats.bsize);
    },
  });
  new Gauge({
    name: 'rq_data_dir_size_bytes',
    help: 'Size in bytes of the filesystem that holds DATA_DIR.',
    registers: [registry],
    collect() {
      const stats = statfs();
      if (stats) this.set(stats.blocks * stats.bsize);
    },
  });
}

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
      observeRequest(request: FastifyRequest, status: number, elapsedMs: number): void;
      edgeAnswered(status: number, host: EdgeHostKind, seconds: number): void;
      threadCounter(name: string): number;
    };
  }
}
