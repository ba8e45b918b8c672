import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PlansService } from './plans.service.js';
import { UsageLimitLog } from './usage-limit-log.js';
import { inProcessUsageStore, monthOf, UsageMeter } from './usage-meter.js';
import { redisUsageStore } from './usage-store.js';

/**
 * The plans module: `app.plans` (the plans each account holds, the limits they give, the
 * operator's grants) and `app.usage` (monthly redirect usage per account and the over-limit state
 * the edge reads on every scan). It is below every module that enforces or shows a limit and
 * below the rate limits, so it registers before them and they receive it when they are made.
 * Usage counts are seeded from the scans module's totals and shared through Redis when it is set;
 * `plans.changed` drops an account's plans and makes its limit be read again.
 */
export const plansModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const plans = new PlansService(app.database.db, {
      changes: app.changes,
      events: app.events,
      sellsThroughPaypal: Boolean(config.paypal.clientId && config.paypal.clientSecret),
      defaultPlan: config.billing.defaultPlan,
      hostnamesWithoutBilling: config.hostnames.limitWithoutBilling,
      apiRateLimit: config.rateLimits.api,
      codesLimit: config.codesLimit,
    });
    const { scans } = app;
    const store = app.redis
      ? redisUsageStore(app.redis, config.redisKeyPrefix, app.log)
      : inProcessUsageStore();
    const limitLog = new UsageLimitLog({
      events: app.events,
      log: app.log,
      limit: async (workspaceId) => (await plans.limitsOf(workspaceId)).redirectsPerMonth,
    });
    const usage = new UsageMeter({
      recorded: (workspaceId, from, to) => scans.humanScansOf(workspaceId, from, to),
      limit: async (workspaceId) => (await plans.limitsOf(workspaceId)).redirectsPerMonth,
      store,
      reachedLimit: (workspaceId, count) => {
        const month = monthOf(Date.now()).key;
        void app.changes.publish('usage.reached', { accountId: workspaceId, month, count });
        limitLog.reached(workspaceId, month, count);
      },
    });
    app.decorate('plans', plans);
    app.decorate('usage', usage);
    app.decorate('usageLimitLog', limitLog);
    // Before Redis closes (hooks close in reverse order): the last few milliseconds of counts.
    app.addHook('onClose', async () => {
      await store.flush?.();
      await limitLog.idle();
    });
    app.changes.subscribe('plans.changed', ({ accountId: workspaceId }) => {
      plans.forget(workspaceId);
      usage.forgetLimit(workspaceId);
    });
    app.changes.subscribe('usage.reached', ({ accountId: workspaceId, month, count }) =>
      usage.learned(workspaceId, month, count),
    );
  },
  { name: 'plans', dependencies: ['db', 'redis', 'scans', 'events'] },
);

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /** An account's scans reached its monthly limit on some instance: every edge goes to defaults. */
    'usage.reached': { accountId: string; month: string; count: number };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    plans: PlansService;
    usage: UsageMeter;
    usageLimitLog: UsageLimitLog;
  }
}
