import type { WorkspaceAccess } from '../../plugins/auth.js';
import { apiRateFor, PLAN_IDS, PLANS } from '../plans/plans.js';
import type { SubscriptionView } from '../plans/plans.schemas.js';
import { type PlansService, subscriptionView } from '../plans/plans.service.js';
import type { UsageMeter } from '../plans/usage-meter.js';
import type { PlanView, SubscriptionCreateBody, SubscriptionsOverview } from './billing.schemas.js';
import type { PaidPlanId, PaypalSubscriptions } from './billing.subscriptions.js';
import type { PaypalWebhooks } from './billing.webhooks.js';
import type { WebhookHeaders } from './paypal.client.js';

export interface BillingOptions {
  /** Held plans, limits and the subscriptions table (the plans module). */
  plans: PlansService;
  /** The month's redirects (the plans module's meter). */
  usage: Pick<UsageMeter, 'usageOf'>;
  /** How many custom hostnames an account has (the hostnames module), shown beside its limit. */
  hostnames: { count(workspaceId: string): Promise<number> };
  subscriptions: PaypalSubscriptions;
  webhooks: PaypalWebhooks;
  /** Whether this server sells plans through PayPal. */
  sellsThroughPaypal: boolean;
  /** PayPal plan ids per plan (PAYPAL_PLAN_*). */
  paypalPlanIds: Partial<Record<PaidPlanId, string | undefined>>;
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

/**
 * What the billing routes answer: the plans on sale, an account's plans, limits and usage, and
 * PayPal's part (subscriptions in billing.subscriptions.ts, the webhook in billing.webhooks.ts).
 * Held plans and limits are the plans module's; this module sells them.
 */
export class BillingService {
  constructor(private readonly options: BillingOptions) {}

  /** GET /plans: every plan with its limits, price and the PayPal plan to subscribe to. */
  plans(): PlanView[] {
    const { plans, sellsThroughPaypal, paypalPlanIds } = this.options;
    return PLAN_IDS.map((id) => {
      const plan = PLANS[id];
      return {
        id,
        kind: plan.kind,
        name: plan.name,
        limit: plan.kind === 'hostnames' ? plan.hostnames : plan.redirectsPerMonth,
        hostnames: plan.hostnames,
        redirectsPerMonth: plan.redirectsPerMonth,
        apiRequestsPerMinute: apiRateFor(plans.apiRateLimit, [id]),
        price: plan.price,
        currency: plan.currency,
        interval: plan.interval,
        paypalPlanId: id === 'free' || !sellsThroughPaypal ? null : (paypalPlanIds[id] ?? null),
      };
    });
  }

  /** GET /subscriptions: the subscriptions that count now, the plans, limits and usage. */
  async overview(workspaceId: string): Promise<SubscriptionsOverview> {
    const { plans, usage } = this.options;
    const rows = await plans.countingSubscriptionsOf(workspaceId);
    const held = await plans.plansOf(workspaceId);
    const limits = await plans.limitsOf(workspaceId);
    const hostnames = await this.options.hostnames.count(workspaceId);
    const redirects = await usage.usageOf(workspaceId);
    return {
      subscriptions: rows.map(subscriptionView),
      plans: [...held],
      limits: {
        hostnames: finite(limits.hostnames),
        redirectsPerMonth: finite(limits.redirectsPerMonth),
        apiRequestsPerMinute: limits.apiRequestsPerMinute,
      },
      usage: { hostnames, ...redirects },
      overLimit: redirects.redirectsThisMonth >= limits.redirectsPerMonth,
    };
  }

  subscribe(
    access: WorkspaceAccess,
    body: SubscriptionCreateBody,
  ): Promise<{ subscription: SubscriptionView; created: boolean }> {
    return this.options.subscriptions.subscribe(access, body);
  }

  cancel(access: WorkspaceAccess, id: string): Promise<SubscriptionView> {
    return this.options.subscriptions.cancel(access, id);
  }

  /**
   * A deleted workspace's plans: its live PayPal subscriptions are cancelled at PayPal (when this
   * server sells through PayPal), then its subscriptions and grants are deleted.
   */
  async erase(workspaceId: string): Promise<void> {
    await this.options.subscriptions.cancelAllAtPaypal(workspaceId);
    await this.options.plans.erase(workspaceId);
  }

  receiveWebhook(
    headers: WebhookHeaders,
    event: { id: string; event_type: string; resource?: Record<string, unknown> },
  ): Promise<{ duplicate: boolean }> {
    return this.options.webhooks.receiveWebhook(headers, event);
  }
}
