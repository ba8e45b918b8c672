import type { FastifyBaseLogger } from 'fastify';
import type { HostnamesService } from './hostnames.service.js';

// Due checks are minutes apart at the densest (hostnames.schedule.ts): polling every 30 s keeps
// them on time without a query that matters. A round takes at most this many names, so a
// backlog drains over rounds instead of holding DNS lookups open all at once.
const ROUND_EVERY_MS = 30_000;
const NAMES_PER_ROUND = 20;
// The full reload of verified names heals an instance that missed a change message (Redis down).
const RELOAD_EVERY_MS = 60_000;

/**
 * The background side of hostnames on every instance: rechecks names that are due (each due
 * check is taken by one instance only) and refreshes the verified names the edge serves.
 */
export class HostnameChecker {
  private timers: NodeJS.Timeout[] = [];
  private round: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly service: HostnamesService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timers = [
      setInterval(() => this.runRound(), ROUND_EVERY_MS),
      setInterval(() => void this.service.served.reloadAll(), RELOAD_EVERY_MS),
    ];
    for (const timer of this.timers) timer.unref();
    this.runRound();
  }

  /** Stops the timers and waits for a round in progress, so nothing writes after the database closes. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.round;
  }

  private runRound(): void {
    this.round = this.round.then(() =>
      this.service.checkDue(NAMES_PER_ROUND).catch((error: unknown) => {
        this.log.warn({ err: error }, 'the hostname re-check round failed; the next round retries');
      }),
    );
  }
}
