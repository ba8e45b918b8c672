import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { inProcessUsageStore, type UsageStore } from './usage-meter.js';

// A month's key outlives the month by a few days, so a late reader still finds it.
const KEY_TTL_SECONDS = 40 * 24 * 3600;

// Adds one to a count only if it was seeded: a count that Redis lost (restart, eviction) must be
// seeded again from the database, not restarted at 1.
const INCREMENT_SEEDED = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('incr', KEYS[1]) end return -1`;

/**
 * Every instance's usage in one Redis count per account and month. The first instance to need a
 * count seeds it from the database (SET NX: one seed wins); each recorded scan adds one. With
 * Redis away, counting goes on in this process (exact for this instance's scans), with a warning.
 * When Redis answers again, the counts this instance added to meanwhile are dropped from Redis, so
 * the next scan seeds them again from the database, which holds every instance's scans: what was
 * counted during the outage is not lost from the shared count.
 */
export function redisUsageStore(redis: Redis, prefix: string, log: FastifyBaseLogger): UsageStore {
  const local = inProcessUsageStore();
  const key = (accountId: string, month: string) => `${prefix}usage:${accountId}:${month}`;
  let away = false;
  const countedWhileAway = new Set<string>();
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

  const seeded = async (accountId: string, month: string, seed: () => Promise<number>): Promise<number> => {
    const count = await seed();
    await redis.set(key(accountId, month), count, 'EX', KEY_TTL_SECONDS, 'NX');
    return Number((await redis.get(key(accountId, month))) ?? count);
  };

  return {
    async current(accountId, month, seed) {
      try {
        await reconcile();
        const shared = await redis.get(key(accountId, month));
        return shared === null ? await seeded(accountId, month, seed) : Number(shared);
      } catch (error) {
        fallBack(error);
        return local.current(accountId, month, seed);
      }
    },
    async increment(accountId, month, seed) {
      try {
        await reconcile();
        const count = Number(await redis.eval(INCREMENT_SEEDED, 1, key(accountId, month)));
        return count >= 0 ? count : await seeded(accountId, month, seed);
      } catch (error) {
        fallBack(error);
        countedWhileAway.add(key(accountId, month));
        return local.increment(accountId, month, seed);
      }
    },
  };
}
