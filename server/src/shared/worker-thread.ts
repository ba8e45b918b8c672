import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker from its built `.js` file, or from the TypeScript sources (tests, tsx), where the
 * thread first registers tsx itself: Node 20 does not take `--import` in a worker's execArgv.
 */
export function startWorker(entry: URL, workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(entry, { workerData });
  const source = pathToFileURL(fileURLToPath(entry).replace(/\.js$/, '.ts')).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** To a thread started by `startWorker`: close what it holds and end. */
export const STOP = 'stop';

/** Sends STOP and resolves once the thread has exited (`exited`); the process waits for it meanwhile. */
export async function stopWorker(worker: Worker, exited: Promise<unknown>): Promise<void> {
  worker.ref();
  worker.postMessage(STOP);
  await exited;
}
