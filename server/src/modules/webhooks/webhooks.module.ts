import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AddressPolicy } from '../../shared/address-policy.js';
import { EdgeLoad } from '../../shared/event-loop-load.js';
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
      wake: () => worker?.wake(),
    });
    app.decorate('webhooks', webhooks);
    app.events.onRecorded(webhooks.onEventRecorded);
    app.workspaces.onErase('webhooks', (workspaceId) => webhooks.erase(workspaceId));

    const fetcher = createSafeFetcher({ allow: config.ssrfAllow });
    // Scans come first: under load, deliveries go out on the poll only (see DeliveryWorker.busy).
    const edgeLoad = new EdgeLoad(() => app.scans.recorder.stats.scans);
    worker = new DeliveryWorker({
      db: app.database.db,
      dialect: app.database.dialect,
      settings,
      fetcher,
      webhooks,
      log: app.log.child({ module: 'webhooks' }),
      busy: () => edgeLoad.busy(),
    });
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!app.runsBackgroundWork) return;
      if (settings.worker) worker?.start();
      sweeper = setInterval(() => {
        webhooks
          .sweep()
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not delete old webhook deliveries'));
      }, SWEEP_EVERY_MS).unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(sweeper);
      await worker?.stop();
      fetcher.close();
    });

    await app.register(webhooksRoutes);
  },
  { name: 'webhooks', dependencies: ['db', 'events', 'workspaces', 'auth', 'idempotency'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhooksService;
  }
}
