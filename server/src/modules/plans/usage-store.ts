import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { inProcessUsageStore, type UsageStore } from './usage-meter.js';

// A month's key outlives the month by a few days, so a late reader still finds it.
const KEY_TTL_SECONDS = 40 * 24 * 3600;

// Scans counted within this long go to Redis together: one increment per account in one
// pipeline. The meter counts each scan in this process at once; what this delays is only when
// other instances see it (and they hear at once of an account reaching its limit).
const FLUSH_MS = 5;

// Adds to a count only if it was seeded: a count that Redis lost (restart, eviction) must be
// seeded again from the database, not restarted at 1. ARGV[1]: the scans to add.
const INCREMENT_SEEDED = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('incrby', KEYS[1], ARGV[1]) end return -1`;

/** The scans of one account and month counted in one flush window, sent to Redis as one increment. */
interface PendingIncrement {
  workspaceId: string;
  month: string;
  seed: () => Promise<number>;
  /** One per scan, in order: each is answered with the count its scan made. */
  waiters: { resolve(count: number): void; reject(error: unknown): void }[];
}

/**
 * Every instance's usage in one Redis count per account and month. The first instance to need a
 * count seeds it from the database (SET NX: one seed wins); each recorded scan adds one. With
 * Redis away, counting goes on in this process (exact for this instance's scans), with a warning.
 * When Redis answers again, the counts this instance added to meanwhile are dropped from Redis, so
 * the next scan seeds them again from the database, which holds every instance's scans: what was
 * counted during the outage is not lost from the shared count.
 *
 * The scans of a few milliseconds (FLUSH_MS) are sent together: one increment per account (by
 * the number of its scans), all of them in one pipeline, so Redis costs a round trip per window,
 * not per scan or per event-loop tick.
 */
export function redisUsageStore(redis: Redis, prefix: string, log: FastifyBaseLogger): UsageStore {
  const local = inProcessUsageStore();
  const key = (workspaceId: string, month: string) => `${prefix}usage:${workspaceId}:${month}`;
  let away = false;
  const countedWhileAway = new Set<string>();
  let pending = new Map<string, PendingIncrement>();
  let flushTimer: NodeJS.Timeout | null = null;
  /** Sends what is pending now, rather than when the window ends. */
  const flush = async () => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    if (pending.size > 0) await sendPending();
  };
  const fallBack = (error: unknown) => {
    if (!away)
      log.warn({ err: error }, 'Redis is away: monthly usage counts in this process until it returns');
    away = true;
  };
  const reconcile = async () => {
    if (!away) return;
    const stale = [...countedWhileAway];
    if (stale.length > 0) await redis.del(...stale);
    away = false;
    countedWhileAway.clear();
    log.info(
      { accounts: stale.length },
      'Redis is back: usage counted meanwhile is seeded again from the database',
    );
  };

  const seeded = async (workspaceId: string, month: string, seed: () => Promise<number>): Promise<number> => {
    const count = await seed();
    await redis.set(key(workspaceId, month), count, 'EX', KEY_TTL_SECONDS, 'NX');
    return Number((await redis.get(key(workspaceId, month))) ?? count);
  };

  return {
    async current(workspaceId, month, seed) {
      try {
        // This instance's own scans not sent yet are read back too.
        await flush();
        await reconcile();
        const shared = await redis.get(key(workspaceId, month));
        return shared === null ? await seeded(workspaceId, month, seed) : Number(shared);
      } catch (error) {
        fallBack(error);
        return local.current(workspaceId, month, seed);
      }
    },
    increment(workspaceId, month, seed) {
      return new Promise((resolve, reject) => {
        const pendingKey = key(workspaceId, month);
        let entry = pending.get(pendingKey);
        if (!entry) {
          entry = { workspaceId, month, seed, waiters: [] };
          pending.set(pendingKey, entry);
        }
        entry.waiters.push({ resolve, reject });
        flushTimer ??= setTimeout(flush, FLUSH_MS);
      });
    },
    flush,
  };

  /** Counts in this process what Redis could not take, as every scan did before batching. */
  function countLocally(entry: PendingIncrement, error: unknown): void {
    fallBack(error);
    countedWhileAway.add(key(entry.workspaceId, entry.month));
    for (const waiter of entry.waiters) waiter.resolve(local.increment(entry.workspaceId, entry.month));
  }

  async function settle(entry: PendingIncrement, count: number): Promise<void> {
    if (count >= 0) {
      // The pipeline added all of them: scan i of n made the count n - 1 - i below the total.
      const n = entry.waiters.length;
      entry.waiters.forEach((waiter, i) => {
        waiter.resolve(count - (n - 1 - i));
      });
      return;
    }
    try {
      // Seeded from the database, which already holds these scans.
      const seededCount = await seeded(entry.workspaceId, entry.month, entry.seed);
      for (const waiter of entry.waiters) waiter.resolve(seededCount);
    } catch (error) {
      countLocally(entry, error);
    }
  }

  async function sendPending(): Promise<void> {
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await reconcile();
      const pipeline = redis.pipeline();
      for (const entry of batch)
        pipeline.eval(INCREMENT_SEEDED, 1, key(entry.workspaceId, entry.month), entry.waiters.length);
      const results = (await pipeline.exec()) ?? [];
      await Promise.all(
        batch.map((entry, i) => {
          const [error, count] = results[i] ?? [new Error('no reply from Redis'), null];
          if (error) return countLocally(entry, error);
          return settle(entry, Number(count));
        }),
      );
    } catch (error) {
      for (const entry of batch) countLocally(entry, error);
    }
  }
}
