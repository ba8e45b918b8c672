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
  now: () => number;
}

interface Slot<T> {
  value: T | null;
  expiresAt: number;
}

export class EdgeCache<T> {
  private readonly slots = new Map<string, Slot<T>>();
  private readonly loading = new Map<string, Promise<T | null>>();
  /** Dependency -> keys that must go when it changes (a rule id -> the codes using it). */
  private readonly dependents = new Map<string, Set<string>>();
  /** Bumped on every invalidation, so a load that raced a write is not cached. */
  private generation = 0;

  constructor(
    private readonly load: (key: string) => Promise<{ value: T; dependsOn: string[] } | null>,
    private readonly options: CacheOptions,
  ) {}

  static key(hostKey: string, slug: string): string {
    return `${hostKey}\n${slug}`;
  }

  /** The cached value without waiting (undefined: not cached, so `get` must load it). */
  peek(key: string): T | null | undefined {
    const slot = this.slots.get(key);
    if (!slot || slot.expiresAt <= this.options.now()) return undefined;
    // Refresh recency: Map keeps insertion order, so the first key is the least recently used.
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
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
    const expiresAt = loaded ? Number.POSITIVE_INFINITY : this.options.now() + this.options.missTtlMs;
    this.slots.set(key, { value: loaded?.value ?? null, expiresAt });
    for (const dependency of loaded?.dependsOn ?? []) {
      const keys = this.dependents.get(dependency) ?? new Set<string>();
      keys.add(key);
      this.dependents.set(dependency, keys);
    }
    this.evict();
    return loaded?.value ?? null;
  }

  private evict(): void {
    while (this.slots.size > this.options.maxEntries) {
      const oldest = this.slots.keys().next().value;
      if (oldest === undefined) break;
      this.slots.delete(oldest);
    }
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
