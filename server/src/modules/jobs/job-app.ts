import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { trimHeapWhenIdle } from '../../shared/heap-trim.js';
import { startThreadStats } from '../../shared/thread-stats.js';
import { yieldCpuToOtherThreads } from '../../shared/worker-thread.js';
import type { JobThreadData } from './job-protocol.js';

/**
 * The app of a job thread or of the background thread: the server's own (every route, check and
 * service), built without the edge or the scan recorder, on a connection of its own, at the
 * lowest CPU priority. `background` turns its background loops on (background-thread.ts).
 */
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
