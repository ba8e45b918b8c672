import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../../db/create-db.js';
import { attachSideFiles, openSqlite } from '../../db/sqlite-file.js';
import { trimHeapWhenIdle } from '../../shared/heap-trim.js';
import { STOP, yieldCpuToOtherThreads } from '../../shared/worker-thread.js';
import type { FoldReport, FoldRequest, FoldSource, FoldThreadSettings } from './rollup-fold-thread.js';
import { foldQueuedScans } from './scans.repository.js';
import { sqliteRollupFold } from './scans.sqlite-writer.js';

/** The rollup fold thread (see rollup-fold-thread.ts): folds until caught up, then looks again every idleMs. */
const port = parentPort;
if (!port) throw new Error('rollup-fold-thread.worker runs as a worker thread');
const settings = workerData as FoldThreadSettings;
// Each thread's collections keep what they free resident until released (heap-trim.ts).
trimHeapWhenIdle();
// Folding may lag behind a burst (reads wait for it, scanners never do): the edge gets the cores first.
yieldCpuToOtherThreads();
const held = new Int32Array(settings.held);

/** One fold of `limit` scans at most; `waitForOthers` while a read waits (see foldQueuedScans). */
type Fold = (
  limit: number,
  waitForOthers: boolean,
) => { folded: number; through: number } | Promise<{ folded: number; through: number }>;

function openFolds(source: FoldSource): { fold: Fold; close(): Promise<void> } {
  if ('file' in source) {
    const sqlite = openSqlite(source.file);
    attachSideFiles(sqlite, source.file);
    // Prepared at the first fold that finds the tables (a database not migrated yet has none).
    let fold: ReturnType<typeof sqliteRollupFold> | undefined;
    return {
      fold: (limit) => {
        fold ??= sqliteRollupFold(sqlite);
        return fold(limit);
      },
      close: async () => {
        sqlite.close();
      },
    };
  }
  const database = createDatabase({ databaseUrl: source.url, pgSchema: source.schema, pgPoolSize: 1 });
  let through = 0;
  return {
    fold: async (limit, waitForOthers) => {
      const folded = await foldQueuedScans(database.db, limit, { waitForOthers });
      through += folded;
      return { folded, through };
    },
    close: () => database.destroy(),
  };
}

const folds = openFolds(settings.source);
/** The last fold started, which stopping lets end; `busy` while it runs (PostgreSQL's are awaited). */
let folding: Promise<unknown> = Promise.resolve();
let busy = false;

/** The last request received, and the last one answered. */
let asked = 0;
let answered = 0;
let timer: NodeJS.Timeout | null = null;
let stopping = false;

function run(): void {
  timer = null;
  if (stopping || busy) return;
  // Every scan committed before this request was sent is in the snapshot of the fold below.
  const ask = asked;
  // Held by the edge's load, unless a read waits for this thread.
  if (Atomics.load(held, 0) === 1 && ask <= answered) {
    Atomics.add(held, 1, 1);
    schedule(settings.idleMs * 4);
    return;
  }
  busy = true;
  folding = Promise.resolve()
    .then(() => folds.fold(settings.batch, ask > answered))
    .finally(() => {
      busy = false;
    })
    .then(
      (result) => {
        const caughtUp = result.folded < settings.batch;
        const answering = caughtUp && ask > answered;
        if (answering) answered = ask;
        if (result.folded > 0 || answering)
          port?.postMessage({
            through: result.through,
            caughtUp: answering ? ask : null,
          } satisfies FoldReport);
        // A request that came during the fold is answered by the next one, at once.
        schedule(caughtUp && asked <= answered ? settings.idleMs : 0);
      },
      (error: unknown) => {
        // Busy (the app erasing a workspace), not migrated yet, or a disk or connection error:
        // nothing was marked folded; try again.
        port?.postMessage({ error: (error as Error).message } satisfies FoldReport);
        schedule(settings.idleMs * 4);
      },
    );
}

function schedule(ms: number): void {
  if (stopping) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(run, ms);
}

port.on('message', (message: FoldRequest | typeof STOP) => {
  if (message === STOP) {
    stopping = true;
    if (timer) clearTimeout(timer);
    folding.then(() => folds.close()).finally(() => port.close());
    return;
  }
  asked = Math.max(asked, message.ask);
  schedule(0);
});
schedule(0);
