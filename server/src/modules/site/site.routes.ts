import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SiteConfig } from './site.schemas.js';
import { publicSiteConfig } from './site.service.js';

/** GET /api/v1/config: the settings the site needs at run time, so one build serves any deployment. */
export async function siteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const body = publicSiteConfig(app.config);
  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['site'],
        summary: 'Public settings for the web site',
        description:
          'API base, short-URL base, Firebase web configuration (or the Auth emulator), PayPal client and plan ids, marketplace page and analytics id. Public: no credentials needed, no secrets included.',
        response: { 200: SiteConfig },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
}
