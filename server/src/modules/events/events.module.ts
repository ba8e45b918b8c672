import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweeperLoop } from '../../shared/background-work.js';
import { eventsRoutes } from './events.routes.js';
import { EventsService } from './events.service.js';

// Old events go in hourly rounds: a day's worth at most after a restart, an hour's otherwise.
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * The audit log, in two plugins like accounts: `eventsModule` makes `app.events`, which every
 * module records its changes through (the workspaces service among them, before sign-in), and
 * `eventsRoutesModule` adds GET /api/v1/events after sign-in and erases a deleted workspace's log.
 */
export const eventsModule = fp(
  async (app: FastifyInstance) => {
    const events = new EventsService(app.database.db, { retentionDays: app.config.eventRetentionDays });
    app.decorate('events', events);
    app.backgroundWork.add(
      'events past EVENT_RETENTION_DAYS',
      sweeperLoop(SWEEP_EVERY_MS, () =>
        events
          .sweep()
          .catch((error: unknown) =>
            app.log.warn({ err: error }, 'could not delete the events past EVENT_RETENTION_DAYS'),
          ),
      ),
    );
  },
  { name: 'events', dependencies: ['db'] },
);

export const eventsRoutesModule = fp(
  async (app: FastifyInstance) => {
    app.workspaces.onErase('events', (workspaceId) => app.events.erase(workspaceId));
    await app.register(eventsRoutes);
  },
  { name: 'events-routes', dependencies: ['events', 'workspaces', 'auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    events: EventsService;
  }
}
