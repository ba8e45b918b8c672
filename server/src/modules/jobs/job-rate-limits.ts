import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import type { RateLimitHit, RateLimitStore } from '../../plugins/rate-limit.js';

/**
 * Without Redis, rate-limit windows live in the main thread's memory. A job thread counts a bulk
 * call's items against the same windows by asking the main thread over a channel, so the items
 * budget is one budget however many threads run bulk calls. (With Redis, every thread counts in
 * Redis and this is not used.)
 */
interface HitRequest {
  id: string;
  key: string;
  windowMs: number;
  weight: number;
}

interface HitAnswer {
  id: string;
  hit?: RateLimitHit;
  error?: string;
}

/** In the main thread: answers the job threads' hits from `store`; answers the function that stops. */
export function serveRateLimits(channelName: string, store: RateLimitStore): () => void {
  const channel = new BroadcastChannel(channelName);
  channel.unref();
  channel.onmessage = (event) => {
    const message = (event as { data: HitRequest | HitAnswer }).data;
    if (!('key' in message)) return; // another thread's answer
    store.hit(message.key, message.windowMs, message.weight).then(
      (hit) => channel.postMessage({ id: message.id, hit } satisfies HitAnswer),
      (error: unknown) => channel.postMessage({ id: message.id, error: String(error) } satisfies HitAnswer),
    );
  };
  return () => channel.close();
}

/** In a job thread: a store whose every hit is counted by the main thread's. */
export function mainThreadRateLimitStore(channelName: string): RateLimitStore {
  const channel = new BroadcastChannel(channelName);
  channel.unref();
  const waiting = new Map<string, { resolve: (hit: RateLimitHit) => void; reject: (error: Error) => void }>();
  channel.onmessage = (event) => {
    const message = (event as { data: HitRequest | HitAnswer }).data;
    if ('key' in message) return;
    const caller = waiting.get(message.id);
    if (!caller) return; // another thread's
    waiting.delete(message.id);
    if (message.hit) caller.resolve(message.hit);
    else caller.reject(new Error(`rate limit store: ${message.error}`));
  };
  return {
    hit(key, windowMs, weight = 1) {
      const id = randomUUID();
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        channel.postMessage({ id, key, windowMs, weight } satisfies HitRequest);
      });
    },
    async close() {
      channel.close();
    },
  };
}
