import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { billingRoutes } from './billing.routes.js';
import { BillingService } from './billing.service.js';
import { PaypalSubscriptions } from './billing.subscriptions.js';
import { PaypalWebhooks } from './billing.webhooks.js';
import { PayPalClient } from './paypal.client.js';

/**
 * The billing module: `app.billing`, selling plans through PayPal (subscriptions and PayPal's
 * webhook) and answering /api/v1/plans and /api/v1/subscriptions. What an account holds and may
 * do is the plans module's: billing records PayPal's subscriptions there and reads plans, limits
 * and usage from it. It registers after hostnames, whose count its overview shows.
 */
export const billingModule = fp(
  async (app: FastifyInstance) => {
    const { paypal } = app.config;
    const { plans, usage, log } = app;
    const client =
      paypal.clientId && paypal.clientSecret
        ? new PayPalClient({
            apiBase: paypal.apiBase,
            clientId: paypal.clientId,
            clientSecret: paypal.clientSecret,
          })
        : undefined;
    const { accounts } = app;
    const subscriptions = new PaypalSubscriptions({
      plans,
      log,
      accountExists: async (workspaceId) => (await accounts.getById(workspaceId)) !== undefined,
      paypal: client,
      paypalPlanIds: paypal.planIds,
    });
    const webhooks = new PaypalWebhooks(app.database.db, {
      log,
      paypal: client,
      webhookId: paypal.webhookId,
      refresh: (providerId) => subscriptions.refresh(providerId),
    });
    app.decorate(
      'billing',
      new BillingService({
        plans,
        usage,
        hostnames: app.hostnames,
        subscriptions,
        webhooks,
        sellsThroughPaypal: client !== undefined,
        paypalPlanIds: paypal.planIds,
      }),
    );
    app.workspaces.onErase('billing', (workspaceId) => app.billing.erase(workspaceId));
    await app.register(billingRoutes);
  },
  {
    name: 'billing',
    dependencies: ['db', 'auth', 'idempotency', 'accounts', 'plans', 'hostnames', 'workspaces'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingService;
  }
}
