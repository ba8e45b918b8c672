// The webhooks API (API.md "Webhooks").

/** An endpoint as the API lists it (its secret is only in the answers to create and rotate). */
export interface Webhook {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  /** Why the server turned the endpoint off (a 410, five days of failures); null while on or turned off by hand. */
  disabledReason: string | null;
  /** After a rotation: until when the old secret still signs beside the new one. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
}

/** The answers to `POST /webhooks` and `POST /webhooks/{id}/rotate-secret`: the secret, shown once. */
export interface WebhookWithSecret extends Webhook {
  secret: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event sent to one endpoint, as the delivery log lists it. */
export interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  status: DeliveryStatus;
  responseStatus: number | null;
  durationMs: number | null;
  at: string;
  nextAttemptAt: string | null;
}

/** One try at a delivery: what was sent and what came back (bodies cut short by the server). */
export interface DeliveryAttempt {
  attempt: number;
  at: string;
  request: { headers: Record<string, string>; body: string; bodyTruncated: boolean };
  /** null: no answer (see `error`). */
  response: { status: number; headers: Record<string, string>; body: string; bodyTruncated: boolean } | null;
  durationMs: number;
  /** Why the attempt failed without an answer: a timeout, a refused address, the network. */
  error: string | null;
}

export interface DeliveryDetail extends Delivery {
  attempts: DeliveryAttempt[];
}

export interface DeliveryPage {
  data: Delivery[];
  nextCursor: string | null;
}

/** What the endpoint form edits: the body of `POST /webhooks`, and what `PATCH /webhooks/{id}` may change. */
export interface WebhookInput {
  url: string;
  description: string;
  events: string[];
}
