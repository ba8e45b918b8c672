// Quoted by CONTRIBUTING.md ("One way to wire a module"); type-checked by `npm run typecheck`
// (server/tsconfig.test.json) and compared with CONTRIBUTING by `npm run lint` (scripts/contributing-check.mjs).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rulesRoutes } from '../../../server/src/modules/rules/rules.routes.js';
import { RulesService } from '../../../server/src/modules/rules/rules.service.js';
import { ownShortUrlTestFor } from '../../../server/src/shared/own-addresses.js';

// snippet:start module-wiring
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
// snippet:end
