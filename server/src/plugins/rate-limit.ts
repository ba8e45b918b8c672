import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import {
  apiRateFor,
  BULK_ITEMS_PER_REQUEST,
  BULK_MAX_ITEMS,
  PUBLIC_RATE_LIMITS,
  RATE_LIMIT_WINDOW_MS,
} from '../modules/plans/plans.js';
import { Problem } from '../shared/problem.js';

/**
 * Fixed-window budgets: per API key by plan (API_RATE_LIMIT, raised by paid plans), per account
 * for its signed-in sessions (SESSION_RATE_LIMIT), and per client IP for answers
 * nobody is signed in for. Every /api answer carries RateLimit-Limit, -Remaining and -Reset; over
 * budget is 429 `rate_limited` with Retry-After. With REDIS_URL the counts live in Redis, so all
 * instances share one budget; when Redis does not answer, each instance counts alone until it does.
 */

/** A public endpoint's own per-IP budget, as route config: `config: { rateLimit: { max: 30 } }`. */
export interface RouteRateLimit {
  /** Requests per window per client IP. */
  max: number;
  /** Window length (default one minute). */
  windowMs?: number;
  /** Budget name; routes with the same name share a budget (default: the route's URL). */
  name?: string;
}

export interface RateLimitHit {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimitStore {
  /** Adds `weight` (default 1; negative gives back) to the key's count in its current window. */
  hit(key: string, windowMs: number, weight?: number): Promise<RateLimitHit>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = () => Date.now()) {
    this.sweeper = setInterval(() => this.sweep(), RATE_LIMIT_WINDOW_MS);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number, weight = 1): Promise<RateLimitHit> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += weight;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

// One round trip: count, start the window on the first hit, report what is left of it.
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number, weight = 1): Promise<RateLimitHit> {
    const answer = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}rl:${key}`, windowMs, weight)) as [
      number,
      number,
    ];
    return { count: Number(answer[0]), resetMs: Number(answer[1]) };
  }

  /** The client is the redis plugin's: it closes it. */
  async close(): Promise<void> {}
}

/** Redis while it answers; the local count while it does not (said once in the log each way). */
export class FallbackRateLimitStore implements RateLimitStore {
  private degraded = false;

  constructor(
    private readonly primary: RateLimitStore,
    private readonly fallback: RateLimitStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  async hit(key: string, windowMs: number, weight = 1): Promise<RateLimitHit> {
    try {
      const hit = await this.primary.hit(key, windowMs, weight);
      if (this.degraded) {
        this.degraded = false;
        this.log.info('Redis answers again: rate limits are shared between instances');
      }
      return hit;
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.log.warn({ err: error }, 'Redis does not answer: counting rate limits on this instance');
      }
      return this.fallback.hit(key, windowMs, weight);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}

/** Requests a minute for each API key of an account, from its plans (the plans module answers). */
export type ApiRateOf = (workspaceId: string) => Promise<number>;

export interface RateLimits {
  store: RateLimitStore;
  /** Counts one request against `bucket`; sets the RateLimit-* headers; throws 429 when over. */
  consume(reply: FastifyReply, bucket: string, max: number, windowMs?: number): Promise<void>;
  /** Counts against the client IP: the route's own public budget, else the unauthenticated one. */
  consumeForIp(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Counts against an API key (its workspace's plans' rate) or, for a person, against their own
   * budget (the session rate): members of one workspace do not share it.
   */
  consumeForAccount(reply: FastifyReply, workspaceId: string, caller: Caller): Promise<void>;
  /**
   * Counts a bulk call's items against the caller's items budget (BULK_ITEMS_PER_REQUEST times
   * its request rate, and never less than one full call): a bulk call is one request of the
   * request budget plus its items here. Over it, the call is refused whole (429, Retry-After,
   * `budget: "items"`) and its items are given back.
   */
  consumeItems(reply: FastifyReply, workspaceId: string, caller: Caller, items: number): Promise<void>;
}

type Caller = { keyId?: string | undefined; userId?: string | undefined };

export const rateLimitPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
      store,
      apiRateOf = async () => apiRateFor(config.rateLimits.api, []),
      countRequests = true,
    }: {
      config: Config;
      store?: RateLimitStore;
      apiRateOf?: ApiRateOf;
      /** false in a job thread: the server counted each request before handing it over. */
      countRequests?: boolean;
    },
  ) => {
    let limitStore: RateLimitStore = store ?? new MemoryRateLimitStore();
    if (!store && app.redis) {
      limitStore = new FallbackRateLimitStore(
        new RedisRateLimitStore(app.redis, config.redisKeyPrefix),
        limitStore,
        app.log,
      );
    }
    app.addHook('onClose', async () => limitStore.close());

    const rateLimits: RateLimits = {
      store: limitStore,
      async consume(reply, bucket, max, windowMs = config.rateLimits.windowMs) {
        if (!countRequests) return;
        const { count, resetMs } = await limitStore.hit(bucket, windowMs);
        const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
        reply.header('ratelimit-limit', String(max));
        reply.header('ratelimit-remaining', String(Math.max(0, max - count)));
        reply.header('ratelimit-reset', String(resetSeconds));
        if (count > max) {
          throw new Problem(
            'rate_limited',
            `Over the limit of ${max} requests in ${Math.round(windowMs / 1000)} s; retry in ${resetSeconds} s.`,
            { headers: { 'retry-after': String(resetSeconds) } },
          );
        }
      },
      async consumeForIp(request, reply) {
        const own = request.routeOptions.config.rateLimit;
        if (own) {
          const name = own.name ?? request.routeOptions.url ?? 'route';
          return rateLimits.consume(reply, `ip:${name}:${request.ip}`, own.max, own.windowMs);
        }
        return rateLimits.consume(reply, `ip:${request.ip}`, PUBLIC_RATE_LIMITS.unauthenticated);
      },
      async consumeForAccount(reply, workspaceId, caller) {
        const { bucket, max } = await budgetOf(workspaceId, caller);
        return rateLimits.consume(reply, bucket, max);
      },
      async consumeItems(reply, workspaceId, caller, items) {
        const budget = await budgetOf(workspaceId, caller);
        const max = Math.max(budget.max * BULK_ITEMS_PER_REQUEST, BULK_MAX_ITEMS);
        const bucket = `items:${budget.bucket}`;
        const { count, resetMs } = await limitStore.hit(bucket, RATE_LIMIT_WINDOW_MS, items);
        const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
        if (count <= max) {
          reply.header('rq-items-limit', String(max));
          reply.header('rq-items-remaining', String(max - count));
          return;
        }
        await limitStore.hit(bucket, RATE_LIMIT_WINDOW_MS, -items);
        const left = Math.max(0, max - (count - items));
        throw new Problem(
          'rate_limited',
          `Over the items budget of bulk calls: ${max} items a minute, ${left} left for ${resetSeconds} s; this call has ${items}. Retry in ${resetSeconds} s, or send fewer items.`,
          {
            headers: {
              'retry-after': String(resetSeconds),
              'rq-items-limit': String(max),
              'rq-items-remaining': String(left),
            },
            extensions: { budget: 'items', limit: max, remaining: left, items },
          },
        );
      },
    };
    app.decorate('rateLimits', rateLimits);

    /** An API key's budget (its workspace's plans' rate) or a person's own (the session rate). */
    async function budgetOf(workspaceId: string, { keyId, userId }: Caller) {
      const keyRate = await apiRateOf(workspaceId);
      if (keyId) return { bucket: `key:${keyId}`, max: keyRate };
      // A person on the site: one page may ask several things at once, and no clicking may reach this.
      return {
        bucket: `account:${userId ?? workspaceId}`,
        max: Math.max(config.rateLimits.session, keyRate),
      };
    }

    // Routes behind authentication count once the caller is known (the auth hook does that);
    // every other /api answer, 404s included, counts against the client IP here.
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      if (request.routeOptions.config.auth) return;
      await rateLimits.consumeForIp(request, reply);
    });
  },
  { name: 'rate-limit', dependencies: ['errors', 'redis'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
  interface FastifyContextConfig {
    /** A public endpoint's own per-IP budget (see RouteRateLimit). */
    rateLimit?: RouteRateLimit;
  }
}
