import { parentPort, workerData } from 'node:worker_threads';
import { STOP } from '../shared/worker-thread.js';
import type { CheckpointerSettings } from './sqlite-checkpoint.protocol.js';
import { openSqlite } from './sqlite-file.js';

/** The checkpointer's thread (see sqlite-checkpointer.ts). */
const port = parentPort;
if (!port) throw new Error('sqlite-checkpoint.worker runs as a worker thread');
const settings = workerData as CheckpointerSettings;
const sqlite = openSqlite(settings.file);
// A passive checkpoint never waits; a RESTART waits this long at most for the app's commit in
// progress (a fraction of a millisecond) and is otherwise tried again on the next tick.
sqlite.pragma('busy_timeout = 5');

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

function checkpoint(): void {
  try {
    const [passive] = sqlite.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    if (passive && passive.log >= settings.restartFrames) sqlite.pragma('wal_checkpoint(RESTART)');
  } catch {
    // SQLITE_BUSY: the next tick tries again.
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
