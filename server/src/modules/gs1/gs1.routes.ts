import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import { canCreateGs1Item, canDeleteGs1Item, canUpdateGs1Item, canViewGs1Items } from './gs1.permissions.js';
import {
  Gs1ItemCreateBody,
  Gs1ItemIdParams,
  Gs1ItemList,
  Gs1ItemListQuery,
  Gs1ItemPatchBody,
  Gs1ItemSchema,
} from './gs1.schemas.js';
import type { Gs1Service } from './gs1.service.js';

/** /api/v1/gs1/items: register, list, get, change (JSON merge patch) and delete GS1 Digital Link items. */
export async function gs1Routes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: Gs1Service = app.gs1;

  app.post(
    '/api/v1/gs1/items',
    {
      onRequest: app.authenticate(canCreateGs1Item),
      preHandler: app.idempotent,
      schema: {
        tags: ['gs1'],
        summary: 'Register a GS1 item',
        description:
          "A primary key (a GTIN, GLN, SSCC, ...) or a company prefix, its links, and its lot or serial levels, each with links of its own. Its GS1 Digital Link URIs then resolve at the root of the item's host (our hosts, or a verified hostname of the workspace). Keys and qualifiers are checked as a scanned URI is (check digits, lengths, order): a fault is a 400 at its field path. A key is registered once per host: another item's key is a 409. Items count against the plan's GS1 items limit: over it, a 402 `limit_reached` (`limit: \"gs1Items\"`, `allowed`, `fits`). Accepts an `Idempotency-Key` header.",
        body: Gs1ItemCreateBody,
        response: { 201: Gs1ItemSchema, ...problemResponses(400, 401, 402, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const item = await service.create(request.access, request.body);
      return reply.code(201).header('location', `/api/v1/gs1/items/${item.id}`).send(item);
    },
  );

  app.get(
    '/api/v1/gs1/items',
    {
      onRequest: app.authenticate(canViewGs1Items),
      schema: {
        tags: ['gs1'],
        summary: 'List GS1 items',
        description:
          "Newest first, a page at a time: pass `nextCursor` back as `cursor`. Filters combine: `ai` (the primary key's AI), `value` (keys starting with it), `hostname` (empty for our own hosts), `linkType` (a link of that type at any level, as written).",
        querystring: Gs1ItemListQuery,
        response: { 200: Gs1ItemList, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.list(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/gs1/items/:id',
    {
      onRequest: app.authenticate(canViewGs1Items),
      schema: {
        tags: ['gs1'],
        summary: 'Get a GS1 item',
        params: Gs1ItemIdParams,
        response: { 200: Gs1ItemSchema, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => service.get(request.workspace.id, request.params.id),
  );

  app.patch(
    '/api/v1/gs1/items/:id',
    {
      onRequest: app.authenticate(canUpdateGs1Item),
      schema: {
        tags: ['gs1'],
        summary: 'Change a GS1 item',
        description:
          'A JSON merge patch (RFC 7396): `links` and `levels` replace the whole list; `hostname: null` moves the item to our own hosts. Scans follow the change at once.',
        params: Gs1ItemIdParams,
        body: Gs1ItemPatchBody,
        response: { 200: Gs1ItemSchema, ...problemResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.update(request.access, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/gs1/items/:id',
    {
      onRequest: app.authenticate(canDeleteGs1Item),
      schema: {
        tags: ['gs1'],
        summary: 'Delete a GS1 item',
        description: 'Its URIs answer 404 from then on.',
        params: Gs1ItemIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.delete(request.access, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
