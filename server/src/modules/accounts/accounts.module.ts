import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountsRoutes } from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';

/** The accounts module: `app.accounts` (sign-in resolves callers through it) and /api/v1/me. */
export const accountsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('accounts', new AccountsService(app.database.db));
    await app.register(accountsRoutes);
  },
  { name: 'accounts', dependencies: ['db', 'auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}
