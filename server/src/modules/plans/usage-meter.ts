import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from '../../shared/clock.js';

/**
 * Monthly redirect usage per account, and whether an account is over its plan's limit: what the
 * edge asks on every scan, so it is answered from memory. A month is the calendar month in UTC.
 *
 * Each account's count is seeded once per month from the durable scans (so it is exact across
 * restarts) and then followed by `counted` after each recorded human scan. The seed is taken
 * before the account's first scan on this instance is recorded, so no scan is in both.
 */

/** Human scans of the account recorded in [from, to) (bots are recorded but never counted). */
export type RecordedScans = (workspaceId: string, from: number, to: number) => Promise<number>;
/** The account's monthly redirect limit, from its plans (Infinity: none). */
export type RedirectLimit = (workspaceId: string) => Promise<number>;

/** Where the running counts live: this process, or Redis shared by every instance (usage-store.ts). */
export interface UsageStore {
  /** The month's count, seeding it with `seed()` when no instance has yet. */
  current(workspaceId: string, month: string, seed: () => Promise<number>): Promise<number>;
  /**
   * Adds one recorded scan to the count; answers the new count (at once when this process holds
   * it). A count no instance holds (lost by Redis) is seeded again with `seed()`, which already
   * includes the scan.
   */
  increment(workspaceId: string, month: string, seed: () => Promise<number>): number | Promise<number>;
  /** Sends what is counted and not yet shared (at shutdown). */
  flush?(): Promise<void>;
}

export interface Usage {
  redirectsThisMonth: number;
  periodStart: string;
  periodEnd: string;
}

// Plans also end by the clock (a cancelled plan at the end of its period): limits are read again
// this often, in the background, besides at once on `plans.changed`.
const LIMIT_TTL_MS = 60_000;

interface AccountUsage {
  month: string;
  count: number;
  limit: number;
  limitReadAt: number;
  refreshingLimit?: boolean;
  /** Reads the month's count from the durable scans (made once per account and month, not per scan). */
  seed: () => Promise<number>;
  /** Set while the seed or the limit is being read: scans wait on it. */
  loading?: Promise<void>;
}

/** The calendar month in UTC that holds `now`: its key ('2026-11') and bounds. */
export function monthOf(now: number): { key: string; start: number; end: number } {
  const date = new Date(now);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return { key: new Date(start).toISOString().slice(0, 7), start, end };
}

export class UsageMeter {
  private readonly accounts: LRUCache<string, AccountUsage>;
  private readonly clock: Clock;
  // Every scan asks for the month: computed again only when the clock leaves it.
  private month: { key: string; start: number; end: number } = monthOf(0);

  constructor(
    private readonly options: {
      recorded: RecordedScans;
      limit: RedirectLimit;
      store: UsageStore;
      clock?: Clock;
      /** Accounts kept in memory; one that falls out is seeded again on its next scan. */
      maxAccounts?: number;
      /**
       * This instance's scan took the account to its limit: other instances must learn it now
       * (they see other instances' scans only when they count one of their own).
       */
      reachedLimit?: (workspaceId: string, count: number) => void;
    },
  ) {
    this.clock = options.clock ?? systemClock;
    this.accounts = new LRUCache({ max: options.maxAccounts ?? 100_000 });
  }

  /**
   * Whether the account's scans this month already reached its limit. Answered without a
   * promise once the account is loaded this month (the hot path).
   */
  isOverLimit(workspaceId: string, now?: number): boolean | Promise<boolean> {
    const usage = this.loaded(workspaceId, now);
    if (usage instanceof Promise) return usage.then((loaded) => loaded.count >= loaded.limit);
    return usage.count >= usage.limit;
  }

  /** One human scan of the account was recorded. Without a promise when nothing is to wait for (the hot path). */
  counted(workspaceId: string, now?: number): void | Promise<void> {
    const loaded = this.loaded(workspaceId, now);
    if (loaded instanceof Promise) return loaded.then((usage) => this.addScan(workspaceId, usage));
    return this.addScan(workspaceId, loaded);
  }

  private addScan(workspaceId: string, usage: AccountUsage): void | Promise<void> {
    // Counted here at once: the shared count (Redis) answers a few milliseconds later.
    this.follow(workspaceId, usage, usage.count + 1);
    const shared = this.options.store.increment(workspaceId, usage.month, usage.seed);
    if (shared instanceof Promise) return shared.then((count) => this.follow(workspaceId, usage, count));
    this.follow(workspaceId, usage, shared);
  }

