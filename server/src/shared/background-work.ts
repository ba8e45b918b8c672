/** One loop of the background work: a poller or sweeper that can stop and start again. */
export interface BackgroundLoop {
  start(): void;
  /** Resolves once what the loop had in flight is written, so another thread may take over. */
  stop(): Promise<void> | void;
}

/**
 * The background loops of an app (webhook deliveries and the scan feed, hostname checks,
 * sweepers, the scans' pruning), run by exactly one thread of an instance at a time: the server's
 * own while no job thread runs, the writes thread while one does (modules/jobs/job-lanes.ts).
 * Modules add their loops at registration; whoever owns the app starts and stops them together.
 */
export class BackgroundWork {
  private readonly loops: { name: string; loop: BackgroundLoop }[] = [];
  private started = false;
  private stopping: Promise<void> = Promise.resolve();

  /** `name` says which loop it is when it fails to stop. */
  add(name: string, loop: BackgroundLoop): void {
    this.loops.push({ name, loop });
    if (this.started) loop.start();
  }

  /** Whether this thread runs the loops now (a webhook delivery made here is delivered here). */
  get running(): boolean {
    return this.started;
  }

  /** Starts every loop, once the last stop has let go of what it held. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // A loop that failed to stop was told so (its stop's error); the loops start again regardless.
    await this.stopping.catch(() => undefined);
    if (this.started) for (const { loop } of this.loops) loop.start();
  }

  async stop(): Promise<void> {
    if (!this.started) return this.stopping;
    this.started = false;
    const stops = this.loops.map(async ({ name, loop }) => {
      try {
        await loop.stop();
      } catch (error) {
        throw new Error(`the background loop "${name}" did not stop cleanly`, { cause: error });
      }
    });
    this.stopping = Promise.all(stops).then(() => undefined);
    return this.stopping;
  }
}

/** When a sweeper first runs after its loop starts: within the shortest time a thread runs the loops. */
const FIRST_SWEEP_AFTER_MS = 30_000;

/**
 * A loop that runs `sweep` half a minute after it starts, then every `everyMs`. The first comes
 * early because the loops move between threads (a thread may run them for a minute or two only);
 * stopping waits for a sweep in flight.
 */
export function sweeperLoop(everyMs: number, sweep: () => Promise<unknown>): BackgroundLoop {
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  const run = (delay: number) => {
    timer = setTimeout(() => {
      inFlight = sweep().finally(() => {
        if (timer) run(everyMs);
      });
    }, delay).unref();
  };
  return {
    start: () => run(FIRST_SWEEP_AFTER_MS),
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}
