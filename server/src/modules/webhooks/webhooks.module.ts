import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { AddressPolicy } from '../../shared/address-policy.js';
import { sweeperLoop } from '../../shared/background-work.js';
import { createSafeFetcher, dnsServerResolver } from '../../shared/safe-fetch.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { WebhooksService } from './webhooks.service.js';
import { DeliveryWorker } from './webhooks.worker.js';

// Finished deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS go in hourly rounds, like old events.
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Webhooks: `app.webhooks` (endpoints, the outbox, the delivery log) and a DeliveryWorker in
 * every instance. The outbox listens to the audit log (`events.onRecorded`), so every recorded
 * event reaches the endpoints subscribed to it from the same transaction; other producers call
 * `app.webhooks.enqueue(trx, workspaceId, messages)`.
 */
export const webhooksModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const settings = config.webhooks;
    let worker: DeliveryWorker | undefined;
    const webhooks = new WebhooksService(app.database.db, {
      events: app.events,
      settings,
      addressPolicy: new AddressPolicy(config.ssrfAllow),
      resolve: dnsServerResolver,
      // New deliveries wake the worker at once, in whichever thread or instance runs it.
      wake: () => {
        if (app.backgroundWork.running) worker?.wake();
        else void app.changes.publish('webhooks.due', {});
      },
    });
    app.changes.subscribe('webhooks.due', () => {
      if (app.backgroundWork.running) worker?.wake();
    });
    app.decorate('webhooks', webhooks);
    app.events.onRecorded(webhooks.onEventRecorded);
    app.workspaces.onErase('webhooks', (workspaceId) => webhooks.erase(workspaceId));

    const fetcher = createSafeFetcher({ allow: config.ssrfAllow });
    // Scans come first: under load, deliveries go out on the poll only (see DeliveryWorker.busy).
    worker = new DeliveryWorker({
      db: app.database.db,
      dialect: app.database.dialect,
      settings,
      fetcher,
      webhooks,
      log: app.log.child({ module: 'webhooks' }),
      busy: () => app.edgeLoad.busy(),
    });
    if (settings.worker) app.backgroundWork.add('webhook deliveries', worker);
    app.backgroundWork.add(
      'old webhook deliveries',
      sweeperLoop(SWEEP_EVERY_MS, () =>
        webhooks
          .sweep()
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not delete old webhook deliveries')),
      ),
    );
    // After the background work has stopped (app.ts registers that first): no attempt is in flight.
    app.addHook('preClose', async () => fetcher.close());

    app.decorate('webhookResults', () => worker?.results ?? { delivered: 0, retry: 0, failed: 0 });
    if (app.role.kind === 'server') registerWebhookMetrics(app);
    await app.register(webhooksRoutes);
  },
  { name: 'webhooks', dependencies: ['db', 'events', 'workspaces', 'auth', 'idempotency'] },
);

/**
 * The outbox as an operator watches it: deliveries waiting and how long the oldest due one has
 * waited (read from the database at each scrape), and attempts by result, counted by whichever
 * thread delivers (this one, or the background thread, which reports them with its stats).
 */
function registerWebhookMetrics(app: FastifyInstance): void {
  const registers = [app.metrics.registry];
  new Gauge({
    name: 'rq_webhook_backlog_deliveries',
    help: 'Webhook deliveries pending: due now or waiting for a retry.',
    labelNames: [],
    registers,
    async collect() {
      this.set((await app.webhooks.backlog(Date.now())).pending);
    },
  });
  new Gauge({
    name: 'rq_webhook_oldest_due_age_seconds',
    help: 'How long the delivery due longest ago has waited to be sent.',
    registers,
    async collect() {
      this.set((await app.webhooks.backlog(Date.now())).oldestDueMs / 1000);
    },
  });
  new Counter({
    name: 'rq_webhook_deliveries_total',
    help: 'Webhook delivery attempts by result: delivered, retry (to be tried again), failed (for good).',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      const own = app.webhookResults();
      for (const result of ['delivered', 'retry', 'failed'] as const) {
        this.inc({ result }, own[result] + app.metrics.threadCounter(`webhooks.${result}`));
      }
    },
  });
}

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /** New deliveries are due: the thread or instance that sends them looks now, not at its next poll. */
    'webhooks.due': Record<string, never>;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhooksService;
    /** Delivery attempts by result in this app (its DeliveryWorker). */
    webhookResults: () => Record<'delivered' | 'retry' | 'failed', number>;
  }
}
