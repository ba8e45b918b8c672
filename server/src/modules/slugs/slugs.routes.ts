import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import { canCheckSlug } from './slugs.permissions.js';
import type { SlugsService } from './slugs.service.js';

const SlugParams = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 200, description: 'The slug to check, as it would be sent' }),
});

const SlugQuery = Type.Object(
  {
    hostname: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 253,
        description:
          'A verified hostname of the account (name or host_... id); the primary short host when left out',
      }),
    ),
  },
  { additionalProperties: false },
);

const SlugAvailabilitySchema = Type.Object(
  {
    available: Type.Boolean({ description: 'Whether POST /qrcodes would take this slug on that host now' }),
    reason: Type.Union(
      [Type.Literal('invalid'), Type.Literal('reserved'), Type.Literal('taken'), Type.Null()],
      {
        description:
          'invalid: not 3 to 64 of A-Z a-z 0-9 _ -; reserved: the site uses the word on the primary host; taken: another code has it on that host; null when available',
      },
    ),
  },
  { additionalProperties: false },
);

/** GET /api/v1/slugs/{slug}: whether a new code may take a slug, asked as someone types it. */
export async function slugsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: SlugsService = app.slugs;

  app.get(
    '/api/v1/slugs/:slug',
    {
      onRequest: app.authenticate(canCheckSlug),
      schema: {
        tags: ['qrcodes'],
        summary: 'Check a slug',
        description:
          'Whether a new code may take `slug` on the primary short host or on `hostname`: checked exactly (slugs are case-sensitive), with the same rules as POST /qrcodes. The answer can change before you create: POST /qrcodes still answers 409 when someone took the slug in between.',
        params: SlugParams,
        querystring: SlugQuery,
        response: { 200: SlugAvailabilitySchema, ...problemResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      service.availability(request.workspace.id, request.params.slug, request.query.hostname),
  );
}
