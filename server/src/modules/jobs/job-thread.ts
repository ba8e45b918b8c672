import type { Readable } from 'node:stream';
import { threadId, workerData } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { trimHeapWhenIdle } from '../../shared/heap-trim.js';
import { startThreadStats } from '../../shared/thread-stats.js';
import { yieldCpuToOtherThreads } from '../../shared/worker-thread.js';
import {
  CHUNKS_IN_FLIGHT,
  type JobMessage,
  type JobReply,
  type JobTask,
  type JobThreadData,
} from './job-protocol.js';

/**
 * A job thread: the same app as the server's (every route, check and service), built without
 * the edge or the scan recorder, on a connection of its own, at the lowest CPU priority: under
 * load the cores go to the thread that answers scans, and jobs take the rest. Piscina calls the
 * default export once per forwarded request. (background-thread.ts builds the same app to run
 * the background loops.)
 */
let app: Promise<FastifyInstance> | undefined;

export async function buildJobApp(data: JobThreadData, background: boolean): Promise<FastifyInstance> {
  yieldCpuToOtherThreads();
  const [{ buildApp }, { createDatabase }] = await Promise.all([
    import('../../app.js'),
    import('../../db/create-db.js'),
  ]);
  const { sqliteFile, url, schema } = data.database;
  const database = createDatabase({
    databaseUrl: url,
    sqliteFile,
    ...(schema ? { pgSchema: schema } : {}),
    pgPoolSize: 4,
    jobThread: true,
  });
  const jobApp = await buildApp(data.config, {
    database,
    ownsDatabase: true,
    migrate: false,
    serveWeb: false,
    role: {
      kind: 'jobs',
      changeChannel: data.changeChannel,
      rateLimitChannel: data.rateLimitChannel,
      background,
    },
  });
  await jobApp.ready();
  // A print run or an export leaves hundreds of MB of freed heap that V8 keeps resident until asked.
  trimHeapWhenIdle();
  const webhookCounts = () => {
    const results = jobApp.webhookResults();
    return {
      'webhooks.delivered': results.delivered,
      'webhooks.retry': results.retry,
      'webhooks.failed': results.failed,
    };
  };
  startThreadStats(
    `${background ? 'background' : 'jobs'}-${threadId}`,
    background ? webhookCounts : undefined,
  );
  return jobApp;
}

export default async function runJob({ request, port }: JobTask): Promise<void> {
  app ??= buildJobApp(workerData as JobThreadData, false);
  const jobApp = await app;
  let body: Readable | undefined;
  let aborted = false;
  let credit = CHUNKS_IN_FLIGHT;
  let wake: (() => void) | undefined;
  port.on('message', (reply: JobReply) => {
    if (reply.type === 'abort') {
      // The client went away: ending the answer's stream stops what writes it (a print run, an export).
      aborted = true;
      body?.destroy();
    } else credit++;
    wake?.();
  });
  const send = (message: JobMessage) => port.postMessage(message);
  try {
    const response = await jobApp.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers as Record<string, string>,
      ...(request.body ? { payload: Buffer.from(request.body) } : {}),
      remoteAddress: request.remoteAddress,
      payloadAsStream: true,
    });
    send({ type: 'head', status: response.statusCode, headers: response.headers as Record<string, string> });
    body = response.stream();
    for await (const chunk of body as AsyncIterable<Buffer>) {
      while (credit <= 0 && !aborted) await new Promise<void>((resolve) => (wake = resolve));
      if (aborted) break;
      credit--;
      // A copy of the chunk's own bytes: a view would clone the whole pooled buffer behind it.
      send({ type: 'chunk', data: new Uint8Array(chunk) });
    }
    send({ type: 'end' });
  } catch (error) {
    if (!aborted) throw error;
  } finally {
    port.close();
  }
}
