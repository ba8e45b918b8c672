import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import { canViewEvents } from './events.permissions.js';
import { EventList, EventListQuery } from './events.schemas.js';

/** /api/v1/events: the workspace's audit log. */
export async function eventsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/v1/events',
    {
      onRequest: app.authenticate(canViewEvents),
      schema: {
        tags: ['events'],
        summary: 'List events',
        description:
          'Every change in the workspace (codes, rules, designs, assets, hostnames and their verifications, API keys, members, webhooks, subscriptions, the signing secret, the monthly limit reached), newest first, a page at a time: pass `nextCursor` back as `cursor`. Filters combine: `type`, `resourceType`, `resource` (an id), `actor` (a uid, key id or system part), `from` (inclusive) and `to` (exclusive). Events are kept `EVENT_RETENTION_DAYS` (400 by default).',
        querystring: EventListQuery,
        response: { 200: EventList, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => app.events.list(request.workspace.id, request.query),
  );
}
