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
}

/** A cached answer: the value, or null for a slug that is not there (remembered briefly). */
interface Slot<T> {
  value: T | null;
}

export class EdgeCache<T> {
  private readonly slots: LRUCache<string, Slot<T>>;
  private readonly loading = new Map<string, Promise<T | null>>();
  /** Dependency -> keys that must go when it changes (a rule id -> the codes using it). */
  private readonly dependents = new Map<string, Set<string>>();
  /** Bumped on every invalidation, so a load that raced a write is not cached. */
  private generation = 0;

  constructor(
    private readonly load: (key: string) => Promise<{ value: T; dependsOn: string[] } | null>,
    private readonly options: CacheOptions,
  ) {
    this.slots = new LRUCache({ max: options.maxEntries });
  }

  static key(hostKey: string, slug: string): string {
    return `${hostKey}\n${slug}`;
  }

  /** The cached value without waiting (undefined: not cached, so `get` must load it). */
  peek(key: string): T | null | undefined {
    return this.slots.get(key)?.value;
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
    // Codes stay until a write invalidates them or the LRU evicts them; misses for a few seconds.
    this.slots.set(key, { value: loaded?.value ?? null }, loaded ? {} : { ttl: this.options.missTtlMs });
    for (const dependency of loaded?.dependsOn ?? []) {
      const keys = this.dependents.get(dependency) ?? new Set<string>();
      keys.add(key);
      this.dependents.set(dependency, keys);
    }
    return loaded?.value ?? null;
  }

  invalidateKey(key: string): void {
    this.generation += 1;
    this.slots.delete(key);
  }

  invalidateDependency(dependency: string): void {
    this.generation += 1;
    for (const key of this.dependents.get(dependency) ?? []) this.slots.delete(key);
    this.dependents.delete(dependency);
  }

  clear(): void {
    this.generation += 1;
    this.slots.clear();
    this.dependents.clear();
  }

  get size(): number {
    return this.slots.size;
  }
}
