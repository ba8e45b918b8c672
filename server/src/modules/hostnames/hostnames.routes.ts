import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { fieldErrorsOf } from '../../plugins/errors.js';
import { problemResponses } from '../../shared/problem-schema.js';
import type { AppLinksShapeCheck } from './hostnames.app-links.js';
import {
  canCreateHostname,
  canDeleteHostname,
  canUpdateHostname,
  canVerifyHostname,
  canViewHostnames,
} from './hostnames.permissions.js';
import {
  AppLinks,
  Hostname,
  HostnameCreateBody,
  HostnameIdParams,
  HostnameList,
  HostnameListQuery,
  HostnamePatchBody,
} from './hostnames.schemas.js';
import type { HostnamesService } from './hostnames.service.js';

/** /api/v1/hostnames: claim, list, read, change the redirects of, verify and delete custom hostnames. */
export async function hostnamesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: HostnamesService = app.hostnames;

  app.post(
    '/api/v1/hostnames',
    {
      onRequest: app.authenticate(canCreateHostname),
      preHandler: app.idempotent,
      schema: {
        tags: ['hostnames'],
        summary: 'Add a hostname',
        description:
          'Claims a DNS name for the account and answers the two records to publish: the TXT record that proves the name is yours and the CNAME that routes it. Names are stored lower case, in punycode, without a trailing dot. Adding a name the account already has answers 200 with it; a name of another account is a 409. Accepts an `Idempotency-Key` header.',
        body: HostnameCreateBody,
        response: { 200: Hostname, 201: Hostname, ...problemResponses(400, 401, 402, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { hostname, created } = await service.create(request.access, request.body.hostname);
      if (!created) return hostname;
      return reply.code(201).header('location', `/api/v1/hostnames/${hostname.id}`).send(hostname);
    },
  );

  app.get(
    '/api/v1/hostnames',
    {
      onRequest: app.authenticate(canViewHostnames),
      schema: {
        tags: ['hostnames'],
        summary: 'List hostnames',
        description: 'Newest first, a page at a time: pass `nextCursor` back as `cursor`.',
        querystring: HostnameListQuery,
        response: { 200: HostnameList, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.list(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/hostnames/:id',
    {
      onRequest: app.authenticate(canViewHostnames),
      schema: {
        tags: ['hostnames'],
        summary: 'Get a hostname',
        params: HostnameIdParams,
        response: { 200: Hostname, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => service.get(request.workspace.id, request.params.id),
  );

  app.patch(
    '/api/v1/hostnames/:id',
    {
      onRequest: app.authenticate(canUpdateHostname),
      schema: {
        tags: ['hostnames'],
        summary: "Change a hostname's redirects, app links and GS1 resolver mark",
        description:
          'A JSON merge patch (RFC 7396) of `rootRedirect` (where the bare hostname goes), `notFoundRedirect` (where unknown slugs go) and `appLinks` (the apple-app-site-association and assetlinks.json files the hostname serves under /.well-known/) and `gs1Resolver` (every path is a GS1 Digital Link): omitted fields stay, `null` removes. Each app links file may be up to 128 KiB as JSON.',
        params: HostnameIdParams,
        body: HostnamePatchBody,
        response: { 200: Hostname, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const validate = request.compileValidationSchema(AppLinks);
      const checkShape: AppLinksShapeCheck = (candidate, path) =>
        validate(candidate) ? [] : fieldErrorsOf(validate.errors ?? [], path);
      return service.update(request.access, request.params.id, request.body, checkShape);
    },
  );

  app.delete(
    '/api/v1/hostnames/:id',
    {
      onRequest: app.authenticate(canDeleteHostname),
      schema: {
        tags: ['hostnames'],
        summary: 'Delete a hostname',
        description:
          'Frees the name: any account may claim it again. 409 while codes are served on it (move or delete them first).',
        params: HostnameIdParams,
        response: {
          204: Type.Null({ description: 'Deleted' }),
          ...problemResponses(401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await service.delete(request.access, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/hostnames/:id/verify',
    {
      onRequest: app.authenticate(canVerifyHostname),
      schema: {
        tags: ['hostnames'],
        summary: 'Verify a hostname now',
        description:
          'Looks up the TXT, CNAME and CAA records now. The hostname becomes `verified`, or carries a `failure` saying what DNS answered: `txt_missing`, `txt_mismatch`, `routing_mismatch`, `nxdomain`, `caa_forbids` or `resolver_timeout`.',
        params: HostnameIdParams,
        response: { 200: Hostname, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => service.verify(request.access, request.params.id),
  );
}
