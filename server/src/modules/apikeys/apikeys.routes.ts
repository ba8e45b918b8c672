import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ProblemSchema } from '../../shared/problem-schema.js';
import { canCreateApiKey, canRevokeApiKey, canViewApiKeys } from './apikeys.permissions.js';
import {
  ApiKeyListSchema,
  ApiKeyParams,
  ApiKeySchema,
  CreateApiKeyBody,
  CreatedApiKeySchema,
  ListApiKeysQuery,
} from './apikeys.schemas.js';

/** API keys are managed by signed-in users only: a key can never create, list or revoke keys. */
export async function apiKeysRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/api-keys',
    {
      onRequest: app.authenticate(canCreateApiKey),
      preHandler: app.idempotent,
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key',
        description: 'The answer holds the key itself (`key`), shown this once; we keep only its hash.',
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKeySchema },
      },
    },
    async (request, reply) => {
      const created = await app.apiKeys.create(request.access, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/v1/api-keys',
    {
      onRequest: app.authenticate(canViewApiKeys),
      schema: {
        tags: ['api-keys'],
        summary: 'List API keys',
        description: 'Live keys, newest first, without the keys themselves.',
        querystring: ListApiKeysQuery,
        response: { 200: ApiKeyListSchema },
      },
    },
    async (request) => app.apiKeys.list(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/api-keys/:id',
    {
      onRequest: app.authenticate(canViewApiKeys),
      schema: {
        tags: ['api-keys'],
        summary: 'Get an API key',
        params: ApiKeyParams,
        response: { 200: ApiKeySchema, 404: ProblemSchema },
      },
    },
    async (request) => app.apiKeys.get(request.workspace.id, request.params.id),
  );

  app.delete(
    '/api/v1/api-keys/:id',
    {
      onRequest: app.authenticate(canRevokeApiKey),
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key',
        description: 'From now on the key is refused with 401.',
        params: ApiKeyParams,
        response: { 204: Type.Null({ description: 'Revoked' }), 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      await app.apiKeys.revoke(request.access, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
