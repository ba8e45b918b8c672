import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InvitationsService } from './invitations.service.js';
import { InvitationMailer } from './workspaces.mailer.js';
import { workspacesRoutes } from './workspaces.routes.js';
import { WorkspacesService } from './workspaces.service.js';

/**
 * Workspaces, in two plugins like accounts: the service (membership, which sign-in needs to pick
 * the request's workspace) comes before the auth plugin, the routes after it.
 */
export const workspacesModule = fp(
  async (app: FastifyInstance) => {
    const workspaces = new WorkspacesService(app.database.db, { accounts: app.accounts, events: app.events });
    app.decorate('workspaces', workspaces);
    const mailer = new InvitationMailer({
      smtpUrl: app.config.mail.smtpUrl,
      from: app.config.mail.from,
      log: app.log.child({ module: 'invitations' }),
    });
    app.addHook('onClose', async () => mailer.close());
    app.decorate(
      'invitations',
      new InvitationsService(app.database.db, {
        accounts: app.accounts,
        events: app.events,
        workspaces,
        mailer,
        publicUrl: app.config.publicUrl,
      }),
    );
  },
  { name: 'workspaces', dependencies: ['db', 'accounts', 'events'] },
);

/** /api/v1/workspaces and /api/v1/invitations/accept, which need sign-in. */
export const workspacesRoutesModule = fp(
  async (app: FastifyInstance) => {
    await app.register(workspacesRoutes);
  },
  { name: 'workspaces-routes', dependencies: ['workspaces', 'auth', 'idempotency'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    workspaces: WorkspacesService;
    invitations: InvitationsService;
  }
}
