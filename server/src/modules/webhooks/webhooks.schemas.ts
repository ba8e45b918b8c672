import { type Static, Type } from '@sinclair/typebox';
import { PAGE_QUERY, PageOnlyQuery } from '../../shared/page-schema.js';
import { stringEnum } from '../../shared/string-enum.js';
import { EVENT_TYPES } from '../events/events.types.js';

/** What an endpoint can subscribe to: every audit event type, each scan, and the test event. */
export const WEBHOOK_EVENT_TYPES = [
  ...EVENT_TYPES,
  'scan.created',
  'conversion.created',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WebhookEventTypeSchema = stringEnum(WEBHOOK_EVENT_TYPES, {
  description:
    'An audit event type (as GET /events shows them), `scan.created` (each scan, as the live stream shows it), `conversion.created` (each conversion stored) or `webhook.test`',
});

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

const WebhookFields = {
  id: Type.String({ examples: ['wh_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
  url: Type.String({
    description: 'Where deliveries are POSTed',
    examples: ['https://example.com/hooks/rq'],
  }),
  description: Type.String({ examples: ['CRM sync'] }),
  events: Type.Array(WebhookEventTypeSchema, { description: 'The event types delivered here' }),
  enabled: Type.Boolean({ description: 'Off: nothing is delivered (pending deliveries fail)' }),
  disabledReason: Nullable(
    Type.String(),
    'Why the system turned the endpoint off (it answered 410, or failed for days); null otherwise',
  ),
  previousSecretExpiresAt: Nullable(
    Instant,
    'After a rotation: until when the old secret still signs beside the new one',
  ),
  createdAt: Instant,
};

export const WebhookSchema = Type.Object(WebhookFields, { additionalProperties: false });

// One object, not an allOf (the endpoint's additionalProperties: false would refuse `secret`).
export const WebhookWithSecretSchema = Type.Object(
  {
    ...WebhookFields,
    secret: Type.String({
      description:
        'The signing secret, `whsec_` and base64 bytes: shown only in this answer (create and rotate); verify deliveries with it',
      examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    }),
  },
  { additionalProperties: false },
);

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'An absolute http(s) URL on a public address',
});
const Description = Type.String({ maxLength: 500 });
const Events = Type.Array(WebhookEventTypeSchema, {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
});

export const WebhookCreateBody = Type.Object(
  {
    url: Url,
    description: Type.Optional(Description),
    events: Events,
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  {
    additionalProperties: false,
    examples: [{ url: 'https://example.com/hooks/rq', description: 'CRM sync', events: ['qrcode.created'] }],
  },
);

export const WebhookPatchBody = Type.Object(
  {
    url: Type.Optional(Url),
    description: Type.Optional(Type.Union([Description, Type.Null()], { description: 'null empties it' })),
    events: Type.Optional(Events),
    enabled: Type.Optional(Type.Boolean({ description: 'true turns a disabled endpoint back on' })),
  },
  { additionalProperties: false, examples: [{ enabled: false }] },
);

export const WebhookList = Type.Object({
  data: Type.Array(WebhookSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const WebhookListQuery = PageOnlyQuery;

export const WebhookParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  deliveryId: Type.String({ maxLength: 64 }),
});

export const DeliveryStatusSchema = Type.Union(
  [Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')],
  {
    description:
      'pending: not delivered yet (attempts left); delivered: answered 2xx; failed: out of attempts',
  },
);

const DeliveryFields = {
  id: Type.String({ examples: ['dlv_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
  eventId: Type.String({
    description: 'The `webhook-id` of every attempt: the event id (evt_...), a scan id, ...',
  }),
  eventType: WebhookEventTypeSchema,
  requestId: Nullable(
    Type.String(),
    "The id of the API request that made the event (the event's `requestId`), sent as the `rq-request-id` header; null for the system's events and scans",
  ),
  attempt: Type.Integer({ minimum: 0, description: 'Attempts made so far' }),
  status: DeliveryStatusSchema,
  responseStatus: Type.Union([Type.Integer(), Type.Null()], {
    description: "The last attempt's answer status; null before any, or without an answer",
  }),
  durationMs: Type.Union([Type.Integer(), Type.Null()], { description: "The last attempt's duration" }),
  at: Type.String({ format: 'date-time', description: 'The last attempt, or when the delivery was made' }),
  nextAttemptAt: Nullable(Instant, 'When the next attempt is due (pending only)'),
};

export const DeliverySchema = Type.Object(DeliveryFields, { additionalProperties: false });

export const DeliveryList = Type.Object({
  data: Type.Array(DeliverySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const DeliveryListQuery = Type.Object(
  {
    ...PAGE_QUERY,
    status: Type.Optional(DeliveryStatusSchema),
    eventType: Type.Optional(WebhookEventTypeSchema),
    from: Type.Optional(
      Type.String({ maxLength: 40, description: 'Deliveries made at or after this time (ISO 8601, UTC)' }),
    ),
    to: Type.Optional(
      Type.String({ maxLength: 40, description: 'Deliveries made before this time (exclusive)' }),
    ),
  },
  { additionalProperties: false },
);

const Headers = Type.Record(Type.String(), Type.String());

export const AttemptSchema = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    at: Instant,
    request: Type.Object(
      {
        headers: Headers,
        body: Type.String({ description: 'The JSON body sent, cut at 16 KiB' }),
        bodyTruncated: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    response: Type.Union(
      [
        Type.Object(
          {
            status: Type.Integer(),
            headers: Headers,
            body: Type.String({ description: 'The answer, read up to 4 KiB' }),
            bodyTruncated: Type.Boolean(),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'null: no answer (see error)' },
    ),
    durationMs: Type.Integer({ minimum: 0 }),
    error: Nullable(
      Type.String(),
      'Why the attempt failed without an answer: timeout, refused address, network',
    ),
  },
  { additionalProperties: false },
);

export const DeliveryDetailSchema = Type.Object(
  { ...DeliveryFields, attempts: Type.Array(AttemptSchema, { description: 'Oldest first' }) },
  { additionalProperties: false },
);

export type WebhookView = Static<typeof WebhookSchema>;
export type WebhookWithSecret = Static<typeof WebhookWithSecretSchema>;
export type WebhookCreate = Static<typeof WebhookCreateBody>;
export type WebhookPatch = Static<typeof WebhookPatchBody>;
export type WebhookListView = Static<typeof WebhookList>;
export type DeliveryView = Static<typeof DeliverySchema>;
export type DeliveryListView = Static<typeof DeliveryList>;
export type DeliveryListQueryView = Static<typeof DeliveryListQuery>;
export type DeliveryDetailView = Static<typeof DeliveryDetailSchema>;
export type AttemptView = Static<typeof AttemptSchema>;
