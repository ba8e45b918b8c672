import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Starts a worker from its built `.js` file. Under the TypeScript sources (tests) it takes the
 * built twin in dist/ when fresh, else the sources, where the thread first registers tsx itself:
 * Node 20 does not take `--import` in a worker's execArgv.
 * `resourceLimits` bounds the thread's V8 heap (a thread that exceeds it ends with an error).
 */
export function startWorker(entry: URL, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(entry, { workerData, resourceLimits });
  const built = builtTwin(entry);
  if (built) return new Worker(built, { workerData, resourceLimits });
  const source = pathToFileURL(fileURLToPath(entry).replace(/\.js$/, '.ts')).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

/**
 * Under the TypeScript sources (tests), the thread's build in dist/ when it is there and not older
 * than its source: tsx registered in a thread cost it about a second of CPU or more to start, and
 * every test app on PostgreSQL starts two threads (the scan shipper's and the fold's). The test
 * run brings dist up to date first (server/test/helpers/global-setup.ts); the thread is its own
 * isolate, so it shares no module with the sources the test runs.
 */
function builtTwin(entry: URL): URL | undefined {
  const file = fileURLToPath(entry);
  const at = file.lastIndexOf(`${path.sep}src${path.sep}`);
  if (at < 0) return undefined;
  const built = `${file.slice(0, at)}${path.sep}dist${file.slice(at + 4)}`;
  try {
    const source = fs.statSync(file.replace(/\.js$/, '.ts'));
    if (fs.statSync(built).mtimeMs >= source.mtimeMs) return pathToFileURL(built);
  } catch {
    // No build (or no source): the sources, through tsx.
  }
  return undefined;
}

/** To a thread started by `startWorker`: close what it holds and end. */
export const STOP = 'stop';

/** Sends STOP and resolves once the thread has exited (`exited`); the process waits for it meanwhile. */
export async function stopWorker(worker: Worker, exited: Promise<unknown>): Promise<void> {
  worker.ref();
  worker.postMessage(STOP);
  await exited;
}

/**
 * Called inside a thread whose work may lag (analytics folding): lowers this thread's scheduling
 * priority to the lowest (nice 19), so under load the cores go to the event loop that answers
 * scans, and the thread catches up when they are idle. On Linux the nice value is per thread
 * (setpriority on the calling thread); where the system refuses, the thread keeps its priority.
 */
export function yieldCpuToOtherThreads(): void {
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not permitted here (some containers): the work is the same, only less deferential.
  }
}

/**
 * Sets the priority of V8's own helper threads (`V8Worker`: concurrent marking, parallel
 * scavenges, compiles). The process's isolates share them, so while job threads run, their
 * garbage is collected at the helpers' priority beside the thread that answers scans (a print
 * run's stalled it for hundreds of ms, measured in /proc): the jobs module lowers them to nice 19
 * then, and back to 0 once no job thread runs, as starved helpers cost the scan thread itself
 * (it finishes the collections they leave; a third more heap under the million-code load).
 * Raising them back takes RLIMIT_NICE (`LimitNICE=+0` in the systemd units); refused, they stay
 * low. Linux only (thread names and per-thread priorities); elsewhere nothing changes.
 */
export function setV8HelperThreadsPriority(priority: number): void {
  let tasks: string[];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const tid of tasks) {
    try {
      if (fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== 'V8Worker') continue;
      os.setPriority(Number(tid), priority);
    } catch {
      // Gone, or not permitted: that thread keeps its priority.
    }
  }
}
