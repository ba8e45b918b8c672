import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import {
  canApplyDesign,
  canCreateDesign,
  canDeleteDesign,
  canUpdateDesign,
  canViewDesigns,
} from './designs.permissions.js';
import {
  AppliedCodes,
  ApplyBody,
  Design,
  DesignCreateBody,
  DesignIdParams,
  DesignList,
  DesignListQuery,
  DesignPatchBody,
} from './designs.schemas.js';
import type { DesignsService } from './designs.service.js';

/** /api/v1/designs: save, list, get, change (JSON merge patch), delete and apply named styles. */
export async function designsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: DesignsService = app.designs;
  // Applying changes codes, so a key needs the codes' write scope; it reads the design too.

  app.post(
    '/api/v1/designs',
    {
      config: { job: 'design' },
      onRequest: app.authenticate(canCreateDesign),
      preHandler: app.idempotent,
      schema: {
        tags: ['designs'],
        summary: 'Save a design',
        description:
          'A name and a style (the Style of QR codes, checked the same way: unknown fields, colours, contrast and logo size are 400s or 422s with field paths). A `data:` logo is stored once as an asset of the account and `logo.src` becomes its URL. Accepts an `Idempotency-Key` header.',
        body: DesignCreateBody,
        response: { 201: Design, ...problemResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const design = await service.create(request.access, request.body);
      return reply.code(201).header('location', `/api/v1/designs/${design.id}`).send(design);
    },
  );

  app.get(
    '/api/v1/designs',
    {
      onRequest: app.authenticate(canViewDesigns),
      schema: {
        tags: ['designs'],
        summary: 'List designs',
        description: 'Newest first, a page at a time: pass `nextCursor` back as `cursor`.',
        querystring: DesignListQuery,
        response: { 200: DesignList, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.list(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/designs/:id',
    {
      onRequest: app.authenticate(canViewDesigns),
      schema: {
        tags: ['designs'],
        summary: 'Get a design',
        params: DesignIdParams,
        response: { 200: Design, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => service.get(request.workspace.id, request.params.id),
  );

  app.patch(
    '/api/v1/designs/:id',
    {
      config: { job: 'design' },
      onRequest: app.authenticate(canUpdateDesign),
      schema: {
        tags: ['designs'],
        summary: 'Change a design',
        description:
          'A JSON merge patch (RFC 7396). The merged style is checked like a new one. Codes that had the design applied keep their style: apply it again to pass a change on.',
        params: DesignIdParams,
        body: DesignPatchBody,
        response: { 200: Design, ...problemResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request) => service.update(request.access, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/designs/:id',
    {
      onRequest: app.authenticate(canDeleteDesign),
      schema: {
        tags: ['designs'],
        summary: 'Delete a design',
        description: 'Codes that had the design applied keep their style.',
        params: DesignIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.delete(request.access, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/designs/:id/apply',
    {
      onRequest: app.authenticate(canApplyDesign),
      schema: {
        tags: ['designs'],
        summary: 'Apply a design to codes',
        description:
          "Each code's style becomes the design's style (replaced, not merged), in the order given; the codes' images change, their short URLs do not. Every id is looked up first: a missing or foreign one is a 404 at its path (`/body/codes/1`) and changes nothing. A code that cannot take the style (a 422 at `/body/codes/{i}/style/...`) stops the run there; the codes before it have the design. Needs the `qrcodes:write` scope.",
        params: DesignIdParams,
        body: ApplyBody,
        response: { 200: AppliedCodes, ...problemResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request) => ({
      data: await service.apply(request.access, request.params.id, request.body.codes),
    }),
  );
}
