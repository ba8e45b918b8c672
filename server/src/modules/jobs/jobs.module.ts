import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/create-db.js';
import { JOB_IDENTITY_HEADER } from '../../plugins/auth.js';
import { publishEdgeLoad } from '../../shared/event-loop-load.js';
import { Problem } from '../../shared/problem.js';
import { ProblemSchema } from '../../shared/problem-schema.js';
import { setV8HelperThreadsPriority } from '../../shared/worker-thread.js';
import { JobLanes } from './job-lanes.js';
import type { ForwardedRequest, JobDatabase, JobThreadData } from './job-protocol.js';
import { serveRateLimits } from './job-rate-limits.js';
import { countJob, type JobAnswer, JobThreads } from './job-threads.js';

/**
 * Heavy admin requests run on job threads, off the thread that answers scans
 * (docs/adr/2026-11-28-job-threads.md). A route says it is one with `config: { job: '<kind>' }`;
 * after its sign-in and request budget (onRequest), its raw request is handed to a job thread,
 * where the same app answers it, and its answer streams back. With `JOB_THREADS=0`, or on a
 * database only this thread can open (SQLite in memory: tests), every route runs here as before.
 */
export const jobsModule = fp(
  async (app: FastifyInstance) => {
    const rateLimitChannel = `rq:rate-limits:${randomUUID()}`;
    const threads = app.config.jobThreads;
    const edgeLoad = publishEdgeLoad(app.edgeLoad);
    const data: JobThreadData = {
      config: app.config,
      database: jobDatabaseOf(app.database),
      changeChannel: app.changes.threadChannel,
      rateLimitChannel,
      identitySecret: randomUUID(),
      lowPriority: true,
      background: false,
      edgeLoad: edgeLoad.buffer,
    };
    const idleMs = app.config.jobThreadIdleSeconds * 1000;
    const results = new Map<string, number>();
    const lane = (threadCount: number, warmThreads: number, thread: Partial<JobThreadData>) =>
      new JobThreads({
        threads: threadCount,
        warmThreads,
        idleMs,
        results,
        data: { ...data, ...thread },
        limits: {
          runningPerWorkspace: Math.max(1, threadCount - 1),
          queuedPerWorkspace: 32,
          queuedTotal: 256,
        },
        log: app.log,
        heard: (mark) => app.changes.heard(mark),
      });
    // No thread runs until a heavy job needs one (job-lanes.ts): each is an app of its own.
    const jobs = lane(threads, 0, { lowPriority: true });
    const lanes = new JobLanes({
      heavy: jobs,
      openWrites: () => lane(1, 1, { lowPriority: false, background: true }),
      serverLoops: app.backgroundWork,
      idleMs,
      log: app.log,
      onJobThreads: (running) =>
        setV8HelperThreadsPriority(
          running ? os.constants.priority.PRIORITY_LOW : os.constants.priority.PRIORITY_NORMAL,
        ),
    });
    const stopServingLimits = serveRateLimits(rateLimitChannel, app.rateLimits.store);
    registerJobMetrics(app, () => [jobs, ...(lanes.writes ? [lanes.writes] : [])], results);
    app.decorate('jobs', jobs);
    app.decorate('jobLanes', lanes);
    app.addHook('preParsing', async (request, reply, payload) => {
      const kind = request.routeOptions.config.job;
      if (!kind) return payload;
      const jobLane = WRITE_KINDS.has(kind) ? await lanes.forWrite() : await lanes.forHeavyJob();
      if (!jobLane) {
        countJob(results, kind, 'inline');
        return payload;
      }
      const answer = await jobLane.run(jobOwnerOf(request), kind, {
        method: request.method,
        url: request.url,
        headers: withIdentity(request, data.identitySecret),
        body: await readBody(payload, app.config.bodyLimitBytes),
        remoteAddress: request.ip,
      });
      reply.hijack();
      void sendAnswer(request, reply, answer);
      return undefined;
    });
    app.addHook('onClose', async () => {
      edgeLoad.stop();
      await lanes.close();
      stopServingLimits();
    });
  },
  { name: 'jobs', dependencies: ['auth', 'rate-limit', 'metrics', 'redis', 'scans'] },
);

/**
 * Writes of one code: short, and waited for by a person. While heavy jobs run they go to a thread
 * of their own at the normal priority, off this one (on SQLite a write here would wait out a job
 * thread's lock with the edge stopped), yet not starved: at nice 19 beside a saturated edge a
 * create took a second. That thread also runs the background loops, which need the same
 * (job-app.ts). While no job thread runs, they run here (job-lanes.ts).
 */
const WRITE_KINDS: ReadonlySet<string> = new Set(['create', 'update', 'delete']);

