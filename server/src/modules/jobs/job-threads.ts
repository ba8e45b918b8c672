import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import type { ChangeMark } from '../../shared/change-bus.js';
import { Problem } from '../../shared/problem.js';
import { FairQueue, type FairQueueLimits } from './fair-queue.js';
import type {
  CloseTask,
  ForwardedRequest,
  JobMessage,
  JobReply,
  JobThreadData,
  StartTask,
} from './job-protocol.js';

/** A job's answer as it starts: status and headers, and its body streaming behind them. */
export interface JobAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Readable;
  /** How long the job waited for a thread, in ms. */
  waitedMs: number;
}

export interface JobThreadsOptions {
  /** At most this many threads, each running one job at a time. */
  threads: number;
  /**
   * Threads kept running while idle (default: all). Past them, a thread is started when a job
   * needs one and ends after `idleMs` without one: each costs its own V8 heap and app.
   */
  warmThreads?: number;
  idleMs: number;
  /** Where the outcomes are counted: lanes that come and go (the writes thread's) share one. */
  results?: Map<string, number>;
  data: JobThreadData;
  limits: FairQueueLimits;
  log: FastifyBaseLogger;
  /** Resolves once this thread has heard a job thread's changes up to the mark (change-bus.ts). */
  heard(mark: ChangeMark): Promise<void>;
}

/** Jobs' outcomes, for `rq_jobs_total` (`inline`: run on the server's own thread, job-lanes.ts). */
export type JobResult = 'done' | 'failed' | 'refused' | 'inline';

interface QueuedJob {
  kind: string;
  request: ForwardedRequest;
  queuedAt: number;
  start: (answer: Promise<JobAnswer>) => void;
}

/** How long a read whose thread ended waits before it runs again on another. */
const RETRY_AFTER_MS = 100;
/** How long closing waits for the jobs running to finish. */
const CLOSE_WAIT_MS = 5_000;
/** A job thread's V8 heap: what a 10,000-code print run or a 1,000-code bulk call needs, with room. */
const JOB_THREAD_HEAP_MB = 512;

/**
 * The job threads (Piscina) and the fair queue in front of them. `run` admits a job (or refuses
 * it: 429), waits for its turn, and answers as soon as the job's head is ready, its body
 * streaming after. A job whose thread ends before it answered is run again once if it only reads
 * (GET); a write is reported failed (503): it ran in one transaction of its own thread's
 * connection, which the end of the thread rolled back, unless it had committed.
 */
export class JobThreads {
  private readonly pool: Piscina;
  private readonly queue: FairQueue<QueuedJob>;
  private running = 0;
  private lastJobEndedAt = Date.now();
  readonly results: Map<string, number>;

  constructor(private readonly options: JobThreadsOptions) {
    this.results = options.results ?? new Map();
    this.queue = new FairQueue(options.limits);
    this.pool = new Piscina({
      filename: threadEntry(),
      minThreads: options.warmThreads ?? options.threads,
      maxThreads: options.threads,
      idleTimeout: options.idleMs,
      // Piscina's default parks an idle thread in a blocking Atomics.wait, which stops its event
      // loop: no timer ran between jobs (the background loops, the idle heap trim, thread stats).
      atomics: 'disabled',
      workerData: options.data,
      resourceLimits: { maxOldGenerationSizeMb: JOB_THREAD_HEAP_MB },
    });
    // A thread that ends while idle (killed, out of memory) is replaced; its jobs, if any, fail apart.
    this.pool.on('error', (error: unknown) => options.log.error({ err: error }, 'a job thread ended'));
    // One that ends while it still loads its module leaves the jobs queued for it waiting: Piscina
    // gives them to threads that loaded and starts no other until a job comes. A task that does
    // nothing starts one (Piscina tells of the end before it lets the thread go).
    this.pool.on('workerDestroy', () =>
      setImmediate(() => {
        if (this.pool.queueSize > 0 && this.pool.threads.length === 0)
          this.pool.run({ start: true } satisfies StartTask).catch(() => undefined);
      }),
    );
  }

  /** Queues the job of `workspace` and resolves with its answer once a thread has started it. */
  run(workspace: string, kind: string, request: ForwardedRequest): Promise<JobAnswer> {
    return new Promise<JobAnswer>((resolve) => {
      const job: QueuedJob = { kind, request, queuedAt: Date.now(), start: resolve };
      const admission = this.queue.add(workspace, job, job.queuedAt);
      if (!admission.admitted) {
        this.count(kind, 'refused');
        throw refusal(admission.over, this.options.limits);
      }
      this.dispatch();
    });
  }

  get queued(): number {
    return this.queue.size;
  }

  get active(): number {
    return this.running;
  }

  oldestQueuedMs(now = Date.now()): number {
    return this.queue.oldestWait(now);
  }

  /** How long no job has run or waited here, in ms (0 while one does). */
  idleMs(now = Date.now()): number {
    return this.running > 0 || this.queue.size > 0 ? 0 : now - this.lastJobEndedAt;
  }

  /** The threads running now, for tests that end one mid-job. */
  get threads() {
    return this.pool.threads;
  }

