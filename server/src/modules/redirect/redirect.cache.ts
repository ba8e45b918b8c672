import { LRUCache } from 'lru-cache';

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
}

const UNSYNCED_TTL_MS = 5_000;

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

  constructor(
    private readonly load: (key: string) => Promise<{ value: T; dependsOn: string[] } | null>,
    private readonly options: CacheOptions,
  ) {
    this.slots = new LRUCache({
      max: options.maxEntries,
      dispose: (_slot, key) => this.forgetDependencies(key),
    });
  }

  static key(hostKey: string, slug: string): string {
    return `${hostKey}\n${slug}`;
  }

  /** The cached value without waiting (undefined: not cached, so `get` must load it). */
  peek(key: string): T | null | undefined {
    const slot = this.slots.get(key);
    return slot === ABSENT ? null : slot;
  }

  async get(key: string): Promise<T | null> {
    const cached = this.peek(key);
    if (cached !== undefined) return cached;
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const loading = this.fill(key);
    this.loading.set(key, loading);
    try {
      return await loading;
    } finally {
      this.loading.delete(key);
    }
  }

  private async fill(key: string): Promise<T | null> {
    const generation = this.generation;
    const loaded = await this.load(key);
    if (generation !== this.generation) return loaded?.value ?? null;
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
    this.unsyncedUntil = Date.now() + this.unsyncedTtl;
    this.clear();
  }

  private get unsyncedTtl(): number {
    return this.options.unsyncedTtlMs ?? UNSYNCED_TTL_MS;
  }

  private isSynced(): boolean {
    return !this.unsynced && Date.now() >= this.unsyncedUntil;
  }

  get size(): number {
    return this.slots.size;
  }
}
