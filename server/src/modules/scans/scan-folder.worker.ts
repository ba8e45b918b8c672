import { parentPort, workerData } from 'node:worker_threads';
import { attachRollups, openSqlite } from '../../db/sqlite-file.js';
import { STOP, yieldCpuToOtherThreads } from '../../shared/worker-thread.js';
import type { FolderSettings, FoldReport, FoldRequest } from './scan-folder.js';
import { scanFolder } from './scans.sqlite-writer.js';

/** The scan folder's thread (see scan-folder.ts): folds until caught up, then looks again every idleMs. */
const port = parentPort;
if (!port) throw new Error('scan-folder.worker runs as a worker thread');
const settings = workerData as FolderSettings;
// Folding may lag behind a burst (reads wait for it, scanners never do): the edge gets the cores first.
yieldCpuToOtherThreads();
const held = new Int32Array(settings.held);
const sqlite = openSqlite(settings.file);
attachRollups(sqlite, settings.file);
/** Prepared at the first fold that finds the tables (a database not migrated yet has none). */
let fold: ReturnType<typeof scanFolder> | undefined;

/** The last request received, and the last one answered. */
let asked = 0;
let answered = 0;
let timer: NodeJS.Timeout | null = null;
let stopping = false;

function run(): void {
  timer = null;
  if (stopping) return;
  // Every scan committed before this request was sent is in the snapshot of the fold below.
  const ask = asked;
  // Held by the edge's load, unless a read waits for this thread.
  if (Atomics.load(held, 0) === 1 && ask <= answered) {
    schedule(settings.idleMs * 4);
    return;
  }
  let result: { folded: number; through: number };
  try {
    fold ??= scanFolder(sqlite);
    result = fold(settings.batch);
  } catch (error) {
    // Busy (the app erasing a workspace), not migrated yet, or a disk error: the cursor did not
    // move; try again.
    port?.postMessage({ error: (error as Error).message } satisfies FoldReport);
    schedule(settings.idleMs * 4);
    return;
  }
  const caughtUp = result.folded < settings.batch;
  const answering = caughtUp && ask > answered;
  if (answering) answered = ask;
  if (result.folded > 0 || answering)
    port?.postMessage({ through: result.through, caughtUp: answering ? ask : null } satisfies FoldReport);
  schedule(caughtUp ? settings.idleMs : 0);
}

function schedule(ms: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(run, ms);
}

port.on('message', (message: FoldRequest | typeof STOP) => {
  if (message === STOP) {
    stopping = true;
    if (timer) clearTimeout(timer);
    sqlite.close();
    port.close();
    return;
  }
  asked = Math.max(asked, message.ask);
  schedule(0);
});
schedule(0);
