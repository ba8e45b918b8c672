import { LRUCache } from 'lru-cache';
import type { Clock } from '../../shared/clock.js';
import { hash32 } from '../../shared/hash32.js';

/**
 * The edge's read-through cache: (host, slug) -> the code, its compiled rules and its counted
 * scans. A scan of a cached code costs one Map lookup. Every write to a code or a rule
 * invalidates the entries that depend on it; unknown slugs are remembered briefly so a flood of
 * bad scans does not reach the database.
 */
export interface CacheOptions {
  maxEntries: number;
  /** How long an unknown (host, slug) is remembered. */
  missTtlMs: number;
  /**
   * How long any entry is kept while invalidations may be missed (Redis away, and for as long
   * again after it returns, while every instance subscribes anew); default 5 s.
   */
  unsyncedTtlMs?: number;
  /**
   * Cache a value only at its second load in a while, unless it has dependencies or `keep`: a
   * code scanned once (a million serialised codes, each scanned once) is answered and dropped
   * young, instead of pushing a code that is scanned again out of the cache and leaving its
   * copy for the old generation's collector. Unknown slugs are cached at once, as ever.
   */
  admitOnSecondLoad?: boolean;
  /** The time the TTLs run on (tests move it by hand); default the system's. */
  clock?: Clock;
}

const UNSYNCED_TTL_MS = 5_000;
/** Bits of the "loaded once lately" filter (128 KiB); cleared when half are set, so "lately" ages. */
const SEEN_BITS = 1 << 20;

/** A loaded value and the dependencies whose changes drop it (a code's rule ids). */
export interface Loaded<T> {
  value: T;
  dependsOn: string[];
  /** Cache it at its first load (it holds state, such as a scan count, or was costly to load). */
  keep?: boolean;
}

/** What the cache holds for a slug that is not there (remembered briefly). */
const ABSENT = Symbol('absent');
/** A cached answer, held as it is: a million codes scanned at random fill the cache to its bound. */
type Slot<T> = T | typeof ABSENT;

export class EdgeCache<T extends NonNullable<unknown>> {
  private readonly slots: LRUCache<string, Slot<T>>;
  private readonly loading = new Map<string, Promise<T | null>>();
  /** Dependency -> keys that must go when it changes (a rule id -> the codes using it). */
  private readonly dependents = new Map<string, Set<string>>();
  /**
   * Key -> its dependencies, for the keys that have any: an entry leaving the cache (evicted,
   * replaced, deleted) leaves `dependents` too, so the index is bounded like the cache.
   */
  private readonly dependenciesOf = new Map<string, readonly string[]>();
  /** Bumped on every invalidation, so a load that raced a write is not cached. */
  private generation = 0;
  /** Whether invalidations may be missed now (the change bus is away), and until when after. */
  private unsynced = false;
  private unsyncedUntil = 0;
  /** Keys loaded once lately (admitOnSecondLoad): a bit per hash, false positives only admit early. */
  private readonly seen: Uint32Array | null;
  private seenCount = 0;
  private readonly now: () => number;

  constructor(
    private readonly load: (key: string) => Loaded<T> | null | Promise<Loaded<T> | null>,
    private readonly options: CacheOptions,
  ) {
    this.seen = options.admitOnSecondLoad ? new Uint32Array(SEEN_BITS / 32) : null;
    const { clock } = options;
    this.slots = new LRUCache({
      max: options.maxEntries,
      dispose: (_slot, key) => this.forgetDependencies(key),
      // A given clock is read at every check (lru-cache otherwise reuses a reading for 1 ms).
      ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
    });
    this.now = clock ? () => clock.now() : Date.now;
  }

  static key(hostKey: string, slug: string): string {
    return `${hostKey}\n${slug}`;
  }

  /** The cached value without waiting (undefined: not cached, so `get` must load it). */
  peek(key: string): T | null | undefined {
    const slot = this.slots.get(key);
    return slot === ABSENT ? null : slot;
  }

