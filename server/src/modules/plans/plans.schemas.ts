import { type Static, Type } from '@sinclair/typebox';
import { PLAN_IDS } from './plans.js';

export const PlanIdSchema = Type.Union(
  PLAN_IDS.map((id) => Type.Literal(id)),
  { description: 'free, hostnames, basic, pro, ultra or mega' },
);

export const SubscriptionStatus = Type.Union(
  [
    Type.Literal('approval_pending'),
    Type.Literal('approved'),
    Type.Literal('active'),
    Type.Literal('suspended'),
    Type.Literal('cancelled'),
    Type.Literal('expired'),
  ],
  { description: "PayPal's status, lower case; operator grants are active" },
);

export const SubscriptionView = Type.Object({
  id: Type.String(),
  plan: PlanIdSchema,
  status: SubscriptionStatus,
  provider: Type.Union([Type.Literal('paypal'), Type.Literal('operator')]),
  providerSubscriptionId: Type.Union([Type.String(), Type.Null()], {
    description: "PayPal's subscription id (I-...); null for the operator's grants",
  }),
  currentPeriodEnd: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'End of the paid period: the renewal date while active; the date a cancelled plan ends; the end of an operator grant (null: open-ended)',
  }),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'When the plan stops counting if nothing changes: the period end once cancelled, the end of the grace period while suspended, the end of a grant; null while it renews',
  }),
  createdAt: Type.String({ format: 'date-time' }),
});

export type SubscriptionView = Static<typeof SubscriptionView>;
