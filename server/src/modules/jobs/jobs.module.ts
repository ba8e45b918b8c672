import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { Problem } from '../../shared/problem.js';
import type { JobDatabase } from './job-protocol.js';
import { serveRateLimits } from './job-rate-limits.js';
import { type JobAnswer, JobThreads } from './job-threads.js';

/**
 * Heavy admin requests run on job threads, off the thread that answers scans
 * (docs/adr/2026-11-28-job-threads.md). A route says it is one with `config: { job: '<kind>' }`;
 * after its sign-in and request budget (onRequest), its raw request is handed to a job thread,
 * where the same app answers it, and its answer streams back. With `JOB_THREADS=0`, or on a
 * database only this thread can open (SQLite in memory: tests), every route runs here as before.
 */
export const jobsModule = fp(
  async (app: FastifyInstance) => {
    const database = jobDatabaseOf(app);
    if (app.config.jobThreads === 0 || app.role.kind === 'jobs' || !database) return;
    const rateLimitChannel = `rq:rate-limits:${randomUUID()}`;
    const threads = app.config.jobThreads;
    const jobs = new JobThreads({
      threads,
      data: { config: app.config, database, changeChannel: app.changes.threadChannel, rateLimitChannel },
      limits: { runningPerWorkspace: Math.max(1, threads - 1), queuedPerWorkspace: 32, queuedTotal: 256 },
      log: app.log,
    });
    const stopServingLimits = serveRateLimits(rateLimitChannel, app.rateLimits.store);
    registerJobMetrics(app, jobs);
    app.decorate('jobs', jobs);
    app.addHook('preParsing', async (request, reply, payload) => {
      const kind = request.routeOptions.config.job;
      if (!kind) return payload;
      const answer = await jobs.run(jobOwnerOf(request), kind, {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: await readBody(payload, app.config.bodyLimitBytes),
        remoteAddress: request.ip,
      });
      reply.hijack();
      void sendAnswer(app, request, reply, answer);
      return undefined;
    });
    app.addHook('onClose', async () => {
      stopServingLimits();
      await jobs.close();
    });
  },
  { name: 'jobs', dependencies: ['auth', 'rate-limit', 'metrics', 'redis'] },
);

/** Whose turn a job takes: its workspace, or for a public endpoint (render, signed images) the address. */
function jobOwnerOf(request: FastifyRequest): string {
  return request.authContext?.workspace.id ?? `ip:${request.ip}`;
}

function jobDatabaseOf(app: FastifyInstance): JobDatabase | undefined {
  const { sqliteFile, url, schema } = app.database;
  if (url) return { url, schema };
  if (sqliteFile && sqliteFile !== ':memory:') return { sqliteFile };
  return undefined;
}

async function readBody(payload: Readable, limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Problem('payload_too_large', `The body is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  return size === 0 ? null : Buffer.concat(chunks, size);
}

/** Headers of the connection, not the answer: Node's server sets its own. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/** Writes the job's answer on the hijacked reply, with what this thread's hooks had set (rate limits). */
async function sendAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: JobAnswer,
) {
  const headers: Record<string, string | string[] | number> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value as string | string[] | number;
  }
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!HOP_HEADERS.has(name)) headers[name] = value;
  }
  headers['rq-job-wait-ms'] = String(answer.waitedMs);
  const raw = reply.raw;
  raw.on('finish', () => app.metrics.observeRequest(request, raw.statusCode, reply.elapsedTime));
  raw.writeHead(answer.status, headers);
  try {
    await pipeline(answer.body, raw);
  } catch (error) {
    // The client went away, or the job's thread ended mid-answer: the connection is cut.
    request.log.warn({ err: error }, 'a job answer was cut short');
    raw.destroy();
  }
}

function registerJobMetrics(app: FastifyInstance, jobs: JobThreads): void {
  const registers = [app.metrics.registry];
  new Gauge({
    name: 'rq_jobs_queued',
    help: 'Heavy admin jobs (bulk, import, export, print, images) waiting for a job thread.',
    registers,
    collect() {
      this.set(jobs.queued);
    },
  });
  new Gauge({
    name: 'rq_jobs_running',
    help: 'Heavy admin jobs running on job threads.',
    registers,
    collect() {
      this.set(jobs.active);
    },
  });
  new Gauge({
    name: 'rq_jobs_oldest_queued_age_seconds',
    help: 'How long the job waiting longest has waited.',
    registers,
    collect() {
      this.set(jobs.oldestQueuedMs() / 1000);
    },
  });
  new Counter({
    name: 'rq_jobs_total',
    help: 'Heavy admin jobs by kind and result (done, failed: its thread ended, refused: over its share).',
    labelNames: ['kind', 'result'],
    registers,
    collect() {
      this.reset();
      for (const [key, count] of jobs.results) {
        const [kind, result] = key.split('\u0000');
        this.inc({ kind, result }, count);
      }
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs?: JobThreads;
  }
  interface FastifyContextConfig {
    /** A heavy admin route: its requests run on a job thread (jobs.module.ts), under this kind. */
    job?: 'create' | 'update' | 'delete' | 'bulk' | 'import' | 'export' | 'image' | 'print' | 'design';
  }
}
