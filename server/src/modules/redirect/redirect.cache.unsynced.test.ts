import { describe, expect, it } from 'vitest';
import { EdgeCache } from './redirect.cache.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** With Redis away an instance cannot hear other instances' writes: it keeps codes briefly only. */
describe('the edge cache without the change bus', () => {
  it('reads codes again after the short TTL while Redis is away, and forgets all when it returns', async () => {
    const codes = new Map([
      ['\nkept', { value: 'v1', dependsOn: [] }],
      ['\nnew', { value: 'n1', dependsOn: [] }],
    ]);
    const cache = new EdgeCache(async (key) => codes.get(key) ?? null, {
      maxEntries: 10,
      missTtlMs: 1000,
      unsyncedTtlMs: 40,
    });
    expect(await cache.get('\nkept')).toBe('v1');

    // Synced: a write elsewhere is unheard here, and the entry stays (invalidations would come).
    codes.set('\nkept', { value: 'v2', dependsOn: [] });
    await settle(100);
    expect(await cache.get('\nkept')).toBe('v1');

    // Redis goes away: what is cached, and what is loaded meanwhile, lasts the short TTL only.
    cache.unsync();
    expect(await cache.get('\nnew')).toBe('n1');
    codes.set('\nnew', { value: 'n2', dependsOn: [] });
    await settle(100);
    expect(await cache.get('\nkept')).toBe('v2');
    expect(await cache.get('\nnew')).toBe('n2');

    // Redis returns: changes made while it was away are read again at once.
    codes.set('\nkept', { value: 'v3', dependsOn: [] });
    cache.resync();
    expect(cache.peek('\nkept')).toBeUndefined();
    expect(await cache.get('\nkept')).toBe('v3');
    // ... and after the grace period entries stay until invalidated, as before.
    await settle(100);
    expect(await cache.get('\nkept')).toBe('v3');
    codes.set('\nkept', { value: 'v4', dependsOn: [] });
    await settle(100);
    expect(await cache.get('\nkept')).toBe('v3');
  });
});
