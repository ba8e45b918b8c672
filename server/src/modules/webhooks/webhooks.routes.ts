import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import { canManageWebhooks, canViewWebhooks } from './webhooks.permissions.js';
import {
  DeliveryDetailSchema,
  DeliveryList,
  DeliveryListQuery,
  DeliveryParams,
  DeliverySchema,
  WebhookCreateBody,
  WebhookList,
  WebhookListQuery,
  WebhookParams,
  WebhookPatchBody,
  WebhookSchema,
  WebhookWithSecretSchema,
} from './webhooks.schemas.js';

const SIGNING =
  'Each delivery is a POST of `{ "type", "timestamp", "data" }` signed the Standard Webhooks way: `webhook-id` (the event id, the same on every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the bytes after `whsec_`).';

/** /api/v1/webhooks: endpoints, their secrets, test events and delivery log. */
export async function webhooksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service = app.webhooks;

  app.post(
    '/api/v1/webhooks',
    {
      onRequest: app.authenticate(canManageWebhooks),
      preHandler: app.idempotent,
      schema: {
        tags: ['webhooks'],
        summary: 'Create a webhook endpoint',
        description: `The answer holds the signing secret (\`secret\`), shown this once. The URL must be http(s) and neither be nor resolve to a private address. ${SIGNING} Accepts an \`Idempotency-Key\` header.`,
        body: WebhookCreateBody,
        response: { 201: WebhookWithSecretSchema, ...problemResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.access, request.body);
      return reply.code(201).header('location', `/api/v1/webhooks/${created.id}`).send(created);
    },
  );

  app.get(
    '/api/v1/webhooks',
    {
      onRequest: app.authenticate(canViewWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: 'List webhook endpoints',
        description:
          'Newest first, a page at a time: pass `nextCursor` back as `cursor`. Secrets are never listed.',
        querystring: WebhookListQuery,
        response: { 200: WebhookList, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.list(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/webhooks/:id',
    {
      onRequest: app.authenticate(canViewWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: 'Get a webhook endpoint',
        params: WebhookParams,
        response: { 200: WebhookSchema, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => service.get(request.workspace.id, request.params.id),
  );

  app.patch(
    '/api/v1/webhooks/:id',
    {
      onRequest: app.authenticate(canManageWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: 'Change a webhook endpoint',
        description:
          'A JSON merge patch (RFC 7396): omitted fields stay. `enabled: false` turns the endpoint off (its pending deliveries fail); `enabled: true` turns it back on and clears `disabledReason`.',
        params: WebhookParams,
        body: WebhookPatchBody,
        response: { 200: WebhookSchema, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => service.update(request.access, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/webhooks/:id',
    {
      onRequest: app.authenticate(canManageWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint',
        description: 'Nothing more is delivered to it; its delivery log goes with it.',
        params: WebhookParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.delete(request.access, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/webhooks/:id/rotate-secret',
    {
      onRequest: app.authenticate(canManageWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: "Rotate a webhook endpoint's secret",
        description:
          'A new secret, shown this once. For 24 hours (`previousSecretExpiresAt`) deliveries carry two signatures, space-separated in `webhook-signature`: one under the new secret and one under the old, so receivers can switch without missing a delivery.',
        params: WebhookParams,
        response: { 200: WebhookWithSecretSchema, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => service.rotateSecret(request.access, request.params.id),
  );

  app.post(
    '/api/v1/webhooks/:id/test',
    {
      onRequest: app.authenticate(canManageWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: 'Send a test event',
        description:
          'Sends a `webhook.test` event to this endpoint now (whatever it subscribes to), through the outbox like any other: the answer is the delivery, pending; read it again to see the attempt. A disabled endpoint is a 409: turn it on first.',
        params: WebhookParams,
        response: { 202: DeliverySchema, ...problemResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await service.sendTest(request.access, request.params.id)),
  );

  app.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      onRequest: app.authenticate(canViewWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: "List an endpoint's deliveries",
        description:
          'Newest first, a page at a time. Filters combine: `status`, `eventType`, `from` (inclusive) and `to` (exclusive). Finished deliveries are kept 30 days.',
        params: WebhookParams,
        querystring: DeliveryListQuery,
        response: { 200: DeliveryList, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => service.listDeliveries(request.workspace.id, request.params.id, request.query),
  );

  app.get(
    '/api/v1/webhooks/:id/deliveries/:deliveryId',
    {
      onRequest: app.authenticate(canViewWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: 'Get a delivery with its attempts',
        description:
          'Each attempt with the request sent (headers, body cut at 16 KiB) and the answer (status, headers, body read up to 4 KiB), its duration and why it failed.',
        params: DeliveryParams,
        response: { 200: DeliveryDetailSchema, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) =>
      service.getDelivery(request.workspace.id, request.params.id, request.params.deliveryId),
  );

  app.post(
    '/api/v1/webhooks/:id/deliveries/:deliveryId/retry',
    {
      onRequest: app.authenticate(canManageWebhooks),
      schema: {
        tags: ['webhooks'],
        summary: 'Retry a delivery now',
        description:
          "One more attempt now, with the same `webhook-id`, whatever the delivery's state (a failed one too). If it fails, the schedule goes on from the attempts already made.",
        params: DeliveryParams,
        response: { 202: DeliverySchema, ...problemResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await service.retryDelivery(request.workspace.id, request.params.id, request.params.deliveryId),
        ),
  );
}
