import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import type { FieldChanges } from './events.changes.js';

/** Who made a change: a member, one of the workspace's API keys, or the system itself. */
export interface Actor {
  type: 'user' | 'apiKey' | 'system';
  /** The user's uid, the key's id (key_...), or the part of the system that acted (`paypal`). */
  id: string;
  email: string | null;
}

export const systemActor = (id: string): Actor => ({ type: 'system', id, email: null });

/** What a write hands to the log. */
export interface ChangeEvent {
  /** `<resource>.<created|updated|deleted|...>`, e.g. `qrcode.updated`. */
  type: string;
  workspaceId: string;
  actor: Actor;
  resource: { type: string; id: string };
  /** `{ changes }` for updates (old and new values), `{ object }` for creates and deletes. */
  data: { changes?: FieldChanges; object?: Record<string, unknown>; [key: string]: unknown };
}

/**
 * The audit log. Every module records its changes here with `record(trx, event)`, passing the
 * transaction that makes the change, so a change and its event are kept or lost together.
 */
export class EventsService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    options: { clock?: Clock } = {},
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** Writes one event with `db`: the transaction of the change it describes. */
  async record(db: Kysely<Database>, event: ChangeEvent): Promise<void> {
    const at = this.clock.now();
    await db
      .insertInto('events')
      .values({
        id: newId('evt', at),
        workspace_id: event.workspaceId,
        type: event.type,
        at,
        actor_type: event.actor.type,
        actor_id: event.actor.id,
        actor_email: event.actor.email,
        resource_type: event.resource.type,
        resource_id: event.resource.id,
        data_json: JSON.stringify(event.data),
      })
      .execute();
  }

  /** Runs `change` in a transaction and records the events it returns in the same one. */
  async inTransaction<T>(
    change: (trx: Kysely<Database>) => Promise<{ result: T; events: ChangeEvent[] }>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const { result, events } = await change(trx);
      for (const event of events) await this.record(trx, event);
      return result;
    });
  }
}
