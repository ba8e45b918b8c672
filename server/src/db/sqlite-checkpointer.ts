import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { startWorker, stopWorker } from '../shared/worker-thread.js';
import type { CheckpointerSettings } from './sqlite-checkpoint.protocol.js';

/**
 * Checkpoints a SQLite file's WAL from a thread of its own. SQLite's automatic checkpoint runs
 * inside whichever commit crosses 1000 pages: on the redirect edge that was the event loop copying
 * pages and syncing the file in the middle of a burst of scans, a third of what a scan's write
 * cost, and the slowest redirects. The app's connection stops checkpointing while this runs.
 *
 * The thread's checkpoints are passive: they never make a commit wait. SQLite reuses the WAL from
 * its start once a checkpoint has caught up with it, which any pause in writes allows; under
 * unbroken writes it keeps growing, so past `restartFrames` the thread forces a RESTART, which
 * holds the next commit back while it runs (about a tenth of a second at the default limit, once
 * per ten seconds of unbroken peak load): rare, and bounded.
 */
export class SqliteCheckpointer {
  private readonly exited: Promise<unknown>;

  private constructor(private readonly worker: Worker) {
    this.exited = once(worker, 'exit');
  }

  static start(
    connection: SQLite.Database,
    file: string,
    options: Partial<Omit<CheckpointerSettings, 'file'>> = {},
  ): SqliteCheckpointer {
    const settings: CheckpointerSettings = {
      file,
      intervalMs: options.intervalMs ?? 100,
      // 65,536 pages of 4 KiB: the WAL stays under about 256 MiB.
      restartFrames: options.restartFrames ?? 65_536,
    };
    // The thread only calls SQLite; its heap is Node's own (about 9 MB): bounded, V8 keeps it near that.
    const worker = startWorker(new URL('./sqlite-checkpoint.worker.js', import.meta.url), settings, {
      maxYoungGenerationSizeMb: 2,
      maxOldGenerationSizeMb: 16,
    });
    // The thread must not keep a process alive that is otherwise done.
    worker.unref();
    // Should the thread die, the connection checkpoints by itself again rather than let the WAL grow.
    worker.on('error', (error) => {
      process.emitWarning(`the SQLite checkpointer stopped (${error.message}); commits checkpoint again`);
    });
    worker.once('exit', () => resumeAutocheckpoint(connection));
    connection.pragma('wal_autocheckpoint = 0');
    return new SqliteCheckpointer(worker);
  }

  /** Ends the thread; the connection checkpoints by itself again. */
  async stop(): Promise<void> {
    await stopWorker(this.worker, this.exited);
  }
}

function resumeAutocheckpoint(connection: SQLite.Database): void {
  if (connection.open) connection.pragma('wal_autocheckpoint = 1000');
}
