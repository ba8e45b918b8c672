import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WorkspacesService } from './workspaces.service.js';

/**
 * Workspaces, in two plugins like accounts: the service (membership, which sign-in needs to pick
 * the request's workspace) comes before the auth plugin, the routes after it.
 */
export const workspacesModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'workspaces',
      new WorkspacesService(app.database.db, { accounts: app.accounts, events: app.events }),
    );
  },
  { name: 'workspaces', dependencies: ['db', 'accounts', 'events'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    workspaces: WorkspacesService;
  }
}
