import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { trimHeapWhenIdle } from '../../shared/heap-trim.js';
import { startThreadStats } from '../../shared/thread-stats.js';
import { yieldCpuToOtherThreads } from '../../shared/worker-thread.js';
import type { JobThreadData } from './job-protocol.js';

/**
 * The app of a job thread: the server's own (every route, check and service), built without the
 * edge or the scan recorder, on a connection of its own. The heavy jobs' threads run at the
 * lowest CPU priority (`data.lowPriority`). The writes thread keeps the normal one, and runs the
 * background loops too (`background`): their polls take SQLite's write lock for a moment, and
 * starved at nice 19 on a saturated machine they held it for seconds while the server's own
 * writes waited (an e2e create answered 503 after the 5 s busy timeout).
 */
export async function buildJobApp(data: JobThreadData, background: boolean): Promise<FastifyInstance> {
  if (data.lowPriority) yieldCpuToOtherThreads();
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
      identitySecret: data.identitySecret,
      edgeLoad: data.edgeLoad,
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
    `${data.lowPriority ? 'jobs' : 'writes'}-${threadId}`,
    background ? webhookCounts : undefined,
  );
  return jobApp;
}
