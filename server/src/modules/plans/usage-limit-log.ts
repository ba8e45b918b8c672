import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../../shared/clock.js';
import { type EventsService, systemActor } from '../events/events.service.js';
import { insertLimitReached } from './plans.repository.js';

const USAGE_METER = systemActor('usage-meter');

/**
 * `usage.limit_reached` in the audit log: once per workspace and month, when a scan first takes the
 * workspace to its monthly redirect limit. The meter tells it on the scan's path (usage-meter.ts
 * `reachedLimit`), so `reached` only queues: the write happens after the scan is answered, one at
 * a time, and a failure is logged, never felt by a scanner. Several instances may see the count
 * cross; the row of (workspace, month) lets one event through.
 */
export class UsageLimitLog {
  private queue: Promise<void> = Promise.resolve();
  private readonly clock: Clock;

  constructor(
    private readonly options: {
      events: EventsService;
      log: FastifyBaseLogger;
      limit: (workspaceId: string) => Promise<number>;
      clock?: Clock;
    },
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** The workspace's count reached its limit this month (synchronous: the scan goes on). */
  reached(workspaceId: string, month: string, count: number): void {
    this.queue = this.queue
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.record(workspaceId, month, count))
      .catch((error: unknown) =>
        this.options.log.warn({ err: error, workspaceId, month }, 'could not log usage.limit_reached'),
      );
  }

  /** Resolves when every queued write is done (at shutdown, in tests). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async record(workspaceId: string, month: string, count: number): Promise<void> {
    const limit = await this.options.limit(workspaceId);
    await this.options.events.inTransaction(async (trx) => {
      const first = await insertLimitReached(trx, workspaceId, month, this.clock.now());
      const event = {
        type: 'usage.limit_reached',
        workspaceId,
        actor: USAGE_METER,
        resource: { type: 'workspace', id: workspaceId },
        data: { month, limit: Number.isFinite(limit) ? limit : null, redirectsThisMonth: count },
      };
      return { result: undefined, events: first ? [event] : [] };
    });
  }
}