  /**
   * Lets the jobs running finish (a few seconds at most), then ends the threads; a thread that
   * runs the background loops first closes its app, so a webhook attempt in flight is written.
   */
  async close(): Promise<void> {
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (this.running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    if (this.options.data.background) {
      const closing = this.pool.run({ close: true } satisfies CloseTask).catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'the writes thread could not close its app');
      });
      await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    }
    await this.pool.destroy();
  }

  private dispatch(): void {
    while (this.running < this.options.threads) {
      const next = this.queue.take();
      if (!next) return;
      this.running++;
      const { workspace, job } = next;
      const answer = this.start(job, 1);
      answer.body.finally(() => {
        this.running--;
        this.lastJobEndedAt = Date.now();
        this.queue.finished(workspace);
        this.dispatch();
      });
      job.start(answer.head);
    }
  }

  /** Runs the job on a thread; `head` resolves with its answer, `body` once it is over (either way). */
  private start(job: QueuedJob, attempt: number): { head: Promise<JobAnswer>; body: Promise<void> } {
    const waitedMs = Date.now() - job.queuedAt;
    const { port1, port2 } = new MessageChannel();
    let answered: JobAnswer | undefined;
    let resolveHead!: (answer: JobAnswer) => void;
    let rejectHead!: (error: unknown) => void;
    const head = new Promise<JobAnswer>((resolve, reject) => {
      resolveHead = resolve;
      rejectHead = reject;
    });
    const reply = (message: JobReply) => port1.postMessage(message);
    port1.on('message', (message: JobMessage) => {
      if (message.type === 'head') {
        const body = new PassThrough();
        body.on('close', () => {
          if (!body.writableFinished) reply({ type: 'abort' });
        });
        const answer = { status: message.status, headers: message.headers, body, waitedMs };
        answered = answer;
        // The caches here follow the job's writes before its client hears of them.
        void this.options.heard(message.changes).then(() => resolveHead(answer));
      } else if (message.type === 'chunk') {
        const body = answered?.body as PassThrough;
        if (body.write(message.data)) reply({ type: 'ack' });
        else body.once('drain', () => reply({ type: 'ack' }));
      } else {
        (answered?.body as PassThrough | undefined)?.end();
        port1.close();
      }
    });
    const task = this.pool.run({ request: job.request, port: port2 }, { transferList: [port2] });
    // The task's result and the port's messages travel apart: the port closes at its own `end`.
    const body = task.then(
      () => this.count(job.kind, 'done'),
      (error: unknown) => {
        port1.close();
        this.options.log.error({ err: error, job: job.kind, attempt }, 'a job thread ended during a job');
        if (answered) {
          answered.body.destroy(error as Error);
        } else if (attempt === 1 && isReadOnly(job.request)) {
          // After Piscina has let the ended thread go: run at once, the job could be given to it.
          return new Promise<void>((resolve) => setTimeout(resolve, RETRY_AFTER_MS)).then(() => {
            const again = this.start(job, attempt + 1);
            again.head.then(resolveHead, rejectHead);
            return again.body;
          });
        } else {
          rejectHead(
            new Problem(
              'unavailable',
              'The thread running this request ended before it answered. A write is kept whole or not at all: read the result before you retry, or retry with the same Idempotency-Key.',
              { headers: { 'retry-after': '1' }, extensions: { reason: 'job_thread_ended' } },
            ),
          );
        }
        this.count(job.kind, 'failed');
      },
    );
    return { head, body };
  }

  private count(kind: string, result: JobResult): void {
    countJob(this.results, kind, result);
  }
}

/** Counts a job's outcome under `kind\0result`, as registerJobMetrics reads them. */
export function countJob(results: Map<string, number>, kind: string, result: JobResult): void {
  const key = `${kind}\u0000${result}`;
  results.set(key, (results.get(key) ?? 0) + 1);
}

function isReadOnly(request: ForwardedRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

function refusal(over: 'workspace' | 'server', limits: FairQueueLimits): Problem {
  const detail =
    over === 'workspace'
      ? `This workspace already has ${limits.runningPerWorkspace} heavy request running and ${limits.queuedPerWorkspace} waiting (bulk, import, export, print, images); retry when one has finished.`
      : `The server has ${limits.queuedTotal} heavy requests waiting (bulk, import, export, print, images); retry in a few seconds.`;
  return new Problem('rate_limited', detail, {
    headers: { 'retry-after': over === 'workspace' ? '2' : '5' },
    extensions: { reason: over === 'workspace' ? 'workspace_jobs_queued' : 'server_jobs_queued' },
  });
}

/**
 * The thread's module: the built `.js`, or under tsx (tests) a small file that registers tsx
 * first, since Piscina imports its module by path.
 */
function threadEntry(): string {
  const built = new URL('./job-thread.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(built);
  const source = new URL('./job-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const file = path.join(os.tmpdir(), `rq-job-thread-${process.pid}.mjs`);
  fs.writeFileSync(
    file,
    `const api = await import(${JSON.stringify(tsx)});\napi.register();\nconst job = await import(${JSON.stringify(source)});\nexport default job.default;\n`,
  );
  return file;
}