  /**
   * The cached value, or the loaded one: without a promise when the loader answers without one
   * (a code read from SQLite), so a miss costs no trip through the microtask queue.
   */
  get(key: string): T | null | Promise<T | null> {
    const cached = this.peek(key);
    if (cached !== undefined) return cached;
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const loaded = this.load(key);
    if (!(loaded instanceof Promise)) return this.store(key, generation, loaded);
    const loading = loaded
      .then((value) => this.store(key, generation, value))
      .finally(() => this.loading.delete(key));
    this.loading.set(key, loading);
    return loading;
  }

  /** Caches what was loaded, unless a write invalidated anything since the load began. */
  private store(key: string, generation: number, loaded: Loaded<T> | null): T | null {
    if (generation !== this.generation) return loaded?.value ?? null;
    if (loaded && !this.admits(key, loaded)) return loaded.value;
    // Codes stay until a write invalidates them or the LRU evicts them; misses for a few seconds,
    // and everything for a few seconds while invalidations may be missed.
    const ttl = loaded ? (this.isSynced() ? undefined : this.unsyncedTtl) : this.options.missTtlMs;
    this.slots.set(key, loaded?.value ?? ABSENT, ttl === undefined ? {} : { ttl });
    const dependencies = loaded?.dependsOn ?? [];
    if (dependencies.length > 0) this.dependenciesOf.set(key, dependencies);
    for (const dependency of dependencies) {
      const keys = this.dependents.get(dependency) ?? new Set<string>();
      keys.add(key);
      this.dependents.set(dependency, keys);
    }
    return loaded?.value ?? null;
  }

  /** Whether a loaded value goes into the cache now (always, unless admitOnSecondLoad). */
  private admits(key: string, loaded: Loaded<T>): boolean {
    const seen = this.seen;
    if (!seen || loaded.keep || loaded.dependsOn.length > 0) return true;
    const bit = hash32(key) & (SEEN_BITS - 1);
    const word = bit >>> 5;
    const mask = 1 << (bit & 31);
    if (((seen[word] ?? 0) & mask) !== 0) return true;
    if (++this.seenCount > SEEN_BITS / 2) {
      seen.fill(0);
      this.seenCount = 1;
    }
    seen[word] = (seen[word] ?? 0) | mask;
    return false;
  }

  private forgetDependencies(key: string): void {
    const dependencies = this.dependenciesOf.get(key);
    if (!dependencies) return;
    this.dependenciesOf.delete(key);
    for (const dependency of dependencies) {
      const keys = this.dependents.get(dependency);
      keys?.delete(key);
      if (keys?.size === 0) this.dependents.delete(dependency);
    }
  }

  /** Keys the dependency index holds (each key once per dependency): bounded like the cache. */
  get dependentKeys(): number {
    let count = 0;
    for (const keys of this.dependents.values()) count += keys.size;
    return count;
  }

  invalidateKey(key: string): void {
    this.generation += 1;
    this.slots.delete(key);
  }

  invalidateDependency(dependency: string): void {
    this.generation += 1;
    // Each delete takes its key out of this set (dispose): walk a copy.
    for (const key of [...(this.dependents.get(dependency) ?? [])]) this.slots.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.slots.clear();
  }

  /**
   * Invalidations may be missed from now on (Redis is away): what is cached is read again from
   * the database after the short TTL, and so is everything loaded meanwhile.
   */
  unsync(): void {
    if (this.unsynced) return;
    this.unsynced = true;
    const ttl = this.unsyncedTtl;
    for (const [key, slot] of [...this.slots.entries()]) {
      const remaining = this.slots.getRemainingTTL(key);
      if (remaining === 0 || remaining > ttl) this.slots.set(key, slot, { ttl });
    }
  }

  /**
   * Invalidations arrive again (Redis is back): forget everything, since changes made meanwhile
   * may not have been heard, and keep the short TTL for as long again while every instance's
   * subscription comes back.
   */
  resync(): void {
    if (!this.unsynced) return;
    this.unsynced = false;
    this.unsyncedUntil = this.now() + this.unsyncedTtl;
    this.clear();
  }

  private get unsyncedTtl(): number {
    return this.options.unsyncedTtlMs ?? UNSYNCED_TTL_MS;
  }

  private isSynced(): boolean {
    return !this.unsynced && this.now() >= this.unsyncedUntil;
  }

  get size(): number {
    return this.slots.size;
  }
}
