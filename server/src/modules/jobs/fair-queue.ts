/**
 * Heavy jobs waiting for a job thread, fair between workspaces: each workspace has its own line,
 * and a free thread takes the next job from the workspace after the last one served (round
 * robin), so one workspace's long import never holds back another's single create. A workspace
 * runs at most `runningPerWorkspace` jobs at once; past `queuedPerWorkspace` waiting jobs of its
 * own, or `queuedTotal` in all, a new job is refused (the caller answers 429) rather than left to
 * wait without end. Pure: no threads, no clock but the one passed in.
 */
export interface FairQueueLimits {
  runningPerWorkspace: number;
  queuedPerWorkspace: number;
  queuedTotal: number;
}

export type Admission =
  | { admitted: true; position: number }
  | { admitted: false; over: 'workspace' | 'server' };

interface Waiting<T> {
  job: T;
  since: number;
}

export class FairQueue<T> {
  private readonly lines = new Map<string, Waiting<T>[]>();
  private readonly running = new Map<string, number>();
  /** Workspaces in the order they are served; the first is served next. */
  private order: string[] = [];
  private queued = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  /** Adds a job to its workspace's line; `position` is how many jobs in all were ahead of it. */
  add(workspace: string, job: T, now: number): Admission {
    const line = this.lines.get(workspace) ?? [];
    if (line.length >= this.limits.queuedPerWorkspace) return { admitted: false, over: 'workspace' };
    if (this.queued >= this.limits.queuedTotal) return { admitted: false, over: 'server' };
    line.push({ job, since: now });
    if (!this.lines.has(workspace)) {
      this.lines.set(workspace, line);
      this.order.push(workspace);
    }
    this.queued++;
    return { admitted: true, position: this.queued - 1 };
  }

  /** Takes the next job a free thread should run, or undefined when none may run now. */
  take(): { workspace: string; job: T } | undefined {
    for (let i = 0; i < this.order.length; i++) {
      const workspace = this.order[i] as string;
      if ((this.running.get(workspace) ?? 0) >= this.limits.runningPerWorkspace) continue;
      const line = this.lines.get(workspace) as Waiting<T>[];
      const next = line.shift() as Waiting<T>;
      this.queued--;
      this.running.set(workspace, (this.running.get(workspace) ?? 0) + 1);
      // Served: to the back of the order, or out of it when its line is empty.
      this.order.splice(i, 1);
      if (line.length > 0) this.order.push(workspace);
      else this.lines.delete(workspace);
      return { workspace, job: next.job };
    }
    return undefined;
  }

  /** A job of the workspace finished (or failed): its slot is free. */
  finished(workspace: string): void {
    const count = (this.running.get(workspace) ?? 0) - 1;
    if (count > 0) this.running.set(workspace, count);
    else this.running.delete(workspace);
  }

  get size(): number {
    return this.queued;
  }

  get runningCount(): number {
    let total = 0;
    for (const count of this.running.values()) total += count;
    return total;
  }

  /** How long the longest-waiting job has waited, in ms (0 with none queued). */
  oldestWait(now: number): number {
    let oldest = now;
    for (const line of this.lines.values()) oldest = Math.min(oldest, line[0]?.since ?? now);
    return now - oldest;
  }
}
