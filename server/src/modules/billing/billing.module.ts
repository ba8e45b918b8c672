import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { billingRoutes } from './billing.routes.js';
import { BillingService } from './billing.service.js';
import { PayPalClient } from './paypal.client.js';

/**
 * The billing module: `app.billing` (plans, PayPal subscriptions, operator grants, limits),
 * /api/v1/plans, /api/v1/subscriptions and PayPal's webhook. It answers the rate limits' plan
 * resolver; the hostnames module reads its limits, so it registers before hostnames.
 */
export const billingModule = fp(
  async (app: FastifyInstance) => {
    const { paypal, billing, hostnames } = app.config;
    const client =
      paypal.clientId && paypal.clientSecret
        ? new PayPalClient({
            apiBase: paypal.apiBase,
            clientId: paypal.clientId,
            clientSecret: paypal.clientSecret,
          })
        : undefined;
    const service = new BillingService(app.database.db, {
      changes: app.changes,
      log: app.log,
      accountExists: async (accountId) => (await app.accounts.getById(accountId)) !== undefined,
      paypal: client,
      webhookId: paypal.webhookId,
      paypalPlanIds: paypal.planIds,
      defaultPlan: billing.defaultPlan,
      hostnamesWithoutBilling: hostnames.limitWithoutBilling,
      apiRateLimit: app.config.rateLimits.api,
      planSource: (accountId) => app.rateLimits.planResolver(accountId),
    });
    app.decorate('billing', service);
    app.changes.subscribe('plans.changed', ({ accountId }) => service.forget(accountId));
    app.rateLimits.planResolver = (accountId) => service.plansOf(accountId);
    await app.register(billingRoutes);
  },
  { name: 'billing', dependencies: ['db', 'redis', 'rate-limit', 'auth', 'idempotency', 'accounts'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingService;
  }
}
