import { parentPort, workerData } from 'node:worker_threads';
import { STOP } from '../../shared/worker-thread.js';
import { buildJobApp } from './job-app.js';
import type { JobThreadData } from './job-protocol.js';

/**
 * The background thread: the job threads' app, running the loops that would otherwise share the
 * thread that answers scans (webhook deliveries and the scan feed, hostname checks, sweepers,
 * pruning). It serves no requests; STOP closes it.
 */
const app = await buildJobApp(workerData as JobThreadData, true);
parentPort?.on('message', (message) => {
  if (message === STOP) void app.close().then(() => process.exit(0));
});
