import { type Static, Type } from '@sinclair/typebox';
import { describedPattern } from '../../shared/pattern-words.js';
import { PlanIdSchema, SubscriptionView } from '../plans/plans.schemas.js';

/** A limit; null: none on this server. */
const Limit = Type.Union([Type.Integer(), Type.Null()]);
export const PlanView = Type.Object({
  id: PlanIdSchema,
  kind: Type.Union([Type.Literal('free'), Type.Literal('hostnames'), Type.Literal('redirects')]),
  name: Type.String(),
  limit: Type.Integer({
    description: 'What the plan sells: custom hostnames for `hostnames`, redirects a month otherwise',
  }),
  hostnames: Type.Integer({ description: 'Custom hostnames while on this plan' }),
  redirectsPerMonth: Type.Integer({ description: 'Redirects a calendar month (UTC) while on this plan' }),
  apiRequestsPerMinute: Type.Integer({ description: 'API requests a minute per API key' }),
  price: Type.String({ description: 'A month, as a decimal string ("5.00")' }),
  currency: Type.Literal('USD'),
  interval: Type.Literal('month'),
  paypalPlanId: Type.Union([Type.String(), Type.Null()], {
    description:
      'The PayPal plan to subscribe to; null when this server does not sell the plan through PayPal',
  }),
});

export const PlanList = Type.Array(PlanView);

export const SubscriptionsOverview = Type.Object({
  subscriptions: Type.Array(SubscriptionView, { description: 'The subscriptions whose plan counts now' }),
  plans: Type.Array(PlanIdSchema, {
    description: "The plans the account holds now (free, or the server's default plan, included)",
  }),
  limits: Type.Object({
    hostnames: Limit,
    redirectsPerMonth: Limit,
    apiRequestsPerMinute: Type.Integer(),
  }),
  usage: Type.Object({
    hostnames: Type.Integer(),
    redirectsThisMonth: Type.Integer({ description: 'Answered human scans this calendar month (UTC)' }),
    periodStart: Type.String({ format: 'date-time' }),
    periodEnd: Type.String({ format: 'date-time' }),
  }),
  overLimit: Type.Boolean({
    description:
      "The month's redirects reached the limit: codes go to their default target until the month ends or the plan grows",
  }),
});

export const SubscriptionCreateBody = Type.Object(
  {
    provider: Type.Literal('paypal'),
    subscriptionId: Type.String({
      pattern: describedPattern('^I-[A-Z0-9]{6,40}$', 'must be a PayPal subscription id (I-...)'),
      description: "PayPal's subscription id, as onApprove gives it (`subscriptionID`)",
    }),
  },
  { additionalProperties: false, examples: [{ provider: 'paypal', subscriptionId: 'I-BW452GLLEP1G' }] },
);

export const SubscriptionIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const WebhookAck = Type.Object({
  received: Type.Boolean(),
  duplicate: Type.Boolean({
    description: 'The event was handled before (PayPal sends again until it gets a 2xx)',
  }),
});

export type PlanView = Static<typeof PlanView>;
export type SubscriptionsOverview = Static<typeof SubscriptionsOverview>;
export type SubscriptionCreateBody = Static<typeof SubscriptionCreateBody>;

// What a subscription looks like is the plans module's (it owns the table); the API answers it here.
export { SubscriptionView };
