import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { type Clock, DAY_MS, systemClock, toIso } from '../../shared/clock.js';
import { monotonicIds } from '../../shared/ids.js';
import { type PageQuery, readPage } from '../../shared/pagination.js';
import type { FieldChanges } from './events.changes.js';
import { eventFilters } from './events.filters.js';
import { deleteEventsBefore, deleteWorkspaceEvents, listEvents } from './events.repository.js';
import type { EventList, EventListQuery, EventView } from './events.schemas.js';
import type { EventRow, NewEventRow } from './events.table.js';

export const DEFAULT_EVENT_RETENTION_DAYS = 400;

/** Who made a change: a member, one of the workspace's API keys, or the system itself. */
export interface Actor {
  type: 'user' | 'apiKey' | 'system';
  /** The user's uid, the key's id (key_...), or the part of the system that acted (`paypal`). */
  id: string;
  email: string | null;
}

export const systemActor = (id: string): Actor => ({ type: 'system', id, email: null });

/**
 * The workspace a write changes and who makes it: what `WorkspaceAccess` (plugins/auth.ts) hands a
 * service, for the services sign-in itself is built on (they cannot import the auth plugin).
 */
export interface ChangeContext {
  workspaceId: string;
  actor: Actor;
  /** The API request that makes the change (its id); none when the system acts on its own. */
  requestId?: string | null;
}

/** What a write hands to the log. */
export interface ChangeEvent {
  /** `<resource>.<created|updated|deleted|...>`, e.g. `qrcode.updated`: one of EVENT_TYPES (events.types.ts). */
  type: string;
  workspaceId: string;
  actor: Actor;
  resource: { type: string; id: string };
  /** `{ changes }` for updates (old and new values), `{ object }` for creates and deletes. */
  data: { changes?: FieldChanges; object?: Record<string, unknown>; [key: string]: unknown };
  /** The id of the API request that made the change; absent or null when the system acted on its own. */
  requestId?: string | null;
}

/** An event of `resource`, changed in `context`'s workspace by its actor. */
export function changeEvent(
  type: string,
  context: ChangeContext,
  resource: ChangeEvent['resource'],
  data: ChangeEvent['data'],
): ChangeEvent {
  return {
    type,
    workspaceId: context.workspaceId,
    actor: context.actor,
    resource,
    data,
    requestId: context.requestId ?? null,
  };
}

/**
 * Runs in the transaction that records an event, after its row is written: what must be kept or
 * lost with the event (the webhooks module's outbox rows). It must not import the events module's
 * callers; modules register one with `app.events.onRecorded(...)`.
 */
export type RecordedListener = (trx: Kysely<Database>, events: EventView[]) => Promise<void>;

/**
 * The audit log. Every module records its changes here with `record(trx, event)`, passing the
 * transaction that makes the change, so a change and its event are kept or lost together.
 */
export class EventsService {
  private readonly clock: Clock;
  private readonly newEventId = monotonicIds('evt');

  private readonly retentionDays: number;
  private readonly listeners: RecordedListener[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    options: { clock?: Clock; retentionDays?: number } = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.retentionDays = options.retentionDays ?? DEFAULT_EVENT_RETENTION_DAYS;
  }

  /** GET /events: a page of the workspace's log, newest first, narrowed by the query's filters. */
  async list(workspaceId: string, query: EventListQuery & PageQuery): Promise<EventList> {
    const filters = eventFilters(query);
    const page = await readPage(query, 'evt', (window) => listEvents(this.db, workspaceId, filters, window));
    return { data: page.rows.map(toEventView), nextCursor: page.nextCursor };
  }

  /** Deletes the events older than the retention (EVENT_RETENTION_DAYS); answers how many went. */
  sweep(now = this.clock.now()): Promise<number> {
    return deleteEventsBefore(this.db, now - this.retentionDays * DAY_MS);
  }

  /** Deletes a deleted workspace's log. */
  async erase(workspaceId: string): Promise<void> {
    await deleteWorkspaceEvents(this.db, workspaceId);
  }

  /** Adds what runs with every recorded event, in its transaction (see RecordedListener). */
  onRecorded(listener: RecordedListener): void {
    this.listeners.push(listener);
  }

  /** Writes one event with `db`: the transaction of the change it describes. */
  record(db: Kysely<Database>, event: ChangeEvent): Promise<void> {
    return this.recordAll(db, [event]);
  }

  /**
   * Writes events in their order with `db` (the transaction of the changes they describe), many
   * rows a statement: a bulk change of 1,000 codes is a few statements, not 1,000.
   */
  async recordAll(db: Kysely<Database>, events: readonly ChangeEvent[]): Promise<void> {
    if (events.length === 0) return;
    const at = this.clock.now();
    const rows = events.map(
      (event) =>
        ({
          id: this.newEventId(at),
          workspace_id: event.workspaceId,
          type: event.type,
          at,
          actor_type: event.actor.type,
          actor_id: event.actor.id,
          actor_email: event.actor.email,
          resource_type: event.resource.type,
          resource_id: event.resource.id,
          data_json: JSON.stringify(event.data),
          request_id: event.requestId ?? null,
        }) satisfies NewEventRow,
    );
    // 11 columns a row: 500 rows stay well under either engine's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('events')
        .values(rows.slice(i, i + 500))
        .execute();
    if (this.listeners.length === 0) return;
    // The views carry the data as given: parsing back what was just written is work for nothing.
    const views = rows.map((row, i) => ({
      ...toEventView({ ...row, data_json: '{}' }),
      data: events[i]?.data ?? {},
    }));
    for (const listener of this.listeners) await listener(db, views);
  }

  /** Runs `change` in a transaction and records the events it returns in the same one. */
  async inTransaction<T>(
    change: (trx: Kysely<Database>) => Promise<{ result: T; events: ChangeEvent[] }>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const { result, events } = await change(trx);
      await this.recordAll(trx, events);
      return result;
    });
  }
}

export function toEventView(row: EventRow): EventView {
  return {
    id: row.id,
    type: row.type,
    at: toIso(row.at) as string,
    workspace: row.workspace_id,
    actor: { type: row.actor_type, id: row.actor_id, email: row.actor_email },
    resource: { type: row.resource_type, id: row.resource_id },
    data: JSON.parse(row.data_json) as Record<string, unknown>,
    requestId: row.request_id,
  };
}
