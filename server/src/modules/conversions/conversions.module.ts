import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { conversionsRoutes } from './conversions.routes.js';
import { ConversionsService } from './conversions.service.js';
import { ExperimentsService } from './experiments.service.js';

/**
 * The conversions module (issue 47): `app.conversions` (reports credited to scans, the
 * workspace's attribution settings, conversion counts for analytics) and `app.experiments`
 * (split rules read as experiments, "Keep the winner"). It sits on the scans and rules modules
 * and below analytics, which shows conversions beside scans; the webhooks module is above it, so
 * `conversionsWebhooksModule` (registered after it) hands new conversions to the outbox.
 */
export const conversionsModule = fp(
  async (app: FastifyInstance) => {
    const conversions = new ConversionsService(app.database.db, {
      scans: app.scans,
      events: app.events,
      changes: app.changes,
      serverSecret: app.serverSecret,
    });
    await conversions.loadDefaults();
    app.changes.subscribe('attribution.changed', ({ workspaceId }) => conversions.reloadDefault(workspaceId));
    const experiments = new ExperimentsService({
      rules: app.rules,
      scans: app.scans,
      conversions,
      events: app.events,
    });
    app.decorate('conversions', conversions);
    app.decorate('experiments', experiments);
    app.workspaces.onErase('conversions', (workspaceId) => conversions.eraseWorkspace(workspaceId));
    await app.register(conversionsRoutes);
  },
  { name: 'conversions', dependencies: ['db', 'redis', 'auth', 'events', 'workspaces', 'scans', 'rules'] },
);

/** `conversion.created` for webhook endpoints: each stored conversion, in the transaction that stores it. */
export const conversionsWebhooksModule = fp(
  async (app: FastifyInstance) => {
    app.conversions.onCreated(async (trx, workspaceId, created) => {
      const enqueued = await app.webhooks.enqueue(
        trx,
        workspaceId,
        created.map((conversion) => ({
          id: conversion.id,
          type: 'conversion.created' as const,
          at: Date.parse(conversion.createdAt),
          data: conversion,
        })),
      );
      // The outbox rows commit with the conversions; the worker is woken once they have.
      if (enqueued > 0) setImmediate(() => app.webhooks.wake());
    });
  },
  { name: 'conversions-webhooks', dependencies: ['conversions', 'webhooks'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    conversions: ConversionsService;
    experiments: ExperimentsService;
  }
}
