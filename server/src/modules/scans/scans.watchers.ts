import type { ChangeBus } from '../../shared/change-bus.js';
import type { NewScanRow } from './scans.table.js';

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /** An instance has live clients of this account: announce its stored scans for a while. */
    'scans.watched': { accountId: string };
  }
}

/** How often an instance with live clients says so again... */
const ANNOUNCE_EVERY_MS = 10_000;
/** ...and how long others keep announcing an account's scans after they last heard it. */
const WATCH_TTL_MS = 30_000;

/**
 * The accounts whose stored scans someone watches live, on this instance or another. Stored scans
 * are announced on the change bus only for these: with nobody watching, an instance does not send
 * every scan it stores through Redis, and every other instance does not receive and parse it (a
 * cost that grew with the instances times the scans of all of them).
 */
export class ScanWatchers {
  /** Account -> this instance's live clients of it. */
  private readonly local = new Map<string, number>();
  /** Account -> until when another instance's clients watch it (epoch ms). */
  private readonly remote = new Map<string, number>();
  private announcer: NodeJS.Timeout | null = null;

  constructor(private readonly changes: ChangeBus) {
    changes.subscribe('scans.watched', ({ accountId: workspaceId }) => {
      this.remote.set(workspaceId, Date.now() + WATCH_TTL_MS);
    });
  }

  /**
   * Counts a live client of the account; resolves once the other instances have heard of it, so
   * the scans they store from then on reach it. Answers the function that stops counting it.
   */
  async watch(workspaceId: string): Promise<() => void> {
    const clients = this.local.get(workspaceId) ?? 0;
    this.local.set(workspaceId, clients + 1);
    this.announcer ??= setInterval(() => this.announceAll(), ANNOUNCE_EVERY_MS).unref();
    if (clients === 0) await this.announce(workspaceId);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const left = (this.local.get(workspaceId) ?? 1) - 1;
      if (left > 0) this.local.set(workspaceId, left);
      else this.local.delete(workspaceId);
      if (this.local.size === 0 && this.announcer) {
        clearInterval(this.announcer);
        this.announcer = null;
      }
    };
  }

  /** The scans of watched accounts (none, without building anything, when nobody watches). */
  watched(rows: readonly NewScanRow[]): NewScanRow[] {
    if (this.local.size === 0 && this.remote.size === 0) return [];
    const now = Date.now();
    for (const [workspaceId, until] of this.remote) if (until <= now) this.remote.delete(workspaceId);
    return rows.filter((row) => this.local.has(row.account_id) || this.remote.has(row.account_id));
  }

  private announce(workspaceId: string): Promise<void> {
    return this.changes.publish('scans.watched', { accountId: workspaceId }, { awaitOthers: true });
  }

  private announceAll(): void {
    for (const workspaceId of this.local.keys()) void this.announce(workspaceId).catch(() => undefined);
  }
}