  /** The count is at least `count` (this instance's scans, or every instance's from the store). */
  private follow(workspaceId: string, usage: AccountUsage, count: number): void {
    const before = usage.count;
    usage.count = Math.max(before, count);
    if (before < usage.limit && usage.count >= usage.limit)
      this.options.reachedLimit?.(workspaceId, usage.count);
  }

  /** Another instance counted the account up to `count` this month. */
  learned(workspaceId: string, month: string, count: number): void {
    const usage = this.accounts.get(workspaceId);
    if (usage?.month === month) usage.count = Math.max(usage.count, count);
  }

  async usageOf(workspaceId: string): Promise<Usage> {
    const month = this.currentMonth();
    const loaded = this.loaded(workspaceId);
    const usage = loaded instanceof Promise ? await loaded : loaded;
    // Other instances count too: read the shared count, not only what this one saw.
    usage.count = await this.options.store.current(workspaceId, month.key, usage.seed);
    return {
      redirectsThisMonth: usage.count,
      periodStart: new Date(month.start).toISOString(),
      periodEnd: new Date(month.end).toISOString(),
    };
  }

  private currentMonth(now = this.clock.now()): { key: string; start: number; end: number } {
    if (now < this.month.start || now >= this.month.end) this.month = monthOf(now);
    return this.month;
  }

  /** The account's plans changed: read its limit again on its next scan. */
  forgetLimit(workspaceId: string): void {
    this.accounts.delete(workspaceId);
  }

  // Every scan comes here twice (isOverLimit, then counted), with its own time (a clock read costs
  // about 0.1 µs on a virtual machine): one cache lookup each.
  private loaded(workspaceId: string, now = this.clock.now()): AccountUsage | Promise<AccountUsage> {
    const month = this.currentMonth(now);
    const usage = this.accounts.get(workspaceId);
    if (usage && usage.month === month.key) {
      if (usage.loading) return usage.loading.then(() => usage);
      if (now - usage.limitReadAt > LIMIT_TTL_MS) this.refreshLimit(workspaceId, usage);
      return usage;
    }
    const fresh: AccountUsage = {
      month: month.key,
      count: 0,
      limit: Number.POSITIVE_INFINITY,
      limitReadAt: now,
      seed: () => this.seed(workspaceId, month),
    };
    fresh.loading = Promise.all([
      this.options.store.current(workspaceId, month.key, fresh.seed),
      this.options.limit(workspaceId),
    ])
      .then(([count, limit]) => {
        fresh.count = count;
        fresh.limit = limit;
      })
      .finally(() => {
        delete fresh.loading;
      });
    this.accounts.set(workspaceId, fresh);
    // A failed load must not stick: the next scan tries again.
    fresh.loading.catch(() => this.accounts.delete(workspaceId));
    return fresh.loading.then(() => fresh);
  }

  private refreshLimit(workspaceId: string, usage: AccountUsage): void {
    if (usage.refreshingLimit) return;
    usage.refreshingLimit = true;
    this.options
      .limit(workspaceId)
      .then((limit) => {
        usage.limit = limit;
        usage.limitReadAt = this.clock.now();
      })
      .catch(() => undefined) // the old limit holds until the next try
      .finally(() => {
        usage.refreshingLimit = false;
      });
  }

  private seed(workspaceId: string, month: { start: number; end: number }): Promise<number> {
    return this.options.recorded(workspaceId, month.start, month.end);
  }
}

/** Counts in this process only: exact for one instance. A new month replaces an account's count. */
export function inProcessUsageStore(): UsageStore & {
  increment(workspaceId: string, month: string): number;
} {
  const counts = new Map<string, { month: string; count: number }>();
  return {
    async current(workspaceId, month, seed) {
      const known = counts.get(workspaceId);
      if (known?.month === month) return known.count;
      const seeded = await seed();
      const raced = counts.get(workspaceId);
      if (raced?.month === month) return raced.count;
      counts.set(workspaceId, { month, count: seeded });
      return seeded;
    },
    increment(workspaceId, month) {
      const known = counts.get(workspaceId);
      if (known?.month === month) return ++known.count;
      counts.set(workspaceId, { month, count: 1 });
      return 1;
    },
  };
}
