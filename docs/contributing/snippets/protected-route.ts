// Quoted by CONTRIBUTING.md ("Auth, scopes, rate limits and creates"); type-checked by
// `npm run typecheck` (server/tsconfig.test.json) and compared by `npm run lint` (scripts/contributing-check.mjs).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { canCreateRule, canViewRules } from '../../../server/src/modules/rules/rules.permissions.js';
import {
  Rule,
  RuleCreateBody,
  RuleList,
  RuleListQuery,
} from '../../../server/src/modules/rules/rules.schemas.js';
import { problemResponses } from '../../../server/src/shared/problem-schema.js';

export async function exampleRoutes(fastify: FastifyInstance): Promise<void> {
  // snippet:start protected-route
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/rules',
    {
      onRequest: app.authenticate(canCreateRule), // a permission from rules.permissions.ts
      preHandler: app.idempotent, // a create: Idempotency-Key works
      schema: {
        tags: ['rules'],
        summary: 'Create a rule',
        body: RuleCreateBody,
        response: { 201: Rule, ...problemResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      // request.access: the workspace, the caller's role in it and the actor for the audit log
      const rule = await app.rules.create(request.access, request.body);
      return reply.code(201).header('location', `/api/v1/rules/${rule.id}`).send(rule);
    },
  );

  app.get(
    '/api/v1/rules',
    {
      onRequest: app.authenticate(canViewRules),
      schema: {
        tags: ['rules'],
        summary: 'List rules',
        querystring: RuleListQuery,
        response: { 200: RuleList },
      },
    },
    async (request) => app.rules.list(request.workspace.id, request.query),
  );
  // snippet:end
}
