import type { ChangeBus } from '../../shared/change-bus.js';

/** A code was created, changed (its rules included) or deleted: the edge drops what it cached. */
export interface CodeChange {
  id: string;
  hostKey: string;
  slug: string;
  /**
   * A new code at an address that held none: nothing stored of the address to forget but what
   * the edge cached of its absence (the address's earlier code, if any, sent its own change).
   */
  created?: true;
}

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    'code.changed': CodeChange;
  }
}

/** Publishes each change in order, once its write has committed: every instance's edge drops it. */
export async function publishCodeChanges(bus: ChangeBus, ...changes: CodeChange[]): Promise<void> {
  for (const change of changes) await bus.publish('code.changed', change);
}
