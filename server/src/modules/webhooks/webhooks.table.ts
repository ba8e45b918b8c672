import type { Insertable, Selectable } from 'kysely';

/** A workspace's webhook endpoint. */
export interface WebhooksTable {
  /** wh_... */
  id: string;
  workspace_id: string;
  url: string;
  description: string;
  /** The event types it receives, a JSON array of strings. */
  events_json: string;
  /** 1 or 0. */
  enabled: number;
  /** Why the system turned it off (a 410, five days of failures); null when a person did or it is on. */
  disabled_reason: string | null;
  /** whsec_...: deliveries are signed with it; the API shows it only on create and rotation. */
  secret: string;
  /** The secret before the last rotation, which still signs beside the new one until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: number | null;
  /** When the current run of failed attempts began (null after a success): five days of it disable the endpoint. */
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** The outbox: one message for one endpoint, written in the transaction of the change it reports. */
export interface WebhookDeliveriesTable {
  /** dlv_... */
  id: string;
  webhook_id: string;
  workspace_id: string;
  /** The message's id (the audit event's evt_..., a scan's id): the `webhook-id` of every attempt. */
  event_id: string;
  event_type: string;
  /** The exact JSON body POSTed, the same on every attempt. */
  body: string;
  /** The id of the API request that made the event (sent as `rq-request-id`); null for the system's and scans. */
  request_id: string | null;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due (pending only). */
  next_attempt_at: number | null;
  /** Until when a worker holds the delivery; a killed worker's claims expire and another takes them. */
  lease_until: number | null;
  last_attempt_at: number | null;
  /** The last attempt's answer status (null: none, or no answer). */
  response_status: number | null;
  duration_ms: number | null;
  created_at: number;
}

/** One attempt of a delivery, as the delivery log shows it (request and answer truncated). */
export interface WebhookAttemptsTable {
  delivery_id: string;
  /** 1, 2, ... */
  attempt: number;
  at: number;
  request_headers_json: string;
  response_status: number | null;
  response_headers_json: string | null;
  response_body: string | null;
  /** 1 when the answer was longer than what was read and kept. */
  response_body_truncated: number;
  duration_ms: number;
  /** Why no usable answer came (timeout, refused address, network), or null. */
  error: string | null;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type NewWebhookRow = Insertable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewDeliveryRow = Insertable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
