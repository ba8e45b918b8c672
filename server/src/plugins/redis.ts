import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { ChangeBus } from '../shared/change-bus.js';
import { loadOnUse } from '../shared/load-on-use.js';
import { followLocalChanges } from '../shared/local-changes.js';

/** How long start-up waits for Redis before serving anyway (requests never wait for it). */
const REDIS_START_WAIT_MS = 2000;

/**
 * The one Redis client (`app.redis`, null without REDIS_URL) and the change bus (`app.changes`):
 * in-process events always, and with Redis every instance's. Rate limits, cache invalidation and
 * (later) usage counters share this client.
 */
export const redisPlugin = fp(
  async (
    app: FastifyInstance,
    { config, threadChannel }: { config: Config; threadChannel?: string | undefined },
  ) => {
    const redis = config.redisUrl ? createRedisClient(config.redisUrl, app.log) : null;
    if (redis) await waitUntilReady(redis, REDIS_START_WAIT_MS);
    const changes = new ChangeBus({
      redis,
      channel: `${config.redisKeyPrefix}changes`,
      log: app.log,
      threadChannel,
    });
    await changes.start();
    // Without Redis, `npm run plans` reaches this server through the data folder (local-changes.ts).
    const stopFollowing =
      redis || config.databaseUrl || threadChannel
        ? () => {}
        : followLocalChanges(config.dataDir, changes, app.log);
    app.decorate('redis', redis);
    app.decorate('changes', changes);
    app.addHook('onClose', async () => {
      stopFollowing();
      await changes.close();
      if (redis?.status === 'ready') await redis.quit();
      else redis?.disconnect();
    });
  },
  { name: 'redis' },
);

/** A client for REDIS_URL; the driver is loaded with the first one (an instance without Redis never holds it). */
export function createRedisClient(url: string, log: FastifyBaseLogger): Redis {
  const { Redis: RedisClient } = loadOnUse('ioredis') as typeof import('ioredis');
  const redis = new RedisClient(url, {
    // Fail fast instead of queueing: a request must never wait on a Redis that is away.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  let reported = false;
  redis.on('error', (error) => {
    if (!reported) log.warn({ err: error }, 'Redis connection failed; retrying in the background');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}

function waitUntilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client, or null when REDIS_URL is not set. */
    redis: Redis | null;
    changes: ChangeBus;
  }
}
