import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldErrorsOf } from '../../plugins/errors.js';
import { validationFailed } from '../../shared/problem.js';
import { problemResponses } from '../../shared/problem-schema.js';
import { canCreateRule, canDeleteRule, canUpdateRule, canViewRules } from './rules.permissions.js';
import {
  Rule,
  RuleCreateBody,
  RuleIdParams,
  RuleList,
  RuleListQuery,
  RulePatchBody,
} from './rules.schemas.js';
import type { RuleShapeCheck, RulesService } from './rules.service.js';

// A JSON body nested deeper than this is refused before the schema validator walks it.
const MAX_BODY_DEPTH = 40;

function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_BODY_DEPTH) return deepest;
    if (current !== null && typeof current === 'object') {
      for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return deepest;
}

async function refuseDeepBodies(request: FastifyRequest): Promise<void> {
  if (depthOf(request.body) > MAX_BODY_DEPTH) {
    throw validationFailed([{ path: '/body', message: `nests deeper than ${MAX_BODY_DEPTH} levels` }]);
  }
}

/** /api/v1/rules: create, list, get, change (JSON merge patch) and delete redirect rules. */
export async function rulesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: RulesService = app.rules;

  app.post(
    '/api/v1/rules',
    {
      onRequest: app.authenticate(canCreateRule),
      preHandler: app.idempotent,
      preValidation: refuseDeepBodies,
      schema: {
        tags: ['rules'],
        summary: 'Create a rule',
        description:
          'A condition tree (`when`; none means always) and an action (`then`). Checked on write: unknown fields, CIDRs, time zones, weights and targets are 400s with field paths. Accepts an `Idempotency-Key` header.',
        body: RuleCreateBody,
        response: { 201: Rule, ...problemResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const rule = await service.create(request.access, request.body);
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
        description: 'Newest first, a page at a time: pass `nextCursor` back as `cursor`.',
        querystring: RuleListQuery,
        response: { 200: RuleList, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.list(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/rules/:id',
    {
      onRequest: app.authenticate(canViewRules),
      schema: {
        tags: ['rules'],
        summary: 'Get a rule',
        params: RuleIdParams,
        response: { 200: Rule, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => service.get(request.workspace.id, request.params.id),
  );

  app.patch(
    '/api/v1/rules/:id',
    {
      onRequest: app.authenticate(canUpdateRule),
      preValidation: refuseDeepBodies,
      schema: {
        tags: ['rules'],
        summary: 'Change a rule',
        description:
          'A JSON merge patch (RFC 7396): omitted fields stay, `null` removes, objects (`when`, `then`) merge key by key. The merged rule is checked like a new one. Codes using the rule follow the change at once.',
        params: RuleIdParams,
        body: RulePatchBody,
        response: { 200: Rule, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const validate = request.compileValidationSchema(RuleCreateBody);
      const checkShape: RuleShapeCheck = (candidate) =>
        validate(candidate) ? [] : fieldErrorsOf(validate.errors ?? [], '/body');
      return service.update(request.access, request.params.id, request.body, checkShape);
    },
  );

  app.delete(
    '/api/v1/rules/:id',
    {
      onRequest: app.authenticate(canDeleteRule),
      schema: {
        tags: ['rules'],
        summary: 'Delete a rule',
        description: 'The rule is removed from every code that had it.',
        params: RuleIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.delete(request.access, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
