import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EventsService } from './events.service.js';

/** The audit log: every module records its changes through `app.events`. */
export const eventsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('events', new EventsService(app.database.db));
  },
  { name: 'events', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    events: EventsService;
  }
}
