import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import { canBuyPlan, canCancelSubscription, canViewSubscriptions } from './billing.permissions.js';
import {
  PlanList,
  SubscriptionCreateBody,
  SubscriptionIdParams,
  SubscriptionsOverview,
  SubscriptionView,
  WebhookAck,
} from './billing.schemas.js';
import type { BillingService } from './billing.service.js';

const WebhookHeaders = Type.Object({
  'paypal-transmission-id': Type.String({ minLength: 1, maxLength: 200 }),
  'paypal-transmission-time': Type.String({ minLength: 1, maxLength: 100 }),
  'paypal-transmission-sig': Type.String({ minLength: 1, maxLength: 4096 }),
  'paypal-cert-url': Type.String({ minLength: 1, maxLength: 2048 }),
  'paypal-auth-algo': Type.String({ minLength: 1, maxLength: 100 }),
});

const WebhookEvent = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 200 }),
    event_type: Type.String({ minLength: 1, maxLength: 200 }),
    resource: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  {
    additionalProperties: true,
    description: 'A PayPal webhook event, as PayPal sends it (verified with PayPal before anything changes)',
    examples: [
      {
        id: 'WH-2WR32451HC0233532-67976317FL4543714',
        event_version: '1.0',
        create_time: '2026-11-23T09:00:00Z',
        resource_type: 'subscription',
        resource_version: '2.0',
        event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        summary: 'Subscription activated',
        resource: { id: 'I-BW452GLLEP1G', plan_id: 'P-5ML4271244454362WXNWU5NQ', status: 'ACTIVE' },
      },
    ],
  },
);

/** /api/v1/plans, /api/v1/subscriptions and PayPal's webhook. */
export async function billingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: BillingService = app.billing;

  app.get(
    '/api/v1/plans',
    {
      schema: {
        tags: ['billing'],
        summary: 'List the plans',
        description:
          'Every plan with its limits and monthly price; `paypalPlanId` is the PayPal plan to subscribe to (null when this server does not sell through PayPal).',
        response: { 200: PlanList, ...problemResponses(429) },
      },
    },
    async () => service.plans(),
  );

  app.get(
    '/api/v1/subscriptions',
    {
      onRequest: app.authenticate(canViewSubscriptions),
      schema: {
        tags: ['billing'],
        summary: "The account's plans, limits and usage",
        description:
          'The subscriptions whose plan counts now, the plans held, the limits they give (null: none on this server), usage this calendar month (UTC) and whether the monthly redirects are over the limit.',
        response: { 200: SubscriptionsOverview, ...problemResponses(401, 403, 429) },
      },
    },
    async (request) => service.overview(request.workspace.id),
  );

  app.post(
    '/api/v1/subscriptions',
    {
      onRequest: app.authenticate(canBuyPlan),
      preHandler: app.idempotent,
      schema: {
        tags: ['billing'],
        summary: 'Add a PayPal subscription',
        description:
          "After the buyer approves at PayPal, the site posts the subscription id here. The server asks PayPal: the plan must be one this server sells, the subscription's `custom_id` must be this account, and one subscription binds to one account only. Posting the same id again answers 200 with it. Accepts an `Idempotency-Key` header.",
        body: SubscriptionCreateBody,
        response: {
          200: SubscriptionView,
          201: SubscriptionView,
          ...problemResponses(400, 401, 403, 409, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await service.subscribe(request.access, request.body);
      if (!created) return subscription;
      return reply
        .code(201)
        .header('location', `/api/v1/subscriptions/${subscription.id}`)
        .send(subscription);
    },
  );

  app.delete(
    '/api/v1/subscriptions/:id',
    {
      onRequest: app.authenticate(canCancelSubscription),
      schema: {
        tags: ['billing'],
        summary: 'Cancel a subscription',
        description:
          'Cancels at PayPal: nothing more is billed, and the plan keeps counting until the end of the paid period (`endsAt`). Cancelling again answers the same. A plan the operator granted is a 409.',
        params: SubscriptionIdParams,
        response: { 200: SubscriptionView, ...problemResponses(401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => service.cancel(request.access, request.params.id),
  );

  app.post(
    '/api/v1/billing/paypal/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: "PayPal's webhook",
        description:
          "Where PayPal sends subscription and payment events. Each is verified with PayPal (the five PAYPAL-* headers and this server's webhook id) before anything changes; an unverified one is a 400 and logged. An event id seen before changes nothing. The subscription is then read again from PayPal, so late or repeated events cannot leave a wrong state.",
        headers: WebhookHeaders,
        body: WebhookEvent,
        response: { 200: WebhookAck, ...problemResponses(400, 404, 429, 502) },
      },
    },
    async (request) => {
      const { duplicate } = await service.receiveWebhook(request.headers, request.body);
      return { received: true, duplicate };
    },
  );
}
