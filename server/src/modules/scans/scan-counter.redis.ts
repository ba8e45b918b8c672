import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type CountedCode, inProcessScanCounter, type ScanCounter } from './scan-counter.js';

// A code nobody scans for this long is seeded from the database again when it is next scanned.
const KEY_TTL_SECONDS = 30 * 24 * 3600;

/**
 * One atomic step on a code's shared count: seed it when missing, raise it to the caller's lower
 * bound when it is behind (Redis lost it, or missed scans while it was away), add this scan when
 * it counts, and answer the count before this scan. KEYS[1] the count; ARGV: lower bound, counts
 * (1/0), TTL in seconds.
 */
const TAKE = `
local floor = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '-1')
if current < floor then current = floor end
local before = current
if ARGV[2] == '1' then current = current + 1 end
redis.call('SET', KEYS[1], current, 'EX', ARGV[3])
return before`;

/**
 * The shared form of the scan counter (docs/adr/2026-11-23-redirect-edge.md): every instance
 * takes its numbers from one Redis count per code, so "the first three scans" are three across
 * all instances, and one scan takes exactly one number.
 *
 * The count is seeded from the database's running total when an instance loads the code, and it
 * only ever moves up: each take carries a lower bound (the database total when this instance
 * loaded the code, plus the scans this instance counted since), which every real count is at
 * least. So a count Redis lost comes back from the database, a count that missed scans while Redis
 * was away catches up with them, and an edit of the code (which reloads it everywhere) never sets
 * the sequence back. The key is never deleted on a change: another instance could be counting on
 * it at that moment, and a reseed from a database the recorder has not yet caught up with would
 * hand out numbers twice.
 *
 * With Redis away the edge never waits: this instance counts in process (exact for its own scans),
 * with one logged warning until Redis answers again.
 */
export function redisScanCounter(redis: Redis, prefix: string, log: FastifyBaseLogger): ScanCounter {
  const key = (codeId: string) => `${prefix}scans:${codeId}`;
  let warned = false;

  const take = async (code: CountedCode, counts: boolean): Promise<number> => {
    // The in-process count is the lower bound this instance knows; advance it as well.
    const floor = inProcessScanCounter.take(code, counts) as number;
    try {
      const before = Number(
        await redis.eval(TAKE, 1, key(code.id), floor, counts ? '1' : '0', KEY_TTL_SECONDS),
      );
      if (warned) log.info('Redis answers again: scan counts are shared across instances');
      warned = false;
      return before;
    } catch (error) {
      if (!warned)
        log.warn(
          { err: error },
          'Redis is away: scans: { lt, gte } rules count scans per instance until it returns',
        );
      warned = true;
      return floor;
    }
  };
  return { take };
}