/** Whether the server hands heavy requests and background work to threads (JOB_THREADS, a database they can open). */
export function runsJobThreads(config: Config, database: DatabaseHandle): boolean {
  const shareable = database.url !== undefined || (database.sqliteFile ?? ':memory:') !== ':memory:';
  return config.jobThreads > 0 && shareable;
}

/**
 * The request's headers, with the sign-in this thread made of it for the job thread (none on a
 * public endpoint); a client's own header of that name is never passed on.
 */
function withIdentity(request: FastifyRequest, secret: string): ForwardedRequest['headers'] {
  const { [JOB_IDENTITY_HEADER]: _given, ...headers } = request.headers;
  if (!request.authContext) return headers;
  const identity = Buffer.from(JSON.stringify(request.authContext)).toString('base64url');
  return { ...headers, [JOB_IDENTITY_HEADER]: `${secret} ${identity}` };
}

/**
 * A heavy route's answers include the job threads' own: 429 past the workspace's share of waiting
 * jobs, 503 when the thread running it ended. Declared whether or not this server runs job
 * threads, so the OpenAPI document is the same for every configuration.
 */
export function documentJobAnswers(route: RouteOptions): void {
  if (!route.config?.job) return;
  const response = (route.schema as { response?: Record<string, TSchema> } | undefined)?.response;
  if (!response) return;
  response['429'] ??= ProblemSchema;
  response['503'] ??= ProblemSchema;
}

/** Whose turn a job takes: its workspace, or for a public endpoint (render, signed images) the address. */
function jobOwnerOf(request: FastifyRequest): string {
  return request.authContext?.workspace.id ?? `ip:${request.ip}`;
}

function jobDatabaseOf({ sqliteFile, url, schema }: DatabaseHandle): JobDatabase {
  return url ? { url, schema } : { sqliteFile };
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

/**
 * Writes the job's answer on the hijacked reply, with what this thread's hooks had set (rate
 * limits). Fastify's onResponse hooks still run when it is sent (the request's metrics).
 */
async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: JobAnswer) {
  const headers: Record<string, string | string[] | number> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value as string | string[] | number;
  }
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!HOP_HEADERS.has(name)) headers[name] = value;
  }
  headers['rq-job-wait-ms'] = String(answer.waitedMs);
  const raw = reply.raw;
  raw.writeHead(answer.status, headers);
  try {
    await pipeline(answer.body, raw);
  } catch (error) {
    // The client went away, or the job's thread ended mid-answer: the connection is cut.
    request.log.warn({ err: error }, 'a job answer was cut short');
    raw.destroy();
  }
}

/** The job metrics, summed over the lanes running (the heavy jobs' threads, the writes thread). */
function registerJobMetrics(
  app: FastifyInstance,
  lanesRunning: () => JobThreads[],
  results: Map<string, number>,
): void {
  const sum = (read: (lane: JobThreads) => number) =>
    lanesRunning().reduce((total, lane) => total + read(lane), 0);
  const registers = [app.metrics.registry];
  new Gauge({
    name: 'rq_jobs_queued',
    help: 'Admin jobs (code writes, bulk, import, export, print, images) waiting for a job thread.',
    registers,
    collect() {
      this.set(sum((lane) => lane.queued));
    },
  });
  new Gauge({
    name: 'rq_jobs_running',
    help: 'Admin jobs running on job threads.',
    registers,
    collect() {
      this.set(sum((lane) => lane.active));
    },
  });
  new Gauge({
    name: 'rq_jobs_oldest_queued_age_seconds',
    help: 'How long the job waiting longest has waited.',
    registers,
    collect() {
      this.set(Math.max(...lanesRunning().map((lane) => lane.oldestQueuedMs())) / 1000);
    },
  });
  new Counter({
    name: 'rq_jobs_total',
    help: 'Admin jobs by kind and result (done; failed: its thread ended; refused: over its share; inline: run on the server thread while no job thread ran).',
    labelNames: ['kind', 'result'],
    registers,
    collect() {
      this.reset();
      for (const [key, count] of results) {
        const [kind, result] = key.split('\u0000');
        this.inc({ kind, result }, count);
      }
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The heavy jobs' threads. */
    jobs?: JobThreads;
    /** Where single-code writes and the background loops run now: here, or the writes thread. */
    jobLanes?: JobLanes;
  }
  interface FastifyContextConfig {
    /** A heavy admin route: its requests run on a job thread (jobs.module.ts), under this kind. */
    job?: 'create' | 'update' | 'delete' | 'bulk' | 'import' | 'export' | 'image' | 'print' | 'design';
  }
}
