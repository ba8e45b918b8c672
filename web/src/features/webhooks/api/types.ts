import type { ApiAnswer, ApiBody, ApiQuery } from '@site/src/api/types';

// The webhooks API (API.md "Webhooks"), read from the generated OpenAPI types.

/** An endpoint as the API lists it (its secret is only in the answers to create and rotate). */
export type Webhook = ApiAnswer<'/api/v1/webhooks/{id}'>;

/** The answers to `POST /webhooks` and `POST /webhooks/{id}/rotate-secret`: the secret, shown once. */
export type WebhookWithSecret = ApiAnswer<'/api/v1/webhooks', 'post'>;

/** An event type an endpoint can subscribe to. */
export type WebhookEventType = ApiBody<'/api/v1/webhooks', 'post'>['events'][number];

/** One event sent to one endpoint, as the delivery log lists it. */
export type Delivery = ApiAnswer<'/api/v1/webhooks/{id}/deliveries'>['data'][number];

export type DeliveryStatus = Delivery['status'];

/** One delivery with its attempts, oldest first. */
export type DeliveryDetail = ApiAnswer<'/api/v1/webhooks/{id}/deliveries/{deliveryId}'>;

/** One try at a delivery: what was sent and what came back (bodies cut short by the server). */
export type DeliveryAttempt = DeliveryDetail['attempts'][number];

export type DeliveryPage = ApiAnswer<'/api/v1/webhooks/{id}/deliveries'>;

export type DeliveryQuery = ApiQuery<'/api/v1/webhooks/{id}/deliveries'>;

/** What the endpoint form edits: the body of `POST /webhooks`, and what `PATCH /webhooks/{id}` may change. */
export interface WebhookInput {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** The form's fields fit the API's create and update bodies (typecheck fails otherwise). */
export const inputFitsTheApi: [
  WebhookInput extends ApiBody<'/api/v1/webhooks', 'post'> ? true : false,
  WebhookInput extends ApiBody<'/api/v1/webhooks/{id}', 'patch'> ? true : false,
] = [true, true];
