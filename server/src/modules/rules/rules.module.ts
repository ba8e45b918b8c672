import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ownShortUrlTestFor } from '../../shared/own-addresses.js';
import { rulesRoutes } from './rules.routes.js';
import { RulesService } from './rules.service.js';

/**
 * The rules module: `app.rules` (the QR codes module and the redirect edge call it) and
 * /api/v1/rules. It knows nothing of codes: a change or a deletion is published on the change
 * bus (`rule.changed`, `rule.deleted`) for the modules that depend on rules. Every change is an
 * event of the audit log; a deleted workspace's rules are erased with it.
 */
export const rulesModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const service = new RulesService(app.database.db, {
      changes: app.changes,
      events: app.events,
      isOwnShortUrl: ownShortUrlTestFor(config),
    });
    app.decorate('rules', service);
    app.workspaces.onErase('rules', (workspaceId) => service.eraseWorkspace(workspaceId));
    await app.register(rulesRoutes);
  },
  { name: 'rules', dependencies: ['db', 'redis', 'auth', 'idempotency', 'events', 'workspaces'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    rules: RulesService;
  }
}
