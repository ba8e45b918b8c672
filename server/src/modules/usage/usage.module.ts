import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inProcessUsageStore, monthOf, UsageMeter } from './usage-meter.js';
import { redisUsageStore } from './usage-store.js';

/**
 * The usage module: `app.usage`, monthly redirect usage per account and the over-limit state
 * the edge reads on every scan. Counts are seeded from the scans module's totals and shared
 * through Redis when it is set; limits come from the billing module, and `plans.changed` makes
 * an account's limit be read again.
 */
export const usageModule = fp(
  async (app: FastifyInstance) => {
    const store = app.redis
      ? redisUsageStore(app.redis, app.config.redisKeyPrefix, app.log)
      : inProcessUsageStore();
    const meter = new UsageMeter({
      recorded: (accountId, from, to) => app.scans.humanScansOf(accountId, from, to),
      limit: async (accountId) => (await app.billing.limitsOf(accountId)).redirectsPerMonth,
      store,
      reachedLimit: (accountId, count) =>
        void app.changes.publish('usage.reached', { accountId, month: monthOf(Date.now()).key, count }),
    });
    app.decorate('usage', meter);
    // Before Redis closes (hooks close in reverse order): the last few milliseconds of counts.
    app.addHook('onClose', async () => {
      await store.flush?.();
    });
    app.billing.useUsageMeter(meter);
    app.changes.subscribe('plans.changed', ({ accountId }) => meter.forgetLimit(accountId));
    app.changes.subscribe('usage.reached', ({ accountId, month, count }) =>
      meter.learned(accountId, month, count),
    );
  },
  { name: 'usage', dependencies: ['redis', 'scans', 'billing'] },
);

declare module '../../shared/change-bus.js' {
  interface ChangeEvents {
    /** An account's scans reached its monthly limit on some instance: every edge goes to defaults. */
    'usage.reached': { accountId: string; month: string; count: number };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    usage: UsageMeter;
  }
}
