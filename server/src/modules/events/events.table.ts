import type { Insertable, Selectable } from 'kysely';

/** The audit log: one row per change, written in the transaction that made it. */
export interface EventsTable {
  /** evt_...: ids sort by time, so the id also orders and pages the log. */
  id: string;
  workspace_id: string;
  /** `qrcode.updated`, `member.added`, ... */
  type: string;
  at: number;
  actor_type: 'user' | 'apiKey' | 'system';
  /** The user's uid, the key's id, or what in the system acted (`paypal`, `hostname-checker`). */
  actor_id: string;
  actor_email: string | null;
  resource_type: string;
  resource_id: string;
  /** `{ "changes": { field: [old, new] } }` or `{ "object": {...} }`; never a secret. */
  data_json: string;
  /** The id of the API request that made the change (its `x-request-id`); null for the system's own. */
  request_id: string | null;
}

export type EventRow = Selectable<EventsTable>;
export type NewEventRow = Insertable<EventsTable>;
