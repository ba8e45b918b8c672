import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Wrong passwords per address and code: 10 in 15 minutes, then every try (the right password
 * too, or a guess could still tell right from wrong) is refused until the window ends. Counted in
 * Redis when configured, so all instances share one count; in memory while it does not answer.
 */

export const GATE_MAX_WRONG = 10;
export const GATE_WINDOW_MS = 15 * 60_000;

export interface GateTries {
  /** Seconds until tries are allowed again; 0 when they are now. */
  blockedFor(key: string): Promise<number>;
  /** Counts one wrong password. */
  wrong(key: string): Promise<void>;
}

export class MemoryGateTries implements GateTries {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async blockedFor(key: string): Promise<number> {
    const window = this.current(key);
    return window && window.count >= GATE_MAX_WRONG ? secondsUntil(window.resetAt - this.now()) : 0;
  }

  async wrong(key: string): Promise<void> {
    const window = this.current(key) ?? { count: 0, resetAt: this.now() + GATE_WINDOW_MS };
    window.count += 1;
    this.windows.set(key, window);
    // Forgotten windows would pile up under a spray of addresses: drop the ended ones now and then.
    if (this.windows.size > 10_000) this.sweep();
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt > this.now()) return window;
    if (window) this.windows.delete(key);
    return undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

// One round trip each: the count and what is left of its window; a first wrong try starts the window.
const READ_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
return { count, redis.call('PTTL', KEYS[1]) }
`;
const WRONG_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

export class RedisGateTries implements GateTries {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async blockedFor(key: string): Promise<number> {
    const [count, ttl] = (await this.redis.eval(READ_SCRIPT, 1, this.key(key))) as [number, number];
    return Number(count) >= GATE_MAX_WRONG ? secondsUntil(Math.max(Number(ttl), 0)) : 0;
  }

  async wrong(key: string): Promise<void> {
    await this.redis.eval(WRONG_SCRIPT, 1, this.key(key), GATE_WINDOW_MS);
  }

  private key(key: string): string {
    return `${this.prefix}gate:${key}`;
  }
}

/** Redis while it answers, this instance's count while it does not (said once in the log each way). */
export class FallbackGateTries implements GateTries {
  private degraded = false;

  constructor(
    private readonly primary: GateTries,
    private readonly fallback: GateTries,
    private readonly log: FastifyBaseLogger,
  ) {}

  blockedFor(key: string): Promise<number> {
    return this.either((tries) => tries.blockedFor(key));
  }

  wrong(key: string): Promise<void> {
    return this.either((tries) => tries.wrong(key));
  }

  private async either<T>(act: (tries: GateTries) => Promise<T>): Promise<T> {
    try {
      const result = await act(this.primary);
      if (this.degraded) {
        this.degraded = false;
        this.log.info('Redis answers again: wrong passwords are counted across instances');
      }
      return result;
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.log.warn({ err: error }, 'Redis does not answer: counting wrong passwords on this instance');
      }
      return act(this.fallback);
    }
  }
}

export const gateTriesKey = (codeId: string, ip: string | undefined) => `${codeId}:${ip ?? 'unknown'}`;

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
