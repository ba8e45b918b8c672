import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import { Gs1Bulk } from './gs1.bulk.js';
import { canCreateGs1Item, canDeleteGs1Item, canUpdateGs1Item, canViewGs1Items } from './gs1.permissions.js';
import {
  Gs1BulkAnswer,
  Gs1BulkCreateBody,
  Gs1BulkDeleteBody,
  Gs1BulkQuery,
  Gs1BulkUpdateBody,
  Gs1ExportSchema,
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

  // --- Bulk (gs1.bulk.ts): one request of the request budget each, plus its items of the items budget.
  const bulk = new Gs1Bulk(service);
  const countItems = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as { items?: unknown[]; ids?: string[] };
    const caller = { keyId: request.principal.keyId, userId: request.user?.id };
    await app.rateLimits.consumeItems(
      reply,
      request.workspace.id,
      caller,
      (body.items ?? body.ids ?? []).length,
    );
  };
  const BULK_ANSWERS =
    "Answers 200 with one result per item, in the order sent, whether each succeeded or not: `status` is the item's own (201, 200 or 204, or the 4xx its single request would have answered, with its `problem`). With `?atomic=true` every item is checked first and any failing one makes the call a 422 (`errors` name every failing field, `items` each failing item's problem) and nothing is written. Items count against the items budget of bulk calls: over it, a 429 with `Retry-After`. Accepts an `Idempotency-Key` header.";

  app.post(
    '/api/v1/gs1/items/bulk',
    {
      onRequest: app.authenticate(canCreateGs1Item),
      preHandler: [app.idempotent, countItems],
      schema: {
        tags: ['gs1'],
        summary: 'Register many GS1 items',
        description: `Each item is a POST /gs1/items body, checked the same way; its field paths are \`/body/items/{index}/...\`. Over the plan's GS1 items limit an item is a 402 (with atomic, the call). ${BULK_ANSWERS}`,
        querystring: Gs1BulkQuery,
        body: Gs1BulkCreateBody,
        response: { 200: Gs1BulkAnswer, ...problemResponses(400, 401, 402, 403, 422, 429) },
      },
    },
    async (request) => ({
      data: await bulk.create(request.access, request.body.items, { atomic: request.query.atomic === true }),
    }),
  );

  app.post(
    '/api/v1/gs1/items/bulk-update',
    {
      onRequest: app.authenticate(canUpdateGs1Item),
      preHandler: [app.idempotent, countItems],
      schema: {
        tags: ['gs1'],
        summary: 'Change many GS1 items',
        description: `One JSON merge patch (as PATCH /gs1/items/{id} takes, paths \`/body/patch/...\`) applied to each of \`ids\`. ${BULK_ANSWERS}`,
        querystring: Gs1BulkQuery,
        body: Gs1BulkUpdateBody,
        response: { 200: Gs1BulkAnswer, ...problemResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request) => ({
      data: await bulk.update(request.access, request.body.ids, request.body.patch, {
        atomic: request.query.atomic === true,
      }),
    }),
  );

  app.post(
    '/api/v1/gs1/items/bulk-delete',
    {
      onRequest: app.authenticate(canDeleteGs1Item),
      preHandler: [app.idempotent, countItems],
      schema: {
        tags: ['gs1'],
        summary: 'Delete many GS1 items',
        description: `Deletes each of \`ids\`; their URIs answer 404 from then on. ${BULK_ANSWERS}`,
        querystring: Gs1BulkQuery,
        body: Gs1BulkDeleteBody,
        response: { 200: Gs1BulkAnswer, ...problemResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request) => ({
      data: await bulk.delete(request.access, request.body.ids, { atomic: request.query.atomic === true }),
    }),
  );

  app.get(
    '/api/v1/gs1/items/export.json',
    {
      onRequest: app.authenticate(canViewGs1Items),
      schema: {
        tags: ['gs1'],
        summary: 'Export GS1 items',
        description:
          'Every GS1 item of the workspace as the create body that makes it again (links, levels, rules and controls; not ids or times), newest first: the answer is a POST /gs1/items/bulk body, so sending it there restores the items (in another workspace, or after deleting them).',
        response: { 200: Gs1ExportSchema, ...problemResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const items = await service.exportBodies(request.workspace.id);
      return reply.header('content-disposition', 'attachment; filename="gs1-items.json"').send({ items });
    },
  );
}
