import { describe, expect, it } from 'vitest';
import { EdgeCache } from './redirect.cache.js';

/** A loader over a plain map that counts its calls and can be held mid-load. */
function loader(codes: Map<string, { value: string; dependsOn: string[]; keep?: boolean }>) {
  const calls: string[] = [];
  let hold: Promise<void> | undefined;
  return {
    calls,
    holdNext(until: Promise<void>) {
      hold = until;
    },
    load: async (key: string) => {
      calls.push(key);
      if (hold) {
        const waiting = hold;
        hold = undefined;
        await waiting;
      }
      return codes.get(key) ?? null;
    },
  };
}

describe('the edge cache', () => {
  it('loads a code once, answers it without waiting, and reloads it after a write', async () => {
    const codes = new Map([['\nmenu', { value: 'v1', dependsOn: ['rule_a'] }]]);
    const source = loader(codes);
    const cache = new EdgeCache(source.load, { maxEntries: 10, missTtlMs: 1000 });
    const key = EdgeCache.key('', 'menu');
    expect(cache.peek(key)).toBeUndefined();
    expect(await Promise.all([cache.get(key), cache.get(key)])).toEqual(['v1', 'v1']);
    expect(cache.peek(key)).toBe('v1');
    expect(source.calls).toEqual([key]);

    codes.set(key, { value: 'v2', dependsOn: ['rule_a'] });
    cache.invalidateKey(key);
    expect(await cache.get(key)).toBe('v2');
    codes.set(key, { value: 'v3', dependsOn: [] });
    cache.invalidateDependency('rule_a');
    expect(await cache.get(key)).toBe('v3');
    expect(source.calls).toHaveLength(3);
  });

  it('with admission on a second load, caches a code scanned once only when it comes again', async () => {
    const codes = new Map([
      ['\nonce', { value: 'plain', dependsOn: [] }],
      ['\nruled', { value: 'with rules', dependsOn: ['rule_a'] }],
      ['\ncounted', { value: 'reads its count', dependsOn: [], keep: true }],
    ]);
    const source = loader(codes);
    const cache = new EdgeCache(source.load, { maxEntries: 10, missTtlMs: 1000, admitOnSecondLoad: true });
    const [once, ruled, counted, unknown] = ['once', 'ruled', 'counted', 'unknown'].map((slug) =>
      EdgeCache.key('', slug),
    ) as [string, string, string, string];

    expect(await cache.get(once)).toBe('plain');
    expect(cache.peek(once)).toBeUndefined();
    expect(await cache.get(once)).toBe('plain');
    expect(cache.peek(once)).toBe('plain');
    expect(await cache.get(once)).toBe('plain');
    expect(source.calls.filter((key) => key === once)).toHaveLength(2);

    // Rules to compile, a count to keep, an unknown slug to shield the database from: at once.
    for (const key of [ruled, counted, unknown]) await cache.get(key);
    expect(cache.peek(ruled)).toBe('with rules');
    expect(cache.peek(counted)).toBe('reads its count');
    expect(cache.peek(unknown)).toBeNull();
    expect(cache.size).toBe(4);
  });

  it('remembers an unknown slug only for the miss TTL', async () => {
    const codes = new Map<string, { value: string; dependsOn: string[] }>();
    const source = loader(codes);
    let now = 1_000;
    const cache = new EdgeCache(source.load, { maxEntries: 10, missTtlMs: 30, clock: { now: () => now } });
    const key = EdgeCache.key('', 'later');
    expect(await cache.get(key)).toBeNull();
    expect(cache.peek(key)).toBeNull();
    codes.set(key, { value: 'created', dependsOn: [] });
    now += 29;
    expect(await cache.get(key)).toBeNull();
    now += 2;
    expect(await cache.get(key)).toBe('created');
  });

  it('does not keep a load that raced a write', async () => {
    const codes = new Map([['\nrace', { value: 'old', dependsOn: [] }]]);
    const source = loader(codes);
    const cache = new EdgeCache(source.load, { maxEntries: 10, missTtlMs: 1000 });
    const key = EdgeCache.key('', 'race');
    let release = () => {};
    source.holdNext(new Promise<void>((resolve) => (release = resolve)));
    const loading = cache.get(key);
    codes.set(key, { value: 'new', dependsOn: [] });
    cache.invalidateKey(key);
    release();
    await loading;
    expect(cache.peek(key)).toBeUndefined();
    expect(await cache.get(key)).toBe('new');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const codes = new Map(['a', 'b', 'c'].map((slug) => [`\n${slug}`, { value: slug, dependsOn: [] }]));
    const cache = new EdgeCache(loader(codes).load, { maxEntries: 2, missTtlMs: 1000 });
    await cache.get('\na');
    await cache.get('\nb');
    cache.peek('\na');
    await cache.get('\nc');
    expect(cache.size).toBe(2);
    expect(cache.peek('\nb')).toBeUndefined();
    expect(cache.peek('\na')).toBe('a');
  });

  it('forgets the rules of the codes it drops, so its memory stays bounded however many codes pass', async () => {
    const slugs = Array.from({ length: 50 }, (_, i) => `c${i}`);
    const codes = new Map(
      slugs.map((slug) => [`\n${slug}`, { value: slug, dependsOn: ['rule_shared', `rule_${slug}`] }]),
    );
    const source = loader(codes);
    const cache = new EdgeCache(source.load, { maxEntries: 3, missTtlMs: 1000 });
    for (const slug of slugs) await cache.get(`\n${slug}`);
    expect(cache.size).toBe(3);
    // The three codes still cached, each under its two rules.
    expect(cache.dependentKeys).toBe(6);

    // A change to the shared rule still reaches the codes cached.
    codes.set('\nc49', { value: 'c49 v2', dependsOn: ['rule_shared'] });
    cache.invalidateDependency('rule_shared');
    expect(cache.size).toBe(0);
    expect(cache.dependentKeys).toBe(0);
    expect(await cache.get('\nc49')).toBe('c49 v2');
    expect(cache.dependentKeys).toBe(1);
  });
});
