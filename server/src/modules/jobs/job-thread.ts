import type { Readable } from 'node:stream';
import { workerData } from 'node:worker_threads';
import { buildJobApp } from './job-app.js';
import {
  CHUNKS_IN_FLIGHT,
  type CloseTask,
  type JobMessage,
  type JobReply,
  type JobTask,
  type JobThreadData,
  type StartTask,
} from './job-protocol.js';

/**
 * A job thread (job-app.ts): under load the cores go to the thread that answers scans, and jobs
 * take the rest. Piscina calls the default export once per forwarded request. The app is built
 * as the thread starts (Piscina loads this module then), so a warm thread answers its first job
 * at once; a build that fails fails each job the thread is given.
 */
const data = workerData as JobThreadData;
const app = buildJobApp(data, data.background);
app.catch(() => undefined);

export default async function runJob(task: JobTask | CloseTask | StartTask): Promise<void> {
  if ('start' in task) return;
  const jobApp = await app;
  if ('close' in task) return jobApp.close();
  const { request, port } = task;
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
    send({
      type: 'head',
      status: response.statusCode,
      headers: response.headers as Record<string, string>,
      changes: jobApp.changes.sent(),
    });
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
