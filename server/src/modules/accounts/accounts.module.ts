import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../shared/clock.js';
import { accountsRoutes } from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';

/**
 * The accounts module, in two plugins because sign-in sits between its service and its routes:
 * `accountsModule` makes `app.accounts`, the auth plugin is built from it (it resolves every
 * caller to an account), and `accountsRoutesModule` then adds /api/v1/me, which needs sign-in.
 */
export const accountsModule = fp(
  async (app: FastifyInstance, options: { clock?: Clock | undefined }) => {
    app.decorate('accounts', new AccountsService(app.database.db, app.events, options.clock));
  },
  { name: 'accounts', dependencies: ['db', 'events'] },
);

export const accountsRoutesModule = fp(
  async (app: FastifyInstance) => {
    await app.register(accountsRoutes);
  },
  { name: 'accounts-routes', dependencies: ['accounts', 'auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}
