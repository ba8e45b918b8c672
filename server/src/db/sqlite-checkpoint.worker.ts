import { parentPort, workerData } from 'node:worker_threads';
import { trimHeapWhenIdle } from '../shared/heap-trim.js';
import { STOP } from '../shared/worker-thread.js';
import type { CheckpointerSettings } from './sqlite-checkpoint.protocol.js';
import { attachSideFiles, openSqlite, SIDE_FILES } from './sqlite-file.js';

/** The checkpointer's thread (see sqlite-checkpointer.ts). */
const port = parentPort;
if (!port) throw new Error('sqlite-checkpoint.worker runs as a worker thread');
const settings = workerData as CheckpointerSettings;
// Each thread's collections keep what they free resident until released (heap-trim.ts).
trimHeapWhenIdle();
const sqlite = openSqlite(settings.file);
// The app's connection writes every file and checkpoints none while this thread runs: a rollups
// WAL nobody checkpointed grew without bound (10 GB and a full disk seeding 10M scans).
attachSideFiles(sqlite, settings.file);
const SCHEMAS = ['main', ...SIDE_FILES.map((side) => side.schema)];
// A passive checkpoint never waits; a RESTART waits this long at most for the app's commit in
// progress (a fraction of a millisecond) and is otherwise tried again on the next tick.
sqlite.pragma('busy_timeout = 5');

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

function checkpoint(): void {
  for (const schema of SCHEMAS) {
    try {
      const [passive] = sqlite.pragma(`${schema}.wal_checkpoint(PASSIVE)`) as CheckpointResult[];
      if (passive && passive.log >= settings.restartFrames)
        sqlite.pragma(`${schema}.wal_checkpoint(RESTART)`);
    } catch {
      // SQLITE_BUSY: the next tick tries again.
    }
  }
}

const timer = setInterval(checkpoint, settings.intervalMs);
port.on('message', (message: unknown) => {
  if (message !== STOP) return;
  // No last checkpoint here: the app's connection, closed last, checkpoints the WAL as it closes.
  clearInterval(timer);
  sqlite.close();
  port.close();
});
